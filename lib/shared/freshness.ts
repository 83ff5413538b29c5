// When a coin's price counts as stale, and what its badges say. Pure: the caller brings the time.
//
// A price is stale when it is older than STALE_AFTER_MINUTES while the site's freshest live price
// is younger than that: then the sources work and this coin alone is behind. When every price is
// old (the refresh is down for everyone) no coin is singled out: the footer's "Prices updated …"
// says how old they all are. Before any live price every coin carries the seed snapshot, and the
// label already says "snapshot", so nothing is stale.

export const STALE_AFTER_MINUTES = 15;
const STALE_AFTER_MS = STALE_AFTER_MINUTES * 60_000;

type PricedCoin = { priceSource: string; priceUpdatedAt: string };

/**
 * What a page knows when it draws price badges: the freshest live price among all coins (not just
 * the ones shown), the liquidity floor (MARKET_MIN_LIQUIDITY_USD) for the badge's text, and the
 * time of the render. Plain data, so a server page can hand it to a client component.
 */
export type PriceContext = { newestLivePriceAt: string | null; minLiquidityUsd: number; now: number };

/** The newest live price's time among these coins (ISO), or null before any live price. */
export function newestLivePriceAt(coins: readonly PricedCoin[]): string | null {
  let newest: string | null = null;
  for (const coin of coins) {
    // ISO strings from toCoin are all UTC with milliseconds: they sort as text.
    if (coin.priceSource !== "snapshot" && (newest === null || coin.priceUpdatedAt > newest)) newest = coin.priceUpdatedAt;
  }
  return newest;
}

/**
 * The time (ms) before which a price is stale, or null when no price can be: no live price yet,
 * or even the freshest one is STALE_AFTER_MINUTES old.
 */
export function staleBefore(newestLive: string | Date | null, now: number): number | null {
  if (newestLive === null) return null;
  const newest = new Date(newestLive).getTime();
  if (!(now - newest < STALE_AFTER_MS)) return null;
  return now - STALE_AFTER_MS;
}

/** Whole minutes since the coin's price was accepted, when it is stale; null when it is not. */
export function staleMinutes(coin: { priceUpdatedAt: string }, context: Pick<PriceContext, "newestLivePriceAt" | "now">): number | null {
  const cutoff = staleBefore(context.newestLivePriceAt, context.now);
  const at = Date.parse(coin.priceUpdatedAt);
  if (cutoff === null || !(at < cutoff)) return null;
  return Math.floor((context.now - at) / 60_000);
}

/** "16 minutes", "3 hours", "2 days": the age in the unit a reader wants at that size. */
export function formatPriceAge(minutes: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  if (minutes < 120) return plural(minutes, "minute");
  if (minutes < 48 * 60) return plural(Math.floor(minutes / 60), "hour");
  return plural(Math.floor(minutes / (24 * 60)), "day");
}
