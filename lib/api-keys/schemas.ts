// Shapes of the API keys' endpoints (issue 55): the body that names a new key, the path's id, and
// the answers the /developers page parses. Never the hash; the secret only in the 201 of its creation.
import { z } from "../shared/zod";
import { API_KEY_PATTERN } from "./key-format";

/** At most this many live keys per wallet (a 409 `too_many_api_keys` beyond); revoked ones do not count. */
export const API_KEY_LIMIT = 5;

export const API_KEY_NAME_MAX = 40;

/** What the wallet calls a key: 1 to 40 characters once trimmed, on one line. */
export const apiKeyNameSchema = z
  .string()
  .trim()
  .min(1, "Give the key a name.")
  .max(API_KEY_NAME_MAX, `A key's name is at most ${API_KEY_NAME_MAX} characters.`)
  .regex(/^[^\p{Cc}]*$/u, "A key's name is one line of text, without control characters.");

// `.strict()`: an unknown field is a mistake worth reporting, not something to drop silently.
export const createApiKeyBodySchema = z.object({ name: apiKeyNameSchema }).strict();
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** Path parameter of DELETE /api/api-keys/{id}: a key's row id (lib/api-keys/key-format.ts generateApiKeyId). */
export const apiKeyIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16}$/);

/** A live key as its wallet sees it: what it is called, how it starts, and its use of its quota. */
export const apiKeyViewSchema = z.object({
  id: apiKeyIdSchema,
  name: z.string(),
  /** The key's first 12 characters ("pcmp_AbCdEfG"): enough to recognise it, not to use it. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  /** Requests counted in the key's current day window (the "api-key" bucket's day rule). */
  usedLastDay: z.number().int().min(0),
  dayLimit: z.number().int().positive(),
  minuteLimit: z.number().int().positive(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;
export const apiKeyListSchema = z.array(apiKeyViewSchema);

/** The 201 of POST /api/api-keys: the only answer that ever carries the key itself. */
export const createdApiKeySchema = apiKeyViewSchema.extend({ secret: z.string().regex(API_KEY_PATTERN) });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
