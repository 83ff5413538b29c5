// Pure rules for turning a source's quote into what the site publishes (no I/O): the market cap
// when the source has none, the 24h change from an older snapshot, and the guard that holds back
// a wild move from a thin pool instead of showing it.

/** A pool with less USD liquidity than this is "thin": one trade can move its price a lot. */
export const THIN_LIQUIDITY_USD = 25_000;
/** A price that moves more than this factor (either way) in one pass from a thin pool is held back. */
export const MAX_THIN_MOVE = 50;

type Previous = { currentPrice: number; marketCap: number; circulatingSupply: number | null; priceSource: string };

/**
 * Whether a source's market cap (and supply) describes this coin. PLS is quoted through WPLS on
 * the DEX sources, and WPLS's market cap covers only the wrapped supply; a token quoted by its own
 * contract, or a CoinGecko id, is the coin itself.
 */
export function quoteIsForThisCoin(coin: { quoteSource: string | null; quoteId: string | null; contractAddress: string | null }): boolean {
  if (coin.quoteSource === "coingecko") return true;
  return coin.quoteId?.toLowerCase() === coin.contractAddress?.toLowerCase();
}

/**
 * Coin.burnAddresses (a JSON array of addresses) as a list; undefined when unset or unreadable,
 * which means the source's default burn set.
 */
export function parseBurnAddresses(stored: string | null): string[] | undefined {
  if (!stored) return undefined;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((item) => typeof item === "string" && /^0x[0-9a-fA-F]{40}$/.test(item))) return parsed;
  } catch {
    // Fall through: a malformed value must not stop the pass; the default set applies.
  }
  return undefined;
}

/** The source's market cap, else price × circulating supply, else the previous cap scaled by the move. */
export function deriveMarketCap(price: number, quoteMarketCap: number | null, previous: Previous): number | null {
  if (quoteMarketCap !== null && Number.isFinite(quoteMarketCap) && quoteMarketCap > 0) return quoteMarketCap;
  if (previous.circulatingSupply && previous.circulatingSupply > 0) return price * previous.circulatingSupply;
  if (previous.currentPrice > 0 && previous.marketCap > 0) return previous.marketCap * (price / previous.currentPrice);
  return null;
}

/**
 * Why a quote must not be published, or null when it may be. Only a move against a price a live
 * source published counts: the seed snapshot's figures are illustrative, not a market.
 */
export function holdBackReason(price: number, liquidityUsd: number | null, previous: Previous): string | null {
  if (previous.priceSource === "snapshot" || !(previous.currentPrice > 0)) return null;
  const thin = liquidityUsd !== null && liquidityUsd < THIN_LIQUIDITY_USD;
  if (!thin) return null;
  const factor = Math.max(price / previous.currentPrice, previous.currentPrice / price);
  if (factor <= MAX_THIN_MOVE) return null;
  return `price moved ${factor.toFixed(0)}x (${previous.currentPrice} -> ${price}) in a pool with $${Math.round(liquidityUsd!)} liquidity`;
}

/** Percent change from `then` to `now`; null without a usable earlier price. */
export function percentChange(now: number, then: number | null | undefined): number | null {
  if (!then || !(then > 0)) return null;
  return (now / then - 1) * 100;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Snapshots younger than this are all kept; older ones are thinned. */
export const THIN_AFTER_MS = 2 * DAY_MS;
/** Snapshots older than this keep one per day (younger ones, one per hour). */
export const DAILY_AFTER_MS = 30 * DAY_MS;

/**
 * Which snapshots to keep when thinning: everything from the last 2 days, the first of each hour
 * up to 30 days, the first of each day before that. Input sorted by takenAt; returns ids to delete.
 */
export function snapshotsToThin(snapshots: readonly { id: number; coinId: string; takenAt: Date }[], now: Date): number[] {
  const seen = new Set<string>();
  const remove: number[] = [];
  for (const snapshot of snapshots) {
    const age = now.getTime() - snapshot.takenAt.getTime();
    if (age <= THIN_AFTER_MS) continue;
    const time = snapshot.takenAt.getTime();
    const bucket = age <= DAILY_AFTER_MS ? Math.floor(time / HOUR_MS) : `d${Math.floor(time / DAY_MS)}`;
    const key = `${snapshot.coinId}:${bucket}`;
    if (seen.has(key)) remove.push(snapshot.id);
    else seen.add(key);
  }
  return remove;
}
