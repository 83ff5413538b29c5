// What reaching a price or a market cap would take through a coin's PulseX pools (what-it-takes.ts),
// asked of one coin: the pair page's "what it would take" for a target of the caller's own. Its
// answer is the pair answer's `wouldTake` at the same price (pair-answer.ts wouldTakeAt). Pure.
import { coinDetailSchema, coinIdSchema, amountSchema } from "../coins/schemas";
import { z } from "../shared/zod";
import { typedNumberSchema } from "./choice-schema";
import { MARKET_CAP_RULES, PRICE_RULES } from "./typed-number";

/** A coin and one target: a price in USD, or a market cap (typed as the site's fields take them: "0.05", "100b"). */
export const coinTargetSchema = z
  .strictObject({
    id: coinIdSchema.describe('The coin: its id as PulseCompare writes it (e.g. "hex", "plsx").'),
    price: typedNumberSchema(PRICE_RULES).optional().describe('The target price in USD ("0.05", "$1.50" or a number); or give mcap.'),
    mcap: typedNumberSchema(MARKET_CAP_RULES).optional().describe('The target market cap in USD ("100b", "$2.5t" or a number), on the circulating supply; or give price.'),
  })
  .refine((input) => (input.price === undefined) !== (input.mcap === undefined), { message: "Give one target: a price or a market cap (mcap), not both.", path: ["price"] });
export type CoinTarget = z.output<typeof coinTargetSchema>;

export const whatItTakesAnswerSchema = z.object({
  coin: z.object({ id: coinIdSchema, symbol: z.string(), currentPrice: z.number(), marketCap: z.number() }),
  /** The target as a price, and as a market cap on the coin's circulating supply with the multiplier (null: the coin has no price to scale). */
  target: z.object({ price: z.number(), marketCap: z.number().nullable(), multiplier: z.number().nullable() }),
  /** Net buying (positive) or selling (negative) through the coin's PulseX pools at today's reserves; null: not priced from pools. */
  wouldTake: amountSchema.nullable(),
  /** The pools counted and what moves them 2% (GET /api/cryptocurrencies/{id}'s `depth`). */
  depth: coinDetailSchema.shape.depth,
  /** The page's sentence and what it assumes; null when there is nothing to say (no pools, or the target is today's price). */
  explanation: z.string().nullable(),
});
export type WhatItTakesAnswer = z.infer<typeof whatItTakesAnswerSchema>;
