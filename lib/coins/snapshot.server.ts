// Every public coin read (the coin list, its pages, single coins, the selectors' index, and the
// views other features derive: the trending lists, the bag's token list) is answered from one
// snapshot of the coin table, built once per refresh (public-cache.ts) instead of once per
// request. Per request, only the slice asked for is serialised; the full list and the index are
// serialised once, when the snapshot is built, and each derived view once, on its first use.
import "server-only";
import { createHash } from "node:crypto";
import { cachedPublic } from "../cache/public-cache.server";
import { indexBySymbol } from "./coin-lookup";
import { getDb } from "../db/get-db.server";
import type { Coin } from "./schemas";
import { toCoinIndexRows } from "./coin-index";
import { newestLivePriceAt } from "../shared/freshness";
import { toCoin } from "./serialize";

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
  /** Each on-chain coin's token decimals, as the coin table records them. */
  decimalsById: ReadonlyMap<string, number>;
  /** The freshest live price's time among all coins (null before any): the stale badges' reference. */
  newestLivePriceAt: string | null;
};

const SNAPSHOT_KEY = "coin-snapshot";

export function getCoinSnapshot(): Promise<CoinSnapshot> {
  return cachedPublic(SNAPSHOT_KEY, ["coins"], buildCoinSnapshot);
}

async function buildCoinSnapshot(): Promise<CoinSnapshot> {
  const rows = await getDb().coin.findMany({ orderBy: [{ rank: "asc" }, { id: "asc" }] });
  const coins = rows.map(toCoin);
  const indexRows = toCoinIndexRows(coins);
  const indexVersion = versionOf(indexRows);
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
    decimalsById: byIdWhereSet(rows, (row) => row.decimals),
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

/**
 * A view of the snapshot that another feature derives (the bag's token list, the trending lists):
 * built on its first use per snapshot and dropped with it, so the snapshot holds coins and their
 * lookups only and knows nothing of who reads it, and a refresh rebuilds each view once.
 */
export function snapshotView<T>(build: (snapshot: CoinSnapshot) => T): (snapshot: CoinSnapshot) => T {
  const views = new WeakMap<CoinSnapshot, T>();
  return (snapshot) => {
    if (views.has(snapshot)) return views.get(snapshot)!;
    const view = build(snapshot);
    views.set(snapshot, view);
    return view;
  };
}

/** A short hash of a body's content: its version in the address, so a browser may keep it for good. */
export function versionOf(rows: unknown): string {
  return createHash("sha256").update(JSON.stringify(rows)).digest("base64url").slice(0, 16);
}
