// Response shapes of the public read API (spec sections 3 and 7), shared by the route
// handlers (which build them) and the client (which parses what it fetches).
import { z } from "../shared/zod";
import { COIN_ID_PATTERN } from "./coin-id";
import { provenanceSchema } from "./provenance-schema";
import { sourceCheckSchema } from "./source-check-schema";
import { SUPPLY_BASES } from "./supply-bases";

/** Which supply a market cap counts (lib/coins/supply-bases.ts), in an answer or a request. */
export const supplyBasisSchema = z.enum(SUPPLY_BASES, { error: "A supply basis is circulating, total or staked." });

/** A figure in dollars and in PLS (null while the PLS price is unknown). */
export const amountSchema = z.object({ usd: z.number(), pls: z.number().nullable() });

export const coinIdSchema = z.string().regex(COIN_ID_PATTERN, "A coin id is 1 to 64 lowercase letters, digits or hyphens.");

export const coinSchema = z.object({
  id: coinIdSchema,
  symbol: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  currentPrice: z.number(),
  marketCap: z.number(),
  priceChange24h: z.number().nullable(),
  rank: z.number().int(),
  chain: z.string(),
  contractAddress: z.string().nullable(),
  circulatingSupply: z.number().nullable(),
  priceSource: z.string(),
  /** Operator-set labels, lowercase ("meme"): the meme table shows coins tagged "meme". */
  tags: z.array(z.string()),
  listedAt: z.iso.datetime(),
  /** When any field of the row last changed (a re-rank or an operator's edit moves it). */
  updatedAt: z.iso.datetime(),
  /**
   * When the current price was accepted from its source: the price's own age, which re-ranks and
   * edits leave alone. A coin never priced since it was listed carries its listing time.
   */
  priceUpdatedAt: z.iso.datetime(),
  /** The last quote came from a pool under the liquidity floor: the price shown is the last good one. */
  lowLiquidity: z.boolean(),
  /** Tracked USD liquidity of the pool the price came from, when the source knows it. */
  liquidityUsd: z.number().nullable(),
  /** All-time-high price and when it was set (null: no price accepted yet). */
  athPrice: z.number().nullable(),
  athAt: z.iso.datetime().nullable(),
  /** All-time-high market cap and when it was set: the target of an "at its all-time high" comparison. */
  athMarketCap: z.number().nullable(),
  athMarketCapAt: z.iso.datetime().nullable(),
  /** The high is that day's price times today's supply (the old supply is unknown). */
  athMarketCapEstimated: z.boolean(),
  /** The Ethereum token (by symbol) this PulseChain token is the fork copy of; null when none. */
  forkOf: z.string().nullable(),
});
export type Coin = z.infer<typeof coinSchema>;

/**
 * One coin's answer (GET /api/cryptocurrencies/{id}): the coin, where its price came from, its
 * last check against a second source, and a move its source reported that waits for the next
 * pass to confirm it (a big move in a thin pool).
 */
export const coinDetailSchema = coinSchema.extend({
  provenance: provenanceSchema.nullable(),
  /** The price's last check against a second source (DexScreener; CoinGecko for PLS). */
  sourceCheck: sourceCheckSchema.nullable(),
  heldBack: z.object({ price: z.number(), since: z.iso.datetime() }).nullable(),
  /** How the circulating supply is counted, where it needs saying (HEX: liquid HEX only). */
  supplyNote: z.string().nullable(),
  /**
   * Set while the token is quarantined (since when): its own contract failed the price read 3
   * refresh passes in a row, so it is asked at most once an hour and the price shown is its last
   * good one (from `priceUpdatedAt`). Null otherwise.
   */
  contractFailing: z.object({ since: z.iso.datetime() }).nullable(),
  /**
   * The coin's PulseX pools at the last pass's block (lib/coins/what-it-takes.ts): how many, what
   * they hold, and the net buying and selling that would move the price 2% at those reserves, in
   * USD and PLS. Null for coins not priced from pools, for WPLS, and before a pass kept the pools.
   */
  depth: z
    .object({
      pools: z.number().int().positive(),
      poolLiquidity: amountSchema,
      buyToRise2Pct: amountSchema,
      sellToFall2Pct: amountSchema,
    })
    .nullable(),
  /**
   * The coin's market cap on each supply basis it has (lib/coins/supply-bases.ts), circulating
   * (today's figure) first: "total" counts the burn addresses' holdings, "staked" (HEX) the HEX in
   * stakes. Only circulating when no other basis differs or was read; empty without a circulating supply.
   */
  supplyBases: z.array(z.object({ basis: supplyBasisSchema, supply: z.number(), marketCap: z.number() })),
});
export type CoinDetail = z.infer<typeof coinDetailSchema>;

export const coinListSchema = z.array(coinSchema);

/**
 * Two different coins, coin 1 at coin 2's market cap: the body of POST /api/comparisons (count a
 * comparison) and POST /api/saved-comparisons. `.strict()`: an unknown field is a mistake worth
 * reporting, not something to drop silently.
 */
export const coinPairBodySchema = z
  .object({ coin1Id: coinIdSchema, coin2Id: coinIdSchema })
  .strict()
  .refine((body) => body.coin1Id !== body.coin2Id, {
    message: "coin1Id and coin2Id must be two different coins.",
    path: ["coin2Id"],
  });

/** One entry of GET /api/trending/most-compared: an ordered pair and how often it was compared and saved. */
export const mostComparedPairSchema = z.object({
  rank: z.number().int().min(1),
  coin1: coinSchema,
  coin2: coinSchema,
  comparisons: z.number().int().min(0),
  saves: z.number().int().min(0),
});
export type MostComparedPair = z.infer<typeof mostComparedPairSchema>;
export const mostComparedPairListSchema = z.array(mostComparedPairSchema);

export const featuredComparisonSchema = z.object({
  id: z.number().int(),
  coin1: coinSchema,
  coin2: coinSchema,
  multiplier: z.number(),
  projectedPrice: z.number(),
  isPromoted: z.boolean(),
  /** The promo card is drawn by the client; featured rows from the API are never adverts. */
  isAdvertise: z.literal(false),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime().nullable(),
});
export type FeaturedComparison = z.infer<typeof featuredComparisonSchema>;
export const featuredComparisonListSchema = z.array(featuredComparisonSchema);

export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

// Query strings. `.strict()` turns an unknown parameter into a 400 rather than silently
// ignoring a typo such as ?limt=5.
const limit = (max: number) => z.coerce.number().int("limit must be a whole number").min(1).max(max);

/** Paging in CoinGecko's `coins/markets` convention: `per_page` 1-250 (default 100), `page` from 1. */
export const MAX_PER_PAGE = 250;
export const DEFAULT_PER_PAGE = 100;

export const coinListQuerySchema = z
  .object({
    ids: z
      .string()
      .transform((value) => value.split(",").map((id) => id.trim()))
      .pipe(z.array(coinIdSchema).min(1).max(100))
      .optional(),
    per_page: z.coerce.number().int("per_page must be a whole number").min(1).max(MAX_PER_PAGE).optional(),
    // 1,000,000 pages of 250 is far beyond any coin list; the cap only keeps the number sane.
    page: z.coerce.number().int("page must be a whole number").min(1).max(1_000_000).optional(),
  })
  .strict();

export const trendingQuerySchema = z.object({ limit: limit(100).optional() }).strict();
export const coinIndexQuerySchema = z.object({ v: z.string().max(64).optional() }).strict();
