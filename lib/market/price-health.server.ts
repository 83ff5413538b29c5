// The price side of GET /api/health: how old the freshest and stalest prices are, how many coins
// the site shows as stale or low-liquidity (or quarantined), and the last PLS cross-check against CoinGecko.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { readMarketState } from "@/lib/market/state.server";
import type { Health } from "@/lib/market/health-schema";
import { staleBefore } from "../shared/freshness";

type Range = { min: Date | null; max: Date | null };

export async function readPriceHealth(db: PrismaClient, now: number): Promise<Omit<Health, "status" | "database" | "staleAfterSeconds">> {
  // A coin without priceUpdatedAt (listed and never priced since) counts from its listing, as
  // toCoin shows it: two ranges, merged.
  const priced = await db.coin.aggregate({ where: { priceUpdatedAt: { not: null } }, _min: { priceUpdatedAt: true }, _max: { priceUpdatedAt: true } });
  const unpriced = await db.coin.aggregate({ where: { priceUpdatedAt: null }, _min: { listedAt: true }, _max: { listedAt: true } });
  const range = merge({ min: priced._min.priceUpdatedAt, max: priced._max.priceUpdatedAt }, { min: unpriced._min.listedAt, max: unpriced._max.listedAt });

  const newestLive = await db.coin.aggregate({ where: { priceSource: { not: "snapshot" } }, _max: { priceUpdatedAt: true } });
  const cutoff = staleBefore(newestLive._max.priceUpdatedAt, now);
  const staleCoins =
    cutoff === null
      ? 0
      : await db.coin.count({
          where: { OR: [{ priceUpdatedAt: { lt: new Date(cutoff) } }, { priceUpdatedAt: null, listedAt: { lt: new Date(cutoff) } }] },
        });
  const lowLiquidityCoins = await db.coin.count({ where: { lowLiquidity: true } });
  const sourcesDisagreeCoins = await db.coin.count({ where: { sourcesDisagree: true } });
  const quarantinedCoins = await db.coin.count({ where: { quarantinedAt: { not: null } } });

  const age = (date: Date | null) => (date ? Math.round((now - date.getTime()) / 1000) : null);
  return {
    prices: {
      freshest: range.max?.toISOString() ?? null,
      freshestAgeSeconds: age(range.max),
      newestPriceAgeSeconds: age(priced._max.priceUpdatedAt),
      stalest: range.min?.toISOString() ?? null,
      stalestAgeSeconds: age(range.min),
      staleCoins,
      lowLiquidityCoins,
      sourcesDisagreeCoins,
      quarantinedCoins,
    },
    plsCrossCheck: await readMarketState(db, "pls-cross-check"),
  };
}

/**
 * Whether the prices count as stale for the health check: the newest accepted price is older than
 * the bound, or no coin has a price at all. Not staleCoins, which compares coins with the newest
 * live price and so is 0 when every price is old alike, the very case an alert is for.
 */
export function pricesAreStale(prices: Pick<Health["prices"], "newestPriceAgeSeconds">, staleAfterSeconds: number): boolean {
  return prices.newestPriceAgeSeconds === null || prices.newestPriceAgeSeconds > staleAfterSeconds;
}

function merge(a: Range, b: Range): Range {
  const pick = (x: Date | null, y: Date | null, later: boolean) => (!x ? y : !y ? x : (x > y) === later ? x : y);
  return { min: pick(a.min, b.min, false), max: pick(a.max, b.max, true) };
}
