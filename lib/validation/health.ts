// The body of GET /api/health (a 200; a 503 says only { status: "error", database: "unreachable" }).
import { z } from "./zod";

/**
 * PLS priced on-chain against CoinGecko's PLS price, as the last refresh pass stored it: the
 * shape of the "pls-cross-check" market state too (lib/market/state.server.ts stores it with this schema).
 */
export const plsCrossCheckSchema = z.object({
  onchainUsd: z.number(),
  coingeckoUsd: z.number(),
  /** (onchain / coingecko - 1) * 100. */
  differencePct: z.number(),
  /** Within the tolerance (3%, lib/market/cross-check.ts). */
  agrees: z.boolean(),
  checkedAt: z.iso.datetime(),
});

const isoOrNull = z.iso.datetime().nullable();
const secondsOrNull = z.number().int().nullable();

export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.literal("ok"),
  /** Price ages by priceUpdatedAt (when each price was accepted), never by the row's updatedAt. */
  prices: z.object({
    freshest: isoOrNull,
    freshestAgeSeconds: secondsOrNull,
    stalest: isoOrNull,
    stalestAgeSeconds: secondsOrNull,
    /** Coins the site shows as 'stale' now (lib/coins/freshness.ts): 0 while every price is old alike. */
    staleCoins: z.number().int().min(0),
    /** Coins whose last quote came from a pool under the liquidity floor. */
    lowLiquidityCoins: z.number().int().min(0),
    /** Coins whose published price and a second source's were more than the tolerance apart at the last check. */
    sourcesDisagreeCoins: z.number().int().min(0),
    /**
     * Tokens quarantined because their own contract failed the read 3 passes in a row
     * (lib/market/quarantine.ts): asked at most once an hour, their last good price kept.
     */
    quarantinedCoins: z.number().int().min(0),
  }),
  /** Null until a refresh pass has compared PLS with CoinGecko. */
  plsCrossCheck: plsCrossCheckSchema.nullable(),
});
export type Health = z.infer<typeof healthSchema>;
