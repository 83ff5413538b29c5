// What GET /api/oembed takes and answers (oEmbed 1.0's request and `rich` response: https://oembed.com
// sections 2.2 and 2.3.4), as zod: the contract's declaration (./endpoints.ts) and the pure answer
// (./oembed.ts) share it. Pure.
import { z } from "../shared/zod";

/** A size limit in CSS pixels: a positive whole number. */
const limit = (name: string) => z.coerce.number().int(`${name} must be a whole number of pixels`).positive(`${name} must be at least 1`);

/**
 * Not strict: the spec has a provider ignore the arguments it does not expect, so an unknown
 * parameter is dropped rather than refused. `format` is any text: one this API cannot answer in
 * is the spec's 501, not a malformed query.
 */
export const oembedQuerySchema = z.object({
  url: z.string().min(1, "url is required").max(2048, "url is longer than 2048 characters"),
  format: z.string().max(32).optional(),
  maxwidth: limit("maxwidth").optional(),
  maxheight: limit("maxheight").optional(),
});
export type OembedQuery = z.output<typeof oembedQuerySchema>;

const pixels = z.number().int().positive();

export const oembedAnswerSchema = z.object({
  version: z.literal("1.0"),
  type: z.literal("rich"),
  title: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  /** Seconds a consumer may keep the answer. */
  cache_age: z.number().int().positive(),
  /** An iframe of the card, and nothing that runs script. */
  html: z.string(),
  width: pixels,
  height: pixels,
  // All three or none (the spec).
  thumbnail_url: z.string().optional(),
  thumbnail_width: pixels.optional(),
  thumbnail_height: pixels.optional(),
});
export type OembedAnswer = z.output<typeof oembedAnswerSchema>;
