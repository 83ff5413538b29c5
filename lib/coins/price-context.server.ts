// What a server page hands its price badges (components/shell/price-badges.tsx).
import "server-only";
import { getEnv } from "../config/env";
import type { PriceContext } from "../shared/freshness";
import { getCoinSnapshot } from "./snapshot.server";

/**
 * The freshest live price among all coins (from the cached snapshot), the liquidity floor, and
 * `now`: the time of this render. A cached page keeps the badges of its render until it is rebuilt
 * (docs/caching.md: within the minute), so they are right to within that interval.
 */
export async function getPriceContext(): Promise<PriceContext> {
  const { newestLivePriceAt } = await getCoinSnapshot();
  return { newestLivePriceAt, minLiquidityUsd: getEnv().MARKET_MIN_LIQUIDITY_USD, now: Date.now() };
}
