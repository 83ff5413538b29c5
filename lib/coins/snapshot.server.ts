// Every public coin read (the coin list, its pages, single coins, the selectors' index, and the
// views other features derive: the trending lists, the bag's token list) is answered from one
// snapshot of the coin table, held in memory until the coins version moves (CoinsVersion, moved by
// triggers on every write to Coin). The version is probed at most every PROBE_MS (2 s; one row by
// primary key, one read shared by concurrent callers), and a new snapshot is built once per
// version per process: from the read model the writer published (read-model.server.ts), or, when
// that is missing or older, from the rows in pages, publishing what it built. The first request
// after a move waits for the new snapshot: nothing older than the version it saw is served.
// Per request, only the slice asked for is serialised; the full list and the index are serialised
// once per version, and each derived view once, on its first use.
import "server-only";
import { createHash } from "node:crypto";
import { cachedByCoinsVersion, probeCoinsVersion, type CoinsVersion } from "../cache/public-cache.server";
import { getDb } from "../db/get-db.server";
import { assembleSnapshot, loadReadModel, publishReadModel, readCoinPages, readCoinsVersion } from "./read-model.server";
import type { CoinSnapshot } from "./snapshot-types";

export type { CoinSnapshot, HeldBackMove } from "./snapshot-types";

const SNAPSHOT_KEY = "coin-snapshot";

/** This process's coins version: read at most every PROBE_MS, shared by concurrent callers. */
export function probeVersion(): Promise<CoinsVersion> {
  return probeCoinsVersion(() => readCoinsVersion(getDb()));
}

// Seam for the page cache (issue 51): Next's cached pages ask the same probe, so they follow the
// version this process serves. On globalThis, as the route bundles and instrumentation.ts are
// separate module graphs in one process.
(globalThis as Record<symbol, unknown>)[Symbol.for("pulsecompare.coins-version")] = { probe: probeVersion };

export function getCoinSnapshot(): Promise<CoinSnapshot> {
  return cachedByCoinsVersion(SNAPSHOT_KEY, probeVersion, buildCoinSnapshot);
}

let builds = 0;
/** How many snapshots this process has built (tests and the bench count builds per version). */
export function coinSnapshotBuilds(): number {
  return builds;
}

async function buildCoinSnapshot(): Promise<{ value: CoinSnapshot; version: number }> {
  const db = getDb();
  const startedAt = performance.now();
  const { version } = await probeVersion();
  let source: "read-model" | "rows" = "read-model";
  let snapshot = await loadReadModel(db, version);
  if (!snapshot) {
    // First start, an older database, or a write by a process that did not publish: build from
    // the rows in pages, and publish it for the other instances (compare-and-set on the version).
    source = "rows";
    const read = await readCoinPages(db);
    snapshot = await assembleSnapshot(read);
    if (read.stable) await publishReadModel(db, read, snapshot).catch((error: unknown) => console.warn(`[coins] could not publish the read model: ${String(error)}`));
  }
  builds++;
  if (process.env.COINS_SNAPSHOT_LOG === "1") process.stderr.write(`[coins] snapshot v${snapshot.version} from ${source} in ${Math.round(performance.now() - startedAt)} ms\n`);
  return { value: snapshot, version: snapshot.version };
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
