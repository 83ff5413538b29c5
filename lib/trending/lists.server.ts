// The trending lists (GET /api/trending/*, the home page's gainer table, the bot's /gainers), each
// made once per coin snapshot (lib/coins/snapshot.server.ts snapshotView) and sliced per request.
import "server-only";
import type { Coin } from "@/lib/coins/schemas";
import { getCoinSnapshot, snapshotView } from "@/lib/coins/snapshot.server";
import { byChangeDesc, isTableEligible } from "./home-tables";

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
}));

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
