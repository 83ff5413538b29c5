// GET /api/pairs/{coin1}/{coin2} (issue 43): one comparison answered whole, for the API's readers
// (bots, other sites): coin 1 at coin 2's market cap today and at its high, what each target
// would take through coin 1's PulseX pools, the ladder of targets, each coin on a supply basis.
import { amountSchema, coinSchema, supplyBasisSchema as basisSchema } from "../coins/schemas";
import { z } from "../shared/zod";

export const pairQuerySchema = z.object({ supply1: basisSchema.optional(), supply2: basisSchema.optional() }).strict();

/** Coin 1 at one target: the target's market cap, the multiplier, the price, and what it would take (null: not priced from pools). */
export const targetAnswerSchema = z.object({
  targetMarketCap: z.number(),
  multiplier: z.number(),
  projectedPrice: z.number(),
  /** Net buying (positive) or selling (negative) through coin 1's PulseX pools, at today's reserves. */
  wouldTake: amountSchema.nullable(),
});

export const pairAnswerSchema = z.object({
  coin1: coinSchema,
  coin2: coinSchema,
  /** The supply each coin's market cap counts here (lib/coins/supply-bases.ts), and that market cap. */
  supply: z.object({
    coin1: z.object({ basis: basisSchema, marketCap: z.number() }),
    coin2: z.object({ basis: basisSchema, marketCap: z.number() }),
  }),
  /** Null with the reason when the coins cannot be compared (the spec's message). */
  today: targetAnswerSchema.nullable(),
  /** Coin 2's all-time-high market cap as recorded (its circulating supply then); null without one. */
  ath: targetAnswerSchema.extend({ at: z.iso.datetime().nullable(), estimated: z.boolean() }).nullable(),
  failure: z.string().nullable(),
  /** Coin 1 at 10% to 500% of coin 2's market cap (null when not comparable); `progress`: coin 1's market cap as a share of coin 2's. */
  ladder: z
    .object({
      progress: z.number(),
      steps: z.array(z.object({ share: z.number(), marketCap: z.number(), price: z.number(), multiplier: z.number(), wouldTake: amountSchema.nullable() })),
    })
    .nullable(),
});
export type PairAnswer = z.infer<typeof pairAnswerSchema>;
export type TargetAnswer = z.infer<typeof targetAnswerSchema>;

/**
 * The pair answered at the target chosen the pair page's way (choice-schema.ts): coin 2's market
 * cap today or at its high (the answer's own figures), a typed market cap, or coin 2's market cap
 * on a day of its stored history; and what an amount of coin 1 is worth today and there. For the
 * MCP server's `compare` tool (lib/mcp), which answers the pair's figures beside it unchanged.
 */
export const chosenTargetSchema = z.object({
  target: z.enum(["today", "ath", "cap", "date"]),
  /** The date target's day (YYYY-MM-DD); null for the others. */
  day: z.string().nullable(),
  /** The day's market cap is from the seed's invented history, not a real price. */
  sample: z.boolean(),
  /** Null with the reason (the page's words) when coin 1 cannot be valued there. */
  answer: targetAnswerSchema.nullable(),
  failure: z.string().nullable(),
});
export type ChosenTarget = z.infer<typeof chosenTargetSchema>;

export const chosenPairAnswerSchema = pairAnswerSchema.extend({
  chosen: chosenTargetSchema,
  /** `hold` coins of coin 1, worth (USD) today and at the chosen target (null: no figure there). */
  holding: z.object({ amount: z.number(), worthToday: z.number(), worthAtTarget: z.number().nullable() }).nullable(),
});
export type ChosenPairAnswer = z.infer<typeof chosenPairAnswerSchema>;
