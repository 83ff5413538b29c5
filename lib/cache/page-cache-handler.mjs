// Next's page cache (`cacheHandler` in next.config.mjs), made to follow the coins version.
//
// Every page shows coin data (the root layout's PLS price and update time), and so do the
// cached route answers (sitemap.xml, the share images). Next keeps them for `revalidate` /
// `expireTime` seconds (app/layout.tsx, next.config.mjs), and only the process that wrote can
// drop them (`revalidatePath`); the writer is usually another process (the market worker, a
// CLI, another web instance). So each instance asks the coins version (seam 2, published on
// globalThis by lib/coins: one indexed row read at most every 2 s, shared) before it serves a
// cached page or route answer, and answers a miss for one rendered before that version was
// seen here: the request waits for a fresh render, the first time it is asked after the version
// moved, on every instance. Everything else is Next's own cache, unchanged: this class extends
// it (memory only with `isrFlushToDisk: false`, bounded by bytes, `cacheMaxMemorySize`,
// default 50 MB; tags and `revalidatePath`/`revalidateTag` from the writing process).
//
// A plain .mjs that Next loads itself (at build and in the standalone server): it can import
// nothing of the app's bundle, hence the version through globalThis.
import fileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";

const FileSystemCache = fileSystemCache.default ?? fileSystemCache;

export const COINS_VERSION = Symbol.for("pulsecompare.coins-version");

// Kinds of cached value that are whole answers (a page, a route handler's body). FETCH entries
// (a `fetch` or `unstable_cache` inside a render) are not checked: the app caches none.
const ANSWER_KINDS = new Set(["APP_PAGE", "APP_ROUTE", "PAGES"]);

// The version a render saw when it began, per cache key: the first `get` of a key since its
// last `set`, so a render that began on version v and was stored after v + 1 was seen is
// stamped v (and missed), not the version of the moment it was stored. Bounded: a crawler's
// distinct keys (5,000 coins give millions of pairs) must not grow it; past the bound the oldest
// record goes, and a set without one is stamped with the version known when it is stored.
export const RENDER_RECORDS_MAX = 2_000;

// How long a cached page waits for the version. The row is one indexed read (0.1 ms on the local
// file, a round trip to sqld), shared by every caller, and usually answered from memory; a probe
// slower than this means a database in trouble, and a cached page must still be served then.
export const PROBE_WAIT_MS = 500;

/** @returns {Promise<{ version: number; seenAt: number } | undefined>} */
async function knownVersion() {
  const seam = globalThis[COINS_VERSION];
  if (!seam) return undefined;
  let timer;
  try {
    const late = new Promise((resolve) => (timer = setTimeout(resolve, PROBE_WAIT_MS, undefined)));
    return await Promise.race([seam.probe(), late]);
  } catch {
    // No version known (the database is down): serve as Next would; the time ceilings still hold.
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** As Next judges it (IncrementalCache.get): older than its `revalidate`; unknown counts as stale. */
function isStale(entry) {
  const revalidate = entry.cacheControl?.revalidate;
  if (revalidate === false) return false;
  return typeof revalidate !== "number" || Date.now() - entry.lastModified > revalidate * 1000;
}

export default class PageCacheHandler extends FileSystemCache {
  /** The coins version each stored answer was rendered from, by the stored value itself. */
  static stamps = new WeakMap();
  /** @type {Map<string, number>} */
  static renderBegan = new Map();

  async get(key, ctx) {
    const entry = await super.get(key, ctx);
    const kind = ctx?.kind;
    if (kind === "FETCH") return entry;
    const known = await knownVersion();
    if (!known) return entry;
    if (entry?.value && !ANSWER_KINDS.has(entry.value.kind)) return entry;
    const answer = entry?.value && !this.olderThan(entry, known) ? entry : null;
    // Next renders after a miss, and in the background after a stale answer.
    if (!answer || isStale(answer)) this.recordRenderStart(key, known.version);
    return answer;
  }

  /** Whether a stored answer was rendered from a version older than the one known now. */
  olderThan(entry, known) {
    const stamp = PageCacheHandler.stamps.get(entry.value);
    // An answer with no stamp came from disk (the build's prerender) or was stored before the
    // version was known: it is as new as the moment it was stored.
    return stamp === undefined ? entry.lastModified < known.seenAt : stamp < known.version;
  }

  async set(key, data, ctx) {
    if (data && ANSWER_KINDS.has(data.kind)) {
      const began = PageCacheHandler.renderBegan.get(key);
      PageCacheHandler.renderBegan.delete(key);
      const version = began ?? (await knownVersion())?.version;
      if (version !== undefined) PageCacheHandler.stamps.set(data, version);
    }
    return super.set(key, data, ctx);
  }

  recordRenderStart(key, version) {
    const records = PageCacheHandler.renderBegan;
    if (records.has(key)) return;
    records.set(key, version);
    if (records.size > RENDER_RECORDS_MAX) records.delete(records.keys().next().value);
  }
}
