// The bodies of GET /api/health and GET /api/health/live. /api/health is what an uptime monitor
// alerts on: 200 "ok" while the site serves fresh prices; 503 "stale" (the same report) when the
// newest price is older than HEALTH_STALE_AFTER_MINUTES, "draining" while the server shuts down,
// "error" when the database does not answer. Each 503 also carries the API's error
// ({ error: { code, message } }). /api/health/live is for container restarts: 200 while the
// process and its database answer, whatever the prices' age.
import { z } from "../shared/zod";

/**
 * PLS priced on-chain against CoinGecko's PLS price, as the last refresh pass stored it: the
 * shape of the "pls-cross-check" market state too (lib/market/state.server.ts stores it with this schema).
 */
export const plsCrossCheckSchema = z.object({
  onchainUsd: z.number(),
  coingeckoUsd: z.number(),
  /** (onchain / coingecko - 1) * 100. */
  differencePct: z.number(),
  /** Within the tolerance (3%, lib/market/pass/cross-check.ts). */
  agrees: z.boolean(),
  checkedAt: z.iso.datetime(),
});

const isoOrNull = z.iso.datetime().nullable();
const secondsOrNull = z.number().int().nullable();
const count = z.number().int().min(0);

/**
 * What the refresh pass counts over every coin at its end (lib/market/health-counts.server.ts),
 * stored as the "health-counts" market state, so that /api/health reads one row instead of
 * counting the coin table on every monitor hit. As of `countedAt`.
 */
export const healthCountsSchema = z.object({
  countedAt: z.iso.datetime(),
  /** The newest and oldest price time (a coin never priced counts from its listing). */
  freshest: isoOrNull,
  stalest: isoOrNull,
  staleCoins: count,
  lowLiquidityCoins: count,
  sourcesDisagreeCoins: count,
  quarantinedCoins: count,
});
export type HealthCounts = z.infer<typeof healthCountsSchema>;

export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.literal("ok"),
  /**
   * Price ages by priceUpdatedAt (when each price was accepted), never by the row's updatedAt.
   * `newestPriceAgeSeconds` is read per request (one indexed row); `stalest` and the counts are as
   * the last refresh pass counted them, at `countedAt` (null, with null counts, before the first
   * pass); `freshest` is the later of the pass's and the newest price now. Ages are to now.
   */
  prices: z.object({
    /** When the last refresh pass counted (lib/market/health-counts.server.ts); null: no pass has yet. */
    countedAt: isoOrNull,
    freshest: isoOrNull,
    freshestAgeSeconds: secondsOrNull,
    /**
     * The age of the newest accepted price (a listed coin never priced does not count, unlike in
     * `freshest`): what "stale" is decided on. Null when no coin has a price.
     */
    newestPriceAgeSeconds: secondsOrNull,
    stalest: isoOrNull,
    stalestAgeSeconds: secondsOrNull,
    /** Coins the site shows as 'stale' now (lib/shared/freshness.ts): 0 while every price is old alike. */
    staleCoins: count.nullable(),
    /** Coins whose last quote came from a pool under the liquidity floor. */
    lowLiquidityCoins: count.nullable(),
    /** Coins whose published price and a second source's were more than the tolerance apart at the last check. */
    sourcesDisagreeCoins: count.nullable(),
    /**
     * Tokens quarantined because their own contract failed the read 3 passes in a row
     * (lib/market/pass/quarantine.ts): asked at most once an hour, their last good price kept.
     */
    quarantinedCoins: count.nullable(),
  }),
  /** HEALTH_STALE_AFTER_MINUTES in seconds: past it (or with no price at all) the answer is 503 "stale". */
  staleAfterSeconds: z.number().int().min(0),
  /** Null until a refresh pass has compared PLS with CoinGecko. */
  plsCrossCheck: plsCrossCheckSchema.nullable(),
});
export type Health = z.infer<typeof healthSchema>;

const apiError = <C extends string>(code: C) => z.object({ code: z.literal(code), message: z.string() });

/** The 503s of GET /api/health (lib/api/error-codes.ts has both codes at 503). */
export const healthUnavailableSchema = z.discriminatedUnion("status", [
  healthSchema.extend({ status: z.literal("stale"), error: apiError("service_unavailable") }),
  z.object({ status: z.literal("draining"), error: apiError("service_unavailable") }),
  z.object({ status: z.literal("error"), database: z.literal("unreachable"), error: apiError("database_unavailable") }),
]);
export type HealthUnavailable = z.infer<typeof healthUnavailableSchema>;

/** GET /api/health/live: 200 this, or 503 "error" (database unreachable, as above). */
export const healthLiveSchema = z.object({ status: z.literal("ok"), database: z.literal("ok") });
