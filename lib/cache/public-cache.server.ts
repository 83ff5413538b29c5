// The server's cache of public data (coin list, trending lists, featured comparisons): each value
// is built once and shared by every request until a write invalidates its tag or the time
// ceiling passes. Nothing personal ever goes in here: only what every visitor sees alike.
//
// Staleness, per instance: a value is served as is for FRESH_MS; until MAX_AGE_MS it is still
// served while one rebuild runs in the background; past MAX_AGE_MS a request waits for the
// rebuild. So a value is never older than MAX_AGE_MS, even when a write happened on another
// instance or in another process (the CLI), which cannot reach this one's memory.
//
// The state lives on globalThis: the route bundles and instrumentation.ts (the Node host's
// refresh schedule) are separate module graphs in one process, and must share one cache.
import "server-only";
import type { PublicTag } from "./public-tags";

// The ceilings, end to end (each at most 60 s): a page shows data at most MAX_AGE_MS old when it
// is rendered and is served for at most 40 s more (`revalidate` in app/layout.tsx, `expireTime` in
// next.config.mjs); an API answer is at most MAX_AGE_MS old and a shared cache (CDN) may keep
// it 40 s more (PUBLIC_CACHE_CONTROL in cache-control.ts).
export const FRESH_MS = 10_000;
export const MAX_AGE_MS = 20_000;

/**
 * At most this many values are kept; past it the oldest built goes first. Per-coin values (each
 * coin's history) would otherwise grow with the number of coins a crawler walks between two
 * refreshes; a history body is at most ~1,100 daily points (~70 KB), so this bounds the cache
 * near 70 MB even if every entry were one.
 */
export const MAX_ENTRIES = 1_000;

type Entry = {
  value: unknown;
  tags: readonly PublicTag[];
  builtAt: number;
};

type State = {
  entries: Map<string, Entry>;
  /** Builds running now; an invalidation forgets them, so what they read is never stored. */
  building: Map<string, { promise: Promise<unknown>; tags: readonly PublicTag[] }>;
  coins: CoinsVersionState;
};

/**
 * What this process knows of the coins version (the CoinsVersion row, moved by triggers on every
 * write to Coin): the last version read, when it was read and when first seen, the read running
 * now, and the values kept per version (the coin snapshot).
 */
type CoinsVersionState = {
  version: number | null;
  seenAt: number;
  probedAt: number;
  /** Moved by a write in this process (or a test writing behind the app): the next probe reads at once. */
  dueEpoch: number;
  probedEpoch: number;
  probing: Promise<CoinsVersion> | undefined;
  values: Map<string, { version: number; value: unknown }>;
  building: Map<string, { version: number; promise: Promise<unknown> }>;
};

export type CoinsVersion = { version: number; seenAt: number };

const STATE_KEY = Symbol.for("pulsecompare.public-cache");
const globalState = globalThis as unknown as { [STATE_KEY]?: State };

function state(): State {
  globalState[STATE_KEY] ??= {
    entries: new Map(),
    building: new Map(),
    coins: { version: null, seenAt: 0, probedAt: 0, dueEpoch: 0, probedEpoch: 0, probing: undefined, values: new Map(), building: new Map() },
  };
  return globalState[STATE_KEY];
}

/** Clock, replaceable in tests so the ceiling can be checked without waiting. */
let now = () => Date.now();

/**
 * The cached value for `key`, built by `build` when missing, invalidated or too old. Concurrent
 * callers share one build (a traffic spike costs one database read, not one per request).
 */
export async function cachedPublic<T>(key: string, tags: readonly PublicTag[], build: () => Promise<T>): Promise<T> {
  const { entries } = state();
  const entry = entries.get(key);
  const age = entry ? now() - entry.builtAt : Infinity;
  if (entry && age < FRESH_MS) return entry.value as T;
  if (entry && age < MAX_AGE_MS) {
    // Stale but within the ceiling: serve it, refresh once in the background.
    void rebuild(key, tags, build).catch(() => {}); // a failed refresh leaves the old value; the next request retries
    return entry.value as T;
  }
  return rebuild(key, tags, build);
}

function rebuild<T>(key: string, tags: readonly PublicTag[], build: () => Promise<T>): Promise<T> {
  const { entries, building } = state();
  const pending = building.get(key);
  if (pending) return pending.promise as Promise<T>;
  const startedAt = now();
  const isCurrent = () => building.get(key)?.promise === promise;
  const promise: Promise<T> = build()
    .then((value) => {
      // Aged from when the build started: the data is at least that old.
      if (isCurrent()) store(entries, key, { value, tags, builtAt: startedAt });
      return value;
    })
    .finally(() => {
      if (isCurrent()) building.delete(key);
    });
  building.set(key, { promise, tags });
  return promise;
}

/** Stores `entry` as the newest; drops the oldest past MAX_ENTRIES (a Map iterates in insertion order). */
function store(entries: Map<string, Entry>, key: string, entry: Entry): void {
  entries.delete(key);
  entries.set(key, entry);
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}

/**
 * Drops every value carrying one of `tags`; the next request builds it from the database. For
 * `coins` (a write in this process), the next read of the coins version reads the row at once
 * instead of waiting out PROBE_MS.
 */
export function invalidatePublicCache(tags: readonly PublicTag[]): void {
  if (tags.includes("coins")) state().coins.dueEpoch++;
  dropTagged(tags);
}

function dropTagged(tags: readonly PublicTag[]): void {
  const { entries, building } = state();
  const hit = (entryTags: readonly PublicTag[]) => entryTags.some((tag) => tags.includes(tag));
  for (const [key, entry] of entries) if (hit(entry.tags)) entries.delete(key);
  // A build already running may have read the data before the write: later requests start afresh.
  for (const [key, pending] of building) if (hit(pending.tags)) building.delete(key);
}

/** Tests: start from an empty cache, and move the clock. */
export function resetPublicCacheForTests(clock: () => number = () => Date.now()): void {
  globalState[STATE_KEY] = undefined;
  now = clock;
}

/**
 * The coins version is read at most this often per process (a one-row read by primary key); in
 * between it is answered from memory. A write in another process (the worker, another instance,
 * the CLI) shows here within PROBE_MS of its commit; a write in this process, at once.
 */
export const PROBE_MS = 2_000;

/**
 * The coins version as this process knows it: read by `read` when PROBE_MS has passed since the
 * last read (or a write in this process asked for it), one read shared by concurrent callers, and
 * from memory otherwise. When the version moved, this process's coin-tagged values (history,
 * featured, most compared) are dropped, so they follow the version too.
 */
export function probeCoinsVersion(read: () => Promise<number>): Promise<CoinsVersion> {
  const coins = state().coins;
  const due = coins.dueEpoch !== coins.probedEpoch;
  if (coins.version !== null && !due && now() - coins.probedAt < PROBE_MS) return Promise.resolve({ version: coins.version, seenAt: coins.seenAt });
  if (coins.probing) return coins.probing;
  const epoch = coins.dueEpoch;
  const probing = read()
    .then((version) => {
      if (state().coins !== coins) return { version, seenAt: Date.now() }; // reset meanwhile (tests)
      if (version !== coins.version) {
        if (coins.version !== null) dropTagged(["coins"]);
        coins.version = version;
        coins.seenAt = Date.now();
      }
      coins.probedAt = now();
      coins.probedEpoch = epoch; // a write after the read started keeps the next probe due
      return { version, seenAt: coins.seenAt };
    })
    .finally(() => {
      if (coins.probing === probing) coins.probing = undefined;
    });
  coins.probing = probing;
  return probing;
}

/**
 * The value for `key` at the current coins version (`probe`): kept in memory until the version
 * moves, then built once by `build` (concurrent callers share it) and awaited, never served
 * stale. `build` says which version it built (it may be newer than the one probed).
 */
export async function cachedByCoinsVersion<T>(key: string, probe: () => Promise<CoinsVersion>, build: () => Promise<{ value: T; version: number }>): Promise<T> {
  const { version } = await probe();
  const coins = state().coins;
  const kept = coins.values.get(key);
  if (kept && kept.version >= version) return kept.value as T;
  const pending = coins.building.get(key);
  if (pending && pending.version >= version) return pending.promise as Promise<T>;
  const promise = build()
    .then(({ value, version: built }) => {
      const newest = coins.values.get(key);
      if (!newest || newest.version < built) coins.values.set(key, { version: built, value });
      return value;
    })
    .finally(() => {
      if (coins.building.get(key)?.promise === promise) coins.building.delete(key);
    });
  coins.building.set(key, { version, promise });
  return promise;
}
