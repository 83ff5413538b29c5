// Pure rules for turning a source's quote into what the site publishes (no I/O): the liquidity
// floor, the guards that hold a big move from a thin pool, and a big change of the circulating
// supply, until the next pass confirms it, the market cap when the source has none, all-time
// highs, the 24h change, and snapshot thinning.
import { BIG_MOVE_FACTOR, BIG_MOVE_POOL_USD } from "../../coins/big-move";
import { DAY_MS } from "../../shared/utc-day";

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
 *
 * The pool's depth is the lower of its liquidity at the last published price
 * (`published.liquidityUsd`, written with every published price) and its liquidity now. Now's
 * alone would let a pump through: the attacker's own capital is in it (a 12x pump bought into a
 * $16,000 pool leaves it holding about $55,000, much of it the attacker's WPLS), while the depth
 * before the move is what it cost to make. Now's counts too, for a pool drained since. A coin
 * with no earlier figure (never priced from a pool) is judged on now's.
 */
export function decideMove(
  quote: { price: number; liquidityUsd: number | null },
  published: { currentPrice: number; liquidityUsd: number | null } & PendingMove,
  now: Date,
): MoveDecision {
  // No figure now (a CoinGecko quote): not a pool, no guard.
  if (quote.liquidityUsd === null) return { kind: "publish", confirmed: false };
  const before = published.liquidityUsd;
  const depth = before !== null && Number.isFinite(before) ? Math.min(before, quote.liquidityUsd) : quote.liquidityUsd;
  const thin = depth < BIG_MOVE_POOL_USD;
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

  const pool = depth < quote.liquidityUsd ? `$${Math.round(depth)} liquidity before the move ($${Math.round(quote.liquidityUsd)} after it)` : `$${Math.round(depth)} liquidity`;
  return {
    kind: "hold",
    pendingPrice: quote.price,
    pendingSince: now,
    reason: `price moved ${factor.toFixed(0)}x (${published.currentPrice} -> ${quote.price}) in a pool with ${pool}; waiting for the next pass to confirm`,
  };
}

export type PendingSupply = { pendingSupply: number | null; pendingSupplySince: Date | null };
export type SupplyDecision =
  | { kind: "publish"; confirmed: boolean }
  | { kind: "hold"; pendingSupply: number; pendingSupplySince: Date; reason: string };

/** How far apart two supplies are; a supply of 0 (all burned) is infinitely far from any other. */
const supplyFactor = (from: number, to: number) => (from === to ? 1 : from === 0 || to === 0 ? Infinity : moveFactor(from, to));

/**
 * Whether a circulating-supply reading publishes, or is held like a big price move. A supply that
 * moved more than 5x from the published one in a pass (a mint; tokens sent out of a burn address;
 * everything burned, a supply of 0) is held as pending, whatever the pool's depth: the market cap
 * stays price × the last published supply. The next pass publishes it when its reading also moved
 * over 5x the same way and lies within 2x of the pending one, within PENDING_MAX_AGE_MS; any
 * other reading replaces the pending supply (another big move) or clears it (a normal reading
 * publishes). The on-chain source makes that next reading a real one (sources/pulsex/rows-to-save.ts:
 * a supply that moved over 5x is read again next pass, not served from its cache), so a mint
 * burned back before then is never published. No published supply: nothing to compare, publishes.
 */
export function decideSupply(supply: number, published: { circulatingSupply: number | null } & PendingSupply, now: Date): SupplyDecision {
  const from = published.circulatingSupply;
  if (from === null || !Number.isFinite(from) || from < 0 || !Number.isFinite(supply) || supply < 0) return { kind: "publish", confirmed: false };
  const factor = supplyFactor(from, supply);
  if (factor <= BIG_MOVE_FACTOR) return { kind: "publish", confirmed: false };

  const { pendingSupply, pendingSupplySince: pendingSince } = published;
  const up = supply > from;
  const pendingConfirms =
    pendingSupply !== null &&
    pendingSince !== null &&
    now.getTime() - pendingSince.getTime() <= PENDING_MAX_AGE_MS &&
    (pendingSupply > from) === up &&
    supplyFactor(from, pendingSupply) > BIG_MOVE_FACTOR &&
    supplyFactor(pendingSupply, supply) <= CONFIRM_TOLERANCE;
  if (pendingConfirms) return { kind: "publish", confirmed: true };

  const moved = supply === 0 ? "to 0 (all burned)" : from === 0 ? "from 0" : `${factor.toFixed(0)}x`;
  return {
    kind: "hold",
    pendingSupply: supply,
    pendingSupplySince: now,
    reason: `circulating supply moved ${moved} (${from} -> ${supply}); market cap kept at the last published supply until the next pass confirms it`,
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
/** Snapshots younger than this are all kept; older ones are thinned. */
export const THIN_AFTER_MS = 2 * DAY_MS;
/** Snapshots older than this keep one per day (younger ones, one per hour). */
export const DAILY_AFTER_MS = 30 * DAY_MS;
