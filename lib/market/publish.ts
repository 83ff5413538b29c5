// Pure rules for turning a source's quote into what the site publishes (no I/O): the liquidity
// floor, the guard that holds a big move from a thin pool until the next pass confirms it, the
// market cap when the source has none, all-time highs, the 24h change, and snapshot thinning.

/** Sources whose quotes come from one DEX pool, so its depth decides whether the price is real. */
const DEX_SOURCES: ReadonlySet<string> = new Set(["pulsex", "dexscreener"]);

/**
 * True when a DEX quote's pool is under the floor (MARKET_MIN_LIQUIDITY_USD): one small trade can
 * set its price, so the coin keeps its last good price and leaves the rankings. An unknown
 * liquidity counts as under: the source could not show the pool is deep.
 */
export function underLiquidityFloor(source: string, liquidityUsd: number | null, floorUsd: number): boolean {
  if (!DEX_SOURCES.has(source)) return false;
  return liquidityUsd === null || !Number.isFinite(liquidityUsd) || liquidityUsd < floorUsd;
}

/** A pool with less USD liquidity than this is thin enough that a big move must be confirmed. */
export const BIG_MOVE_POOL_USD = 50_000;
/** A move by more than this factor (either way) from a thin pool is held for confirmation. */
export const BIG_MOVE_FACTOR = 5;
/**
 * The confirming quote must lie within this factor of the pending one: a pool that stays near
 * its new level confirms it, one that keeps swinging does not (it replaces the pending price).
 */
export const CONFIRM_TOLERANCE = 2;
/**
 * A pending price older than this cannot confirm (it is replaced instead): "the next consecutive
 * pass" with passes every 5 minutes, with room for one skipped or slow pass.
 */
export const PENDING_MAX_AGE_MS = 15 * 60_000;

export type PendingMove = { pendingPrice: number | null; pendingSince: Date | null };
export type MoveDecision =
  | { kind: "publish"; confirmed: boolean }
  | { kind: "hold"; pendingPrice: number; pendingSince: Date; reason: string };

const moveFactor = (from: number, to: number) => Math.max(to / from, from / to);

/**
 * Whether a quote publishes or is held. A move over 5x against the published price (the seed
 * snapshot's too) from a pool under $50,000 is held as pending; the next pass publishes it when
 * its own quote also moved over 5x the same way and lies within 2x of the pending price. Any
 * other outcome replaces the pending price (another big move) or clears it (a normal quote
 * publishes), so nothing stays held for longer than one pass.
 */
export function decideMove(
  quote: { price: number; liquidityUsd: number | null },
  published: { currentPrice: number } & PendingMove,
  now: Date,
): MoveDecision {
  const thin = quote.liquidityUsd !== null && quote.liquidityUsd < BIG_MOVE_POOL_USD;
  if (!thin || !(published.currentPrice > 0)) return { kind: "publish", confirmed: false };
  const factor = moveFactor(published.currentPrice, quote.price);
  if (factor <= BIG_MOVE_FACTOR) return { kind: "publish", confirmed: false };

  const { pendingPrice, pendingSince } = published;
  const up = quote.price > published.currentPrice;
  const pendingConfirms =
    pendingPrice !== null &&
    pendingPrice > 0 &&
    pendingSince !== null &&
    now.getTime() - pendingSince.getTime() <= PENDING_MAX_AGE_MS &&
    (pendingPrice > published.currentPrice) === up &&
    moveFactor(published.currentPrice, pendingPrice) > BIG_MOVE_FACTOR &&
    moveFactor(pendingPrice, quote.price) <= CONFIRM_TOLERANCE;
  if (pendingConfirms) return { kind: "publish", confirmed: true };

  const liquidity = Math.round(quote.liquidityUsd!);
  return {
    kind: "hold",
    pendingPrice: quote.price,
    pendingSince: now,
    reason: `price moved ${factor.toFixed(0)}x (${published.currentPrice} -> ${quote.price}) in a pool with $${liquidity} liquidity; waiting for the next pass to confirm`,
  };
}

export type AllTimeHigh = {
  athPrice: number | null;
  athMarketCap: number | null;
  athAt: Date | null;
  athMarketCapAt: Date | null;
  athMarketCapEstimated: boolean;
};

/**
 * The all-time highs after a price taken at `at`: each raised when the new figure is above it
 * (the market cap independently, as supply changes move it apart from the price), with the time
 * it was set. `estimated`: this market cap is that price times today's supply (price-only
 * history), not a market cap known at the time. Never lowered.
 */
export function raiseAllTimeHigh(previous: AllTimeHigh, price: number, marketCap: number, at: Date, estimated = false): Required<{ [K in keyof AllTimeHigh]: NonNullable<AllTimeHigh[K]> }> {
  const newPriceHigh = previous.athPrice === null || price > previous.athPrice;
  const newCapHigh = previous.athMarketCap === null || marketCap > previous.athMarketCap;
  return {
    athPrice: newPriceHigh ? price : previous.athPrice!,
    // A high stored without its date (only by hand, or from before the column) gets this one.
    athAt: newPriceHigh ? at : (previous.athAt ?? at),
    athMarketCap: newCapHigh ? marketCap : previous.athMarketCap!,
    athMarketCapAt: newCapHigh ? at : (previous.athMarketCapAt ?? previous.athAt ?? at),
    athMarketCapEstimated: newCapHigh ? estimated : previous.athMarketCapEstimated,
  };
}

/** The 24h change from the site's own snapshot when there is one near 24 h ago, else the source's. */
export function chooseChange24h(price: number, ownReference: number | null | undefined, sourceChange: number | null): number | null {
  const own = percentChange(price, ownReference);
  if (own !== null) return own;
  return sourceChange !== null && Number.isFinite(sourceChange) ? sourceChange : null;
}

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
export function deriveMarketCap(
  price: number,
  quoteMarketCap: number | null,
  previous: { currentPrice: number; marketCap: number; circulatingSupply: number | null },
): number | null {
  if (quoteMarketCap !== null && Number.isFinite(quoteMarketCap) && quoteMarketCap > 0) return quoteMarketCap;
  if (previous.circulatingSupply && previous.circulatingSupply > 0) return price * previous.circulatingSupply;
  if (previous.currentPrice > 0 && previous.marketCap > 0) return previous.marketCap * (price / previous.currentPrice);
  return null;
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
