// Spec section 9 constants and the pure selectors the home page and API build on them.
import { findCoinBySymbol } from "./coin-search";

/** Pause before showing a result, so the comparison reads as a deliberate step. */
export const COMPARE_DELAY_MS = 800;
export const MAX_FEATURED = 2;
/** Top gainers and meme coins are picked from this many coins by rank. */
export const TABLE_SOURCE_SIZE = 25;
export const TOP_GAINERS_ROWS = 10;
export const MEME_SYMBOLS = ["PCOCK", "MOST", "pTGC", "PEPE", "TRUMP"] as const;
export const MOST_COMPARED_PAIRS = [
  ["PCOCK", "DOGE"],
  ["PLSX", "ETH"],
  ["HEX", "BTC"],
  ["PTGC", "PCOCK"],
] as const satisfies readonly (readonly [string, string])[];

type RankedCoin = { symbol: string; rank: number; priceChange24h: number | null | undefined };

/** The TABLE_SOURCE_SIZE best-ranked coins; sorts a copy so callers' order never matters. */
function tableSource<C extends RankedCoin>(coins: readonly C[]): C[] {
  return [...coins].sort((a, b) => a.rank - b.rank).slice(0, TABLE_SOURCE_SIZE);
}

/** A change that can be ranked; null, undefined, NaN and ±Infinity (bad data) sort last. */
function rankableChange(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** Descending with missing values last; 0 for ties so the stable sort keeps rank order. */
export function byChangeDesc(a: RankedCoin, b: RankedCoin): number {
  const changeA = rankableChange(a.priceChange24h);
  const changeB = rankableChange(b.priceChange24h);
  if (changeA === null) return changeB === null ? 0 : 1;
  if (changeB === null) return -1;
  return changeB - changeA;
}

/** Top TOP_GAINERS_ROWS of the table source by 24h change, descending; ties keep rank order. */
export function selectTopGainers<C extends RankedCoin>(coinsByRank: readonly C[]): C[] {
  return tableSource(coinsByRank).sort(byChangeDesc).slice(0, TOP_GAINERS_ROWS);
}

const memeSymbols = new Set<string>(MEME_SYMBOLS.map((symbol) => symbol.toLowerCase()));

/** Meme coins among the table source, in rank order; symbols match case-insensitively. */
export function selectMemeCoins<C extends RankedCoin>(coinsByRank: readonly C[]): C[] {
  return tableSource(coinsByRank).filter((coin) => memeSymbols.has(coin.symbol.toLowerCase()));
}

export type ComparedPair<C> = { rank: number; coin1: C; coin2: C };

/** MOST_COMPARED_PAIRS whose coins both exist, ranked 1..n in list order after skipping. */
export function selectMostComparedPairs<C extends { symbol: string }>(coins: readonly C[]): ComparedPair<C>[] {
  const pairs: ComparedPair<C>[] = [];
  for (const [symbol1, symbol2] of MOST_COMPARED_PAIRS) {
    const coin1 = findCoinBySymbol(coins, symbol1);
    const coin2 = findCoinBySymbol(coins, symbol2);
    if (coin1 && coin2) pairs.push({ rank: pairs.length + 1, coin1, coin2 });
  }
  return pairs;
}
