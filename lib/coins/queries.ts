// Reads of the coin list and the trending lists. Route handlers and server components call
// these; nothing else queries coins directly.
import "server-only";
import { cache } from "react";
import { getDb } from "../db";
import { ApiError } from "../api/errors";
import { byChangeDesc } from "../market-constants";
import type { Coin } from "../validation/coins";
import { toCoin } from "./serialize";

export const PULSECHAIN = "pulsechain";

/** All coins by rank. Cached per server render, so the header and the page share one query. */
export const listCoins = cache(async (): Promise<Coin[]> => {
  const rows = await getDb().coin.findMany({ orderBy: [{ rank: "asc" }, { id: "asc" }] });
  return rows.map(toCoin);
});

/** The coins with these ids, by rank; an unknown id is a 404 that names it. */
export async function getCoinsByIdsOrThrow(ids: string[]): Promise<Coin[]> {
  const unique = [...new Set(ids)];
  const rows = await getDb().coin.findMany({ where: { id: { in: unique } }, orderBy: { rank: "asc" } });
  const missing = unique.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length) {
    throw new ApiError(404, "not_found", `No coin with id ${missing.map((id) => `"${id}"`).join(", ")}.`);
  }
  return rows.map(toCoin);
}

export async function getCoinOrThrow(id: string): Promise<Coin> {
  const [coin] = await getCoinsByIdsOrThrow([id]);
  return coin!;
}

/** Biggest 24h gainers across all coins; coins without a 24h change are left out. */
export async function listTopGainers(limit = 10): Promise<Coin[]> {
  const rows = await getDb().coin.findMany({
    where: { priceChange24h: { not: null } },
    orderBy: [{ priceChange24h: "desc" }, { rank: "asc" }],
    take: limit,
  });
  return rows.map(toCoin);
}

/**
 * PulseChain coins for the home page's "Top Gaining Coins" table: the first 25 PulseChain
 * coins by rank, best 24h change first (coins without a change last).
 */
export async function listPulsechainGainers(limit = 25): Promise<Coin[]> {
  const rows = await getDb().coin.findMany({
    where: { chain: PULSECHAIN },
    orderBy: [{ rank: "asc" }],
    take: limit,
  });
  return rows.map(toCoin).sort(byChangeDesc);
}

/** Newest listings first. */
export async function listRecentlyListed(limit = 18): Promise<Coin[]> {
  const rows = await getDb().coin.findMany({ orderBy: [{ listedAt: "desc" }, { rank: "asc" }], take: limit });
  return rows.map(toCoin);
}
