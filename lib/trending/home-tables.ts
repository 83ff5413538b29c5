// Spec section 9 constants and the pure selectors the home page and API build on them.
import { findCoinBySymbol } from "../coins/coin-search";

/** Pause before showing a result, so the comparison reads as a deliberate step. */
export const COMPARE_DELAY_MS = 800;
export const MAX_FEATURED = 2;
/** Top gainers and meme coins are picked from this many coins by rank. */
export const TABLE_SOURCE_SIZE = 25;
export const TOP_GAINERS_ROWS = 10;
/** The spec's meme-table symbols; the seed tags these coins MEME_TAG (prisma/seed/quote-sources.ts). */
export const MEME_SYMBOLS = ["PCOCK", "MOST", "pTGC", "PEPE", "TRUMP"] as const;
/** The 'Top Meme Coins' table shows the coins an operator tagged with this. */
export const MEME_TAG = "meme";
/** The home page's 'Most Compared Pairs' list shows this many pairs. */
export const MOST_COMPARED_ROWS = 4;
/** Fill-up for the 'Most Compared Pairs' list while fewer than MOST_COMPARED_ROWS pairs have counts. */
export const MOST_COMPARED_PAIRS = [
  ["PCOCK", "DOGE"],
  ["PLSX", "ETH"],
  ["HEX", "BTC"],
  ["PTGC", "PCOCK"],
] as const satisfies readonly (readonly [string, string])[];

type RankedCoin = { symbol: string; rank: number; priceChange24h: number | null | undefined; lowLiquidity: boolean };

/**
 * Whether a coin may appear in the gainer and meme tables: not while its price comes from a pool
 * under the liquidity floor (its last good price may be far from the market). It comes back once
 * its pool recovers and the refresh clears the flag.
 */
export function isTableEligible(coin: { lowLiquidity: boolean }): boolean {
  return !coin.lowLiquidity;
}

/**
 * The TABLE_SOURCE_SIZE best-ranked coins the tables may show (low-liquidity coins are left out
 * and the next ones by rank take their places); sorts a copy so callers' order never matters.
 */
function tableSource<C extends RankedCoin>(coins: readonly C[]): C[] {
  return coins
    .filter(isTableEligible)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, TABLE_SOURCE_SIZE);
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

/** Meme coins (tagged MEME_TAG, any case) among the table source, in rank order. */
export function selectMemeCoins<C extends RankedCoin & { tags: readonly string[] }>(coinsByRank: readonly C[]): C[] {
  return tableSource(coinsByRank).filter((coin) => coin.tags.some((tag) => tag.trim().toLowerCase() === MEME_TAG));
}

export type ComparedPair<C> = { rank: number; coin1: C; coin2: C };

type PairCoin = { id: string; symbol: string };

/**
 * The 'Most Compared Pairs' list: the counted ranking (best first) up to MOST_COMPARED_ROWS,
 * filled up with MOST_COMPARED_PAIRS whose coins both exist and that are not shown already
 * (pairs are ordered: HEX at BTC's market cap is not BTC at HEX's). Ranked 1..n as shown.
 */
export function selectMostComparedPairs<C extends PairCoin>(
  coins: readonly C[],
  counted: readonly { coin1: C; coin2: C }[] = [],
): ComparedPair<C>[] {
  const pairs: ComparedPair<C>[] = [];
  const shown = new Set<string>();
  const add = (coin1: C, coin2: C) => {
    const key = `${coin1.id}/${coin2.id}`; // ids are [a-z0-9-]: "/" cannot occur in one
    if (pairs.length >= MOST_COMPARED_ROWS || coin1.id === coin2.id || shown.has(key)) return;
    shown.add(key);
    pairs.push({ rank: pairs.length + 1, coin1, coin2 });
  };
  for (const { coin1, coin2 } of counted) add(coin1, coin2);
  for (const [symbol1, symbol2] of MOST_COMPARED_PAIRS) {
    const coin1 = findCoinBySymbol(coins, symbol1);
    const coin2 = findCoinBySymbol(coins, symbol2);
    if (coin1 && coin2) add(coin1, coin2);
  }
  return pairs;
}
