// The trending lists (GET /api/trending/*, the home page's gainer table, the bot's /gainers), each
// made once per coin snapshot (lib/coins/snapshot.server.ts snapshotView) and sliced per request.
import "server-only";
import type { Coin } from "@/lib/coins/schemas";
import { getCoinSnapshot, snapshotView } from "@/lib/coins/snapshot.server";
import { MOST_COMPARED_PAIRS, byChangeDesc, isTableEligible, selectMemeCoins, selectMostComparedPairs, type ComparedPair } from "./home-tables";

/** The trending lists take ?limit up to this, so that many of each are kept ready. */
export const TRENDING_MAX = 100;

const PULSECHAIN = "pulsechain";

const lists = snapshotView(({ coins }) => ({
  /** Coins with a 24h change, biggest first (ties by rank); low-liquidity coins left out. */
  topGainers: coins
    .filter((coin) => coin.priceChange24h !== null && isTableEligible(coin))
    .sort(byChangeDesc)
    .slice(0, TRENDING_MAX),
  /** PulseChain coins by rank that the gainer table may show (low-liquidity coins left out). */
  pulsechainGainerSource: coins.filter((coin) => coin.chain === PULSECHAIN && isTableEligible(coin)),
  /** Newest listings first (ties by rank). */
  recentlyListed: [...coins].sort((a, b) => b.listedAt.localeCompare(a.listedAt) || a.rank - b.rank).slice(0, TRENDING_MAX),
  /** The home page's "Top Meme Coins" rows (its table source sorts every coin by rank). */
  memeCoins: selectMemeCoins(coins),
}));

/**
 * The coins MOST_COMPARED_PAIRS names (the best-ranked per symbol, as findCoinBySymbol picks):
 * all selectMostComparedPairs looks up in the coin list, so handing it these few instead of every
 * coin gives the same pairs without a search of every coin per symbol per render.
 */
const fixedPairCoins = snapshotView(({ bySymbol }) =>
  [...new Set(MOST_COMPARED_PAIRS.flat())].flatMap((symbol) => bySymbol.get(symbol.toLowerCase())?.slice(0, 1) ?? []),
);

/** Biggest 24h gainers across all coins; coins without a 24h change or with a low-liquidity price are left out. */
export async function listTopGainers(limit = 10): Promise<Coin[]> {
  return lists(await getCoinSnapshot()).topGainers.slice(0, limit);
}

/**
 * PulseChain coins for the home page's "Top Gaining Coins" table: the first 25 PulseChain
 * coins by rank, best 24h change first (coins without a change last). Low-liquidity coins are
 * left out until their pools recover.
 */
export async function listPulsechainGainers(limit = 25): Promise<Coin[]> {
  return lists(await getCoinSnapshot()).pulsechainGainerSource.slice(0, limit).sort(byChangeDesc);
}

/** Newest listings first. */
export async function listRecentlyListed(limit = 18): Promise<Coin[]> {
  return lists(await getCoinSnapshot()).recentlyListed.slice(0, limit);
}

/** The home page's "Top Meme Coins" table: tagged meme coins among the top 25 by rank. */
export async function listMemeCoins(): Promise<Coin[]> {
  return lists(await getCoinSnapshot()).memeCoins;
}

/** The home page's "Most Compared Pairs": the counted ranking, filled up with the spec's fixed pairs. */
export async function homeMostComparedPairs(counted: readonly { coin1: Coin; coin2: Coin }[]): Promise<ComparedPair<Coin>[]> {
  return selectMostComparedPairs(fixedPairCoins(await getCoinSnapshot()), counted);
}
