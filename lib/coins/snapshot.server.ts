// Every public coin read (the coin list, its pages, single coins, the trending lists, the
// selectors' index) is answered from one snapshot of the coin table, built once per refresh
// (public-cache.ts) instead of once per request. Per request, only the slice asked for is
// serialised; the full list and the index are serialised once, when the snapshot is built.
import "server-only";
import { createHash } from "node:crypto";
import { cachedPublic, peekPublic } from "../cache/public-cache.server";
import { indexBySymbol } from "../compare/pair-route";
import { getDb } from "../db/get-db.server";
import { byChangeDesc, isTableEligible } from "../trending/home-tables";
import type { Coin } from "../validation/coins";
import { toBagTokenRows } from "../bag/bag-tokens";
import { toCoinIndexRows } from "./coin-index";
import { newestLivePriceAt } from "./freshness";
import { toCoin } from "./serialize";

/** The trending lists take ?limit up to this, so that many of each are kept ready. */
export const TRENDING_MAX = 100;

export type HeldBackMove = { price: number; since: string };

export type CoinSnapshot = {
  /** Every coin by rank. */
  coins: readonly Coin[];
  byId: ReadonlyMap<string, Coin>;
  /** Each coin's price provenance as stored (JSON), parsed only for the coin a request asks about. */
  provenanceById: ReadonlyMap<string, string>;
  /** Coins' supply notes (how their supply is counted), where one is set. */
  supplyNoteById: ReadonlyMap<string, string>;
  /** Each coin's last check against a second source as stored (JSON). */
  sourceCheckById: ReadonlyMap<string, string>;
  /** Coins whose newest quote moved too far to publish at once: the move waiting for the next pass. */
  heldBackById: ReadonlyMap<string, HeldBackMove>;
  /** Coins quarantined for a failing contract (lib/market/quarantine.ts): since when (ISO). */
  quarantinedSinceById: ReadonlyMap<string, string>;
  /** Coins by lower-cased symbol, by rank: comparison addresses may name a coin by its symbol. */
  bySymbol: ReadonlyMap<string, readonly Coin[]>;
  /** `coins` as the JSON body of GET /api/cryptocurrencies. */
  listBody: string;
  /** The selectors' index as a JSON body, and its version (a hash of it). */
  indexBody: string;
  indexVersion: string;
  /** The bag page's token list (lib/bag/bag-tokens.ts) as a JSON body, and its version. */
  bagTokensBody: string;
  bagTokensVersion: string;
  /** Coins with a 24h change, biggest first (ties by rank); low-liquidity coins left out. */
  topGainers: readonly Coin[];
  /** PulseChain coins by rank that the gainer table may show (low-liquidity coins left out). */
  pulsechainGainerSource: readonly Coin[];
  /** Newest listings first (ties by rank). */
  recentlyListed: readonly Coin[];
  /** The freshest live price's time among all coins (null before any): the stale badges' reference. */
  newestLivePriceAt: string | null;
};

const PULSECHAIN = "pulsechain";
const SNAPSHOT_KEY = "coin-snapshot";

export function getCoinSnapshot(): Promise<CoinSnapshot> {
  return cachedPublic(SNAPSHOT_KEY, ["coins"], buildCoinSnapshot);
}

/** The snapshot if one within the cache's ceiling is ready, without waiting (starting a build if not). */
export function peekCoinSnapshot(): CoinSnapshot | undefined {
  return peekPublic(SNAPSHOT_KEY, ["coins"], buildCoinSnapshot);
}

async function buildCoinSnapshot(): Promise<CoinSnapshot> {
  const rows = await getDb().coin.findMany({ orderBy: [{ rank: "asc" }, { id: "asc" }] });
  const coins = rows.map(toCoin);
  const indexRows = toCoinIndexRows(coins);
  const indexVersion = versionOf(indexRows);
  const bagRows = toBagTokenRows(coins, new Map(rows.map((row) => [row.id, row.decimals])));
  const bagTokensVersion = versionOf(bagRows);
  return {
    coins,
    byId: new Map(coins.map((coin) => [coin.id, coin])),
    provenanceById: byIdWhereSet(rows, (row) => row.provenance),
    supplyNoteById: byIdWhereSet(rows, (row) => row.supplyNote),
    sourceCheckById: byIdWhereSet(rows, (row) => row.sourceCheck),
    heldBackById: byIdWhereSet(rows, (row) => (row.pendingPrice !== null && row.pendingSince ? { price: row.pendingPrice, since: row.pendingSince.toISOString() } : null)),
    quarantinedSinceById: byIdWhereSet(rows, (row) => row.quarantinedAt?.toISOString() ?? null),
    bySymbol: indexBySymbol(coins),
    listBody: JSON.stringify(coins),
    indexBody: JSON.stringify({ version: indexVersion, coins: indexRows }),
    indexVersion,
    bagTokensBody: JSON.stringify({ version: bagTokensVersion, tokens: bagRows }),
    bagTokensVersion,
    topGainers: coins
      .filter((coin) => coin.priceChange24h !== null && isTableEligible(coin))
      .sort(byChangeDesc)
      .slice(0, TRENDING_MAX),
    pulsechainGainerSource: coins.filter((coin) => coin.chain === PULSECHAIN && isTableEligible(coin)),
    recentlyListed: [...coins].sort((a, b) => b.listedAt.localeCompare(a.listedAt) || a.rank - b.rank).slice(0, TRENDING_MAX),
    newestLivePriceAt: newestLivePriceAt(coins),
  };
}

/** Each row's `pick`, by id, for the rows where it is set: most coins have none of these. */
function byIdWhereSet<R extends { id: string }, T>(rows: readonly R[], pick: (row: R) => T | null): Map<string, T> {
  const out = new Map<string, T>();
  for (const row of rows) {
    const value = pick(row);
    if (value !== null && value !== "") out.set(row.id, value);
  }
  return out;
}

/** A short hash of a body's content: its version in the address, so a browser may keep it for good. */
function versionOf(rows: unknown): string {
  return createHash("sha256").update(JSON.stringify(rows)).digest("base64url").slice(0, 16);
}
