// 'Where this price comes from' in a visitor's words (pure): the pieces of each sentence, so the
// page can link the pool, the pair and the block to the explorer. Numbers are rounded for reading;
// the API (GET /api/cryptocurrencies/{id}) has them whole.
import { formatDay, formatMarketCap, formatPrice, formatUtcClock } from "../shared/format";
import { BIG_MOVE_FACTOR, BIG_MOVE_POOL_USD } from "./big-move";
import type { Provenance } from "./provenance-schema";
import type { SourceCheck } from "./source-check-schema";
import { formatSupply } from "./coin-figures";
import type { PoolDepth } from "./what-it-takes";
import { formatPriceAge } from "../shared/freshness";

/** "2 min ago" style age of a time at `now`; "just now" under a minute. */
export function ageOf(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  return minutes === 0 ? "just now" : `${formatPriceAge(minutes)} ago`;
}

/** The reserves sentence of an on-chain price: "1.2M HEX against 3.4B WPLS, $1.3M of liquidity". */
export function reservesPhrase(provenance: Extract<Provenance, { source: "pulsex" }>, symbol: string): string {
  const liquidity = `${formatMarketCap(provenance.liquidityUsd)} of liquidity`;
  if (provenance.pool === null) {
    const pools = provenance.stablePools ?? 0;
    return `WPLS against ${pools} stablecoin pool${pools === 1 ? "" : "s"}, ${liquidity}`;
  }
  const base = provenance.baseSymbol ?? "its base";
  const basePrice = provenance.baseUsd !== null ? ` (${base} at ${formatPrice(provenance.baseUsd)})` : "";
  return `${formatSupply(provenance.tokenReserve, symbol)} against ${formatSupply(provenance.baseReserve, base)}${basePrice}, ${liquidity}`;
}

/** Why the price shown may not be the source's latest: under the floor, held back, or stale. Null when none. */
export function priceCaveat(coin: { lowLiquidity: boolean }, minLiquidityUsd: number, staleFor: number | null, heldBack: { price: number } | null = null): string | null {
  if (heldBack) {
    return `Its pool has just moved the price to ${formatPrice(heldBack.price)}, over ${BIG_MOVE_FACTOR}x from this one, with under ${formatMarketCap(BIG_MOVE_POOL_USD)} of liquidity: the move is published only if the next pass sees it too.`;
  }
  if (coin.lowLiquidity) {
    return `Its pool is now under the ${formatMarketCap(minLiquidityUsd)} of liquidity a price needs, so this is its last good price, and it is left out of the rankings until the pool recovers.`;
  }
  if (staleFor !== null) return `This price is ${formatPriceAge(staleFor)} old: its source has not answered for this coin since, so the last good price stays.`;
  return null;
}

/**
 * The price's last check against a second source, at `now`: "DexScreener said $1.50 4 minutes ago,
 * 33.3% from this price: the price shown stays the on-chain one." Null before any check.
 */
export function sourceCheckPhrase(check: SourceCheck | null, now: number): string | null {
  if (!check) return null;
  const other = check.source === "coingecko" ? "CoinGecko" : "DexScreener";
  const apart = `${Math.abs(check.differencePct).toFixed(1)}%`;
  if (check.agrees) return `Checked against ${other} ${ageOf(check.checkedAt, now)}: ${formatPrice(check.theirs)}, ${apart} apart.`;
  return `Sources disagree: ${other} said ${formatPrice(check.theirs)} ${ageOf(check.checkedAt, now)}, ${apart} from this price. The price shown stays the on-chain one.`;
}

/**
 * The supply behind an on-chain market cap, when it needs saying: "Supply as of Nov 21, 2026, 10:05
 * UTC (3 hours ago): the token's contract failed this pass's supply read (…), so the supply read
 * then is used." or "…: all of its supply is at burn addresses, so its market cap is 0." Null otherwise.
 */
export function supplyReadingPhrase(provenance: Provenance, now: number): string | null {
  if (provenance.source !== "pulsex" || !provenance.supplyNotice) return null;
  const readAt = provenance.supplyReadAt;
  const when = readAt ? ` as of ${formatDay(readAt)}, ${formatUtcClock(readAt)} UTC (${ageOf(readAt, now)})` : "";
  return `Supply${when}: ${provenance.supplyNotice}.`;
}

/** A window of seconds in words: "45 seconds", "1 minute", "5 minutes". */
function windowWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * How an on-chain price was taken: the pool's average over the window before the block (a trade
 * that moves the pool for a moment barely counts), with what the pool says at the block itself;
 * or the pool's price at the block when there was no earlier reading to average from. Null for
 * other sources and for prices from before averages.
 */
export function averagePhrase(provenance: Provenance): string | null {
  if (provenance.source !== "pulsex" || provenance.averageSeconds === undefined) return null;
  const poolNow = provenance.spotPrice != null ? ` The pool now: ${formatPrice(provenance.spotPrice)}.` : "";
  if (provenance.averageSeconds === null) return `This is the pool's price at that block: there was no earlier reading of the pool to average from.${poolNow}`;
  return `This is the pool's average price over the ${windowWords(provenance.averageSeconds)} before that block, so a trade that moves the pool for a moment barely counts.${poolNow}`;
}

/** The coin page's depth line, under 'Where this price comes from': "Its 2 PulseX pools hold $1.20M; about $5.97K of buying would lift the price 2%, and $6.03K of selling lower it 2%." */
export function depthSentence(depth: PoolDepth): string {
  const pools = `${depth.pools === 1 ? "Its PulseX pool holds" : `Its ${depth.pools} PulseX pools hold`} ${formatMarketCap(depth.poolLiquidity.usd)}`;
  return `${pools}; about ${formatMarketCap(depth.buyToRise2Pct.usd)} of buying would lift the price 2%, and ${formatMarketCap(depth.sellToFall2Pct.usd)} of selling lower it 2%.`;
}
