// Shapes of the listing form's endpoints (lib/orders): the order a buyer asks a quote for, the
// orders they see, and the slot calendar.
import { LISTING_PLAN_IDS, SLOT_LENGTHS } from "@/lib/orders/catalog";
import { ORDER_STATUSES } from "@/lib/orders/status";
import { coinIdSchema } from "../coins/schemas";
import { addressSchema, isHttpsUrl, logoUrlSchema } from "../listings/schemas";
import { z } from "../shared/zod";
import { rowIdSchema } from "../shared/row-id";
import { dayStart, parseDayKey } from "../shared/utc-day";

/** A UTC calendar day, "2026-12-01", as the Date of its midnight. */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Give a day as YYYY-MM-DD.")
  .transform((value, ctx) => {
    if (parseDayKey(value) === null) {
      ctx.addIssue({ code: "custom", message: `${value} is not a day of the calendar.` });
      return z.NEVER;
    }
    return new Date(dayStart(value));
  });

export const MAX_PROJECT_LINKS = 5;

const projectLinkSchema = z
  .string()
  .trim()
  .max(300, "A link is at most 300 characters.")
  .refine(isHttpsUrl, { message: "A project link is an https:// URL." });

/** POST /api/orders: a plan, a slot, or both, for one token. */
export const createOrderBodySchema = z
  .strictObject({
    tokenAddress: addressSchema,
    plan: z.enum(LISTING_PLAN_IDS).optional(),
    slot: z
      .strictObject({
        days: z.union(SLOT_LENGTHS.map((days) => z.literal(days))),
        startsOn: daySchema,
        /** The listed coin the buyer's token is compared with. */
        against: coinIdSchema,
      })
      .optional(),
    logoUrl: logoUrlSchema.optional(),
    links: z.array(projectLinkSchema).max(MAX_PROJECT_LINKS, `At most ${MAX_PROJECT_LINKS} links.`).optional(),
  })
  .refine((body) => body.plan !== undefined || body.slot !== undefined, { message: "Choose a listing plan, a Homepage Compare slot, or both." });
export type CreateOrderInput = z.input<typeof createOrderBodySchema>;
export type CreateOrderBody = z.output<typeof createOrderBodySchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  tokenAddress: z.string(),
  tokenName: z.string(),
  tokenSymbol: z.string(),
  plan: z.enum(LISTING_PLAN_IDS).nullable(),
  slot: z.object({ days: z.number().int(), startsOn: z.string(), against: coinIdSchema }).nullable(),
  logoUrl: z.string().nullable(),
  links: z.array(z.string()),
  priceUsd: z.number(),
  plsUsd: z.number(),
  /** The exact amount to pay, in wei (a decimal string: it does not fit a JSON number). */
  amountWei: z.string(),
  /** Where to send it. */
  payTo: z.string(),
  quoteExpiresAt: z.string(),
  createdAt: z.string(),
  paymentTx: z.string().nullable(),
  paidWei: z.string().nullable(),
  paidAt: z.string().nullable(),
  statusReason: z.string().nullable(),
  coinId: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

/** GET /api/orders/calendar: free featured seats per UTC day, from today. */
export const slotCalendarSchema = z.object({
  seats: z.number().int(),
  days: z.array(z.object({ day: z.string(), free: z.number().int() })),
});
export type SlotCalendar = z.infer<typeof slotCalendarSchema>;

/** A transaction hash: 0x and 64 hex digits, kept lower-case. */
export const txHashSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, "A transaction hash is 0x followed by 64 hex digits.")
  .transform((value) => value.toLowerCase() as `0x${string}`);

/** POST /api/orders/{id}/payment */
export const submitPaymentBodySchema = z.strictObject({ txHash: txHashSchema });

/** Path parameter of POST /api/orders/{id}/payment. */
export const orderIdSchema = rowIdSchema;
