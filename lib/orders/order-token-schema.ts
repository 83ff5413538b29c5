// Shapes of the listing form's token check (GET /api/orders/token): which token the buyer pasted,
// read as the operator's listing preview reads it, and what the form may offer for it.
import { coinIdSchema } from "../coins/schemas";
import { addressSchema, listingPreviewSchema } from "../listings/schemas";
import { z } from "../shared/zod";

/**
 * The Listing Form's ?token=0x… (the Telegram Listing Bot's button): the address, checksummed, to
 * fill in and check on arrival; a missing, repeated or malformed one is ignored.
 */
export function tokenParam(value: string | string[] | undefined): string | undefined {
  const parsed = addressSchema.safeParse(value);
  return typeof value === "string" && parsed.success ? parsed.data : undefined;
}

/** GET /api/orders/token?address=0x… */
export const orderTokenQuerySchema = z.strictObject({ address: addressSchema });

/**
 * A token not listed yet, over the liquidity floor: a listing plan (and a slot) can be quoted.
 * The operator's preview of it, less what only the operator needs (the id it would get now).
 */
const newTokenSchema = listingPreviewSchema.omit({ id: true, cleaned: true }).extend({ kind: z.literal("new") });

/** A token the site lists already: no listing plan (refused in these words), a slot alone. */
const listedTokenSchema = z.object({
  kind: z.literal("listed"),
  contractAddress: z.string(),
  coinId: coinIdSchema,
  name: z.string(),
  symbol: z.string(),
  /** Why a listing plan would be refused: the quote's own words (409 already_listed). */
  planRefusal: z.string(),
});

export const orderTokenSchema = z.discriminatedUnion("kind", [newTokenSchema, listedTokenSchema]);
export type OrderToken = z.infer<typeof orderTokenSchema>;
export type NewOrderToken = z.infer<typeof newTokenSchema>;
export type ListedOrderToken = z.infer<typeof listedTokenSchema>;
