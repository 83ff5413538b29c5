// The page cache (lib/cache/page-cache-handler.mjs) on top of Next's own in-memory cache, with a
// coins version published on globalThis as lib/coins publishes it (seam 2: `probe()` answers the
// version and when this process first saw it). Next's FileSystemCache underneath is the real one.
// The production round trip (two servers, a write from another process) is
// tests/browser/cache/page-version.spec.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { nodeFs } from "next/dist/server/lib/node-fs-methods";
import PageCacheHandler, { COINS_VERSION, PROBE_WAIT_MS, RENDER_RECORDS_MAX } from "@/lib/cache/page-cache-handler.mjs";
import nextConfig from "@/next.config.mjs";
import { REPO_ROOT } from "@/tests/helpers/repo-root";

type Seam = { probe(): Promise<{ version: number; seenAt: number }> };
const seams = globalThis as unknown as Record<symbol, Seam | undefined>;

/** The version row as seen by this process: `move()` is a write seen at the next probe. */
function publishVersion() {
  let known = { version: 1, seenAt: Date.now() };
  seams[COINS_VERSION] = { probe: async () => known };
  return {
    move() {
      known = { version: known.version + 1, seenAt: Date.now() };
    },
  };
}

// Next's handler interface (CacheHandler in next/dist/server/lib/incremental-cache), as Next calls it.
type Handler = {
  get(key: string, ctx: object): Promise<{ value: { html: string } } | null>;
  set(key: string, data: object, ctx: object): Promise<void>;
  revalidateTag(tags: string[]): Promise<void>;
};
const Cache = PageCacheHandler as unknown as new (ctx: object) => Handler;

const dir = mkdtempSync(path.join(tmpdir(), "page-cache-"));
const cache = new Cache({ fs: nodeFs, dev: false, flushToDisk: false, serverDistDir: dir, revalidatedTags: [], maxMemoryCacheSize: 50 * 1024 * 1024 });
const pageContext = { kind: "APP_PAGE", isRoutePPREnabled: false, isFallback: false } as const;
const pageSet = { fetchCache: false, cacheControl: { revalidate: 20, expire: 40 }, isRoutePPREnabled: false, isFallback: false } as const;
let page = 0;
const nextKey = () => `/page-${++page}`;
const html = (text: string, tags = "_N_T_/layout") => ({ kind: "APP_PAGE", html: text, rscData: Buffer.from(text), headers: { "x-next-cache-tags": tags }, postponed: undefined, status: 200, segmentData: undefined }) as const;
const shown = async (key: string) => (await cache.get(key, pageContext))?.value.html ?? null;
/** What Next does on a miss: render (here: the text given) and store it. */
async function render(key: string, text: string, tags?: string) {
  expect(await shown(key)).toBeNull();
  await cache.set(key, html(text, tags), pageSet);
}

afterEach(() => void delete seams[COINS_VERSION]);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("next.config.mjs makes it Next's page cache", () => {
  expect((nextConfig as { cacheHandler?: string }).cacheHandler).toBe(path.join(REPO_ROOT, "lib/cache/page-cache-handler.mjs"));
});

test("with no coins version published, a stored page is served as Next's own cache serves it", async () => {
  const key = nextKey();
  await render(key, "old price");
  expect(await shown(key)).toBe("old price");
});

test("a page rendered before the version moved is a miss the first time it is asked after, then served again", async () => {
  const version = publishVersion();
  const key = nextKey();
  await render(key, "price v1");
  expect(await shown(key)).toBe("price v1");
  version.move();
  await render(key, "price v2");
  expect(await shown(key)).toBe("price v2");
  expect(await shown(key)).toBe("price v2");
});

test("a render that began before the version moved and was stored after is still a miss", async () => {
  const version = publishVersion();
  const key = nextKey();
  expect(await shown(key)).toBeNull(); // the render begins on v1
  version.move();
  await cache.set(key, html("price v1, stored on v2"), pageSet);
  await render(key, "price v2");
  expect(await shown(key)).toBe("price v2");
});

test("a page stored before this process knew the version is as new as the moment it was stored", async () => {
  const key = nextKey();
  await render(key, "before any version");
  await new Promise((resolve) => setTimeout(resolve, 5));
  publishVersion(); // seen now: the page above is older
  await render(key, "after the version was seen");
  delete seams[COINS_VERSION];
  const later = nextKey();
  await render(later, "stored with no version known");
  await new Promise((resolve) => setTimeout(resolve, 5));
  seams[COINS_VERSION] = { probe: async () => ({ version: 7, seenAt: Date.now() - 1_000 }) }; // seen before it was stored
  expect(await shown(later)).toBe("stored with no version known");
});

test("the writing process's revalidatePath/revalidateTag still drops a page by its tags", async () => {
  publishVersion();
  const key = nextKey();
  await render(key, "tagged", "_N_T_/layout,_N_T_/compare");
  expect(await shown(key)).toBe("tagged");
  await new Promise((resolve) => setTimeout(resolve, 2));
  await cache.revalidateTag(["_N_T_/compare"]);
  expect(await shown(key)).toBeNull();
});

test("a probe that fails (the database is down) leaves the cache as Next's", async () => {
  const key = nextKey();
  await render(key, "served while the row cannot be read");
  seams[COINS_VERSION] = { probe: () => Promise.reject(new Error("SQLITE_BUSY")) };
  expect(await shown(key)).toBe("served while the row cannot be read");
});

test(`a probe that does not answer within ${PROBE_WAIT_MS} ms (a database in trouble) does not hold a cached page`, async () => {
  const key = nextKey();
  await render(key, "served while the probe hangs");
  seams[COINS_VERSION] = { probe: () => new Promise(() => {}) };
  // Without the bound this never settles (jest's time limit fails it).
  expect(await shown(key)).toBe("served while the probe hangs");
});

test(`the record of when each render began holds at most ${RENDER_RECORDS_MAX} keys (a crawler's distinct pairs)`, async () => {
  publishVersion();
  for (let i = 0; i < RENDER_RECORDS_MAX + 50; i++) await cache.get(`/crawl/${i}`, pageContext);
  expect(PageCacheHandler.renderBegan.size).toBe(RENDER_RECORDS_MAX);
});
