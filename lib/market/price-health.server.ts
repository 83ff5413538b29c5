// The price side of GET /api/health: how old the freshest and stalest prices are, how many coins
// the site shows as stale or low-liquidity (or quarantined), and the last PLS cross-check against
// CoinGecko. Per request it reads three rows whatever the number of coins: the newest price (by the
// priceUpdatedAt index: what "stale" is decided on, so it is always current), and two market state
// rows, the counts the last refresh pass took (lib/market/health-counts.server.ts) and the cross-check.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { readMarketState } from "@/lib/market/state.server";
import type { Health } from "@/lib/market/health-schema";

export async function readPriceHealth(db: PrismaClient, now: number): Promise<Omit<Health, "status" | "database" | "staleAfterSeconds">> {
  const newest = await db.coin.findFirst({ where: { priceUpdatedAt: { not: null } }, orderBy: { priceUpdatedAt: "desc" }, select: { priceUpdatedAt: true } });
  const counts = await readMarketState(db, "health-counts");
  const newestPrice = newest?.priceUpdatedAt?.toISOString() ?? null;
  // A price written since the pass counted (an operator's correction) is fresher than its freshest.
  const freshest = [counts?.freshest ?? null, newestPrice].reduce<string | null>((a, b) => (!a ? b : !b ? a : a > b ? a : b), null);
  const age = (iso: string | null) => (iso ? Math.round((now - Date.parse(iso)) / 1000) : null);
  return {
    prices: {
      countedAt: counts?.countedAt ?? null,
      freshest,
      freshestAgeSeconds: age(freshest),
      newestPriceAgeSeconds: age(newestPrice),
      stalest: counts?.stalest ?? null,
      stalestAgeSeconds: age(counts?.stalest ?? null),
      staleCoins: counts?.staleCoins ?? null,
      lowLiquidityCoins: counts?.lowLiquidityCoins ?? null,
      sourcesDisagreeCoins: counts?.sourcesDisagreeCoins ?? null,
      quarantinedCoins: counts?.quarantinedCoins ?? null,
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
