// The public reads come from one cache (lib/cache/public-cache.server.ts): built once and shared, never
// older than the time ceiling, and invalidated at once by the app's own writes (a refresh pass,
// an operator's edit or featured slot). Real route handlers on a real SQLite file.
import { privateKeyToAccount } from "viem/accounts";
import * as adminCoin from "@/app/api/admin/coins/[id]/route";
import * as adminFeatured from "@/app/api/admin/featured/route";
import * as coinIndex from "@/app/api/coin-index/route";
import * as featured from "@/app/api/comparisons/featured/route";
import * as list from "@/app/api/cryptocurrencies/route";
import * as one from "@/app/api/cryptocurrencies/[id]/route";
import * as topGainers from "@/app/api/trending/top-gainers/route";
import { PUBLIC_CACHE_CONTROL } from "@/lib/api/responses";
import { cachedPublic, MAX_AGE_MS, MAX_ENTRIES, PROBE_MS, resetPublicCacheForTests } from "@/lib/cache/public-cache.server";
import { coinSnapshotBuilds } from "@/lib/coins/snapshot.server";
import { getDb } from "@/lib/db/get-db.server";
import { refreshMarket } from "@/lib/market/run.server";
import type { PriceSource, SourceResult } from "@/lib/market/types";
import { coinListSchema, coinSchema, featuredComparisonListSchema } from "@/lib/coins/schemas";
import { JSON_WRITE, signIn, type SignedIn } from "@/tests/helpers/account-session";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";

const OPERATOR_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
useAuthEnvironment({ OPERATOR_ADDRESSES: privateKeyToAccount(OPERATOR_KEY).address });
const { db } = useTestDatabase();

let now = 0;
beforeEach(() => {
  now = Date.now();
  resetPublicCacheForTests(() => now);
});

const hex = async () => coinSchema.parse((await call(one.GET, "/api/cryptocurrencies/hex", { params: { id: "hex" } })).body);
const listed = async (query = "") => coinListSchema.parse((await call(list.GET, `/api/cryptocurrencies${query}`)).body);

describe("writes the app cannot see (another instance, the worker, the CLI): the coins version", () => {
  test("a change behind the app moves the version; it shows at the next probe (PROBE_MS), never served stale after", async () => {
    const before = (await hex()).currentPrice;
    await db().coin.update({ where: { id: "hex" }, data: { currentPrice: before * 2 } });
    expect((await hex()).currentPrice).toBe(before); // from memory: the version is not read again yet
    now += PROBE_MS - 1;
    expect((await hex()).currentPrice).toBe(before);
    now += 1; // the probe reads the version, sees it moved, and this request waits for the new snapshot
    expect((await hex()).currentPrice).toBe(before * 2);
  });

  test("a change to any column behind the app shows at the next probe", async () => {
    await hex();
    await db().coin.update({ where: { id: "hex" }, data: { name: "HEX (renamed)" } });
    now += PROBE_MS;
    expect((await hex()).name).toBe("HEX (renamed)");
  });

  test("no write, no rebuild: past any number of probes the same snapshot is served", async () => {
    await hex();
    const builds = coinSnapshotBuilds();
    for (let i = 0; i < 5; i++) {
      now += PROBE_MS;
      await hex();
    }
    expect(coinSnapshotBuilds()).toBe(builds);
  });

  test("when the version moves, this process's other coin-tagged values are built again; others stay", async () => {
    let coinBuilds = 0;
    let featuredBuilds = 0;
    const coinValue = () => cachedPublic("coin-tagged", ["coins"], async () => ++coinBuilds);
    const featuredValue = () => cachedPublic("featured-tagged", ["featured"], async () => ++featuredBuilds);
    await Promise.all([hex(), coinValue(), featuredValue()]);
    now += PROBE_MS; // a probe, no write: everything stays
    await hex();
    expect([await coinValue(), await featuredValue()]).toEqual([1, 1]);
    await db().coin.update({ where: { id: "btc" }, data: { priceChange24h: 1.25 } });
    now += PROBE_MS;
    await hex(); // the probe sees the version moved
    expect([await coinValue(), await featuredValue()]).toEqual([2, 1]);
  });

  test("a cold cache under 40 concurrent requests reads the version once and builds one snapshot", async () => {
    const probes = jest.spyOn(getDb().coinsVersion, "findUnique");
    const builds = coinSnapshotBuilds();
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? hex() : listed())));
      expect(answers).toHaveLength(40);
      expect(coinSnapshotBuilds()).toBe(builds + 1);
      // One probe for the 40 requests; the build reads the version to stamp its pages (or not at all from the read model).
      expect(probes.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      probes.mockRestore();
    }
  });
});

describe("the app's own writes reach the public reads at once", () => {
  test("a refresh pass", async () => {
    const before = await hex();
    const source: PriceSource = {
      name: "dexscreener",
      async fetchQuotes(requests): Promise<SourceResult> {
        const quotes = new Map(requests.filter((r) => r.coinId === "hex").map((r) => [r.coinId, { price: 0.5, marketCap: 9e11, change24h: 12.5, liquidityUsd: 5e6 }]));
        return { quotes, failures: requests.filter((r) => r.coinId !== "hex").map((r) => ({ coinId: r.coinId, reason: "not asked" })) };
      },
    };
    await db().coin.update({ where: { id: "hex" }, data: { quoteSource: "dexscreener", quoteId: "0xhex" } });
    const outcome = await refreshMarket(db(), { sources: [source], holder: "test", leaseMs: 1_000, log: () => {} });
    expect(outcome.ran).toBe(true);
    const after = await hex();
    expect(after.currentPrice).toBe(0.5);
    expect(after.currentPrice).not.toBe(before.currentPrice);
    expect((await listed()).find((coin) => coin.id === "hex")!.currentPrice).toBe(0.5);
    const gainers = coinListSchema.parse((await call(topGainers.GET, "/api/trending/top-gainers?limit=100")).body);
    expect(gainers.find((coin) => coin.id === "hex")!.priceChange24h).toBe(12.5);
  });

  describe("an operator's edits", () => {
    let operator: SignedIn;
    beforeAll(async () => {
      operator = await signIn(OPERATOR_KEY);
    });

    test("tags", async () => {
      expect((await hex()).tags).toEqual([]);
      const res = await operator.browser.request(adminCoin.PATCH, "/api/admin/coins/hex", {
        method: "PATCH",
        headers: JSON_WRITE,
        body: JSON.stringify({ tags: ["meme"] }),
        params: { id: "hex" },
      });
      expect(res.status).toBe(200);
      expect((await hex()).tags).toEqual(["meme"]);
    });

    test("a featured slot", async () => {
      const before = featuredComparisonListSchema.parse((await call(featured.GET, "/api/comparisons/featured")).body);
      const res = await operator.browser.request(adminFeatured.POST, "/api/admin/featured", {
        method: "POST",
        headers: JSON_WRITE,
        body: JSON.stringify({ coin1Id: "pls", coin2Id: "btc", startsAt: new Date().toISOString(), isPromoted: true }),
      });
      expect(res.status).toBe(201);
      const after = featuredComparisonListSchema.parse((await call(featured.GET, "/api/comparisons/featured")).body);
      expect(after.map((f) => `${f.coin1.id}/${f.coin2.id}`)[0]).toBe("pls/btc");
      expect(after).not.toEqual(before);
    });
  });
});

describe("GET /api/cryptocurrencies paging (CoinGecko's per_page and page)", () => {
  test("pages cut the ranked list in order; past the end is []", async () => {
    const all = await listed();
    expect(await listed("?per_page=5")).toEqual(all.slice(0, 5));
    expect(await listed("?per_page=5&page=3")).toEqual(all.slice(10, 15));
    expect(await listed("?page=1")).toEqual(all.slice(0, 100));
    expect(await listed(`?per_page=250&page=2`)).toEqual([]);
    expect(await listed("?ids=btc,hex,pls&per_page=2&page=2")).toEqual((await listed("?ids=btc,hex,pls")).slice(2));
  });

  test.each([
    ["?per_page=0", /per_page/],
    ["?per_page=251", /per_page/],
    ["?per_page=2.5", /per_page/],
    ["?page=0", /page/],
    ["?page=abc", /page/],
    ["?page=1&page=2", /more than once/],
    ["?perpage=10", /perpage/],
  ])("%s is a 400 that names the parameter", async (query, message) => {
    const res = await call(list.GET, `/api/cryptocurrencies${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: "invalid_query", message: expect.stringMatching(message) } });
  });

  test("the full list is the cached body, with the public cache header", async () => {
    const res = await call(list.GET, "/api/cryptocurrencies");
    expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(coinListSchema.parse(res.body)).toHaveLength(await db().coin.count());
  });
});

describe("GET /api/coin-index", () => {
  test("every coin by rank as [id, symbol, name, logoUrl, tag]; its version is cached for good", async () => {
    const res = await call(coinIndex.GET, "/api/coin-index");
    expect(res.status).toBe(200);
    const body = res.body as { version: string; coins: unknown[][] };
    const coins = await listed();
    // The tag marks the seed's PulseChain copies of Ethereum tokens (lib/coins/fork-copies.ts).
    expect(body.coins).toEqual(coins.map((coin) => [coin.id, coin.symbol, coin.name, coin.logoUrl, coin.forkOf ? "PulseChain copy" : null]));
    expect(body.coins.filter((row) => row[4] === "PulseChain copy").map((row) => row[0])).toEqual(expect.arrayContaining(["hex", "pdai"]));
    expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);

    const versioned = await call(coinIndex.GET, `/api/coin-index?v=${body.version}`);
    expect(versioned.body).toEqual(body);
    expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // An older page's version gets today's index, and only briefly cached.
    const old = await call(coinIndex.GET, "/api/coin-index?v=outdated");
    expect(old.body).toEqual(body);
    expect(old.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
  });

  test("the version changes when a coin the selectors show changes, not when a price does", async () => {
    const version = async () => ((await call(coinIndex.GET, "/api/coin-index")).body as { version: string }).version;
    const first = await version();
    await db().coin.update({ where: { id: "hex" }, data: { currentPrice: 123 } });
    now += MAX_AGE_MS;
    expect(await version()).toBe(first);
    await db().coin.update({ where: { id: "hex" }, data: { name: "HEX renamed" } });
    now += MAX_AGE_MS;
    expect(await version()).not.toBe(first);
  });

  test("an unknown parameter is a 400", async () => {
    const res = await call(coinIndex.GET, "/api/coin-index?q=hex");
    expect(res.status).toBe(400);
  });
});

describe("the size cap (MAX_ENTRIES)", () => {
  // Counts builds per key: a key built twice was not in the cache the second time.
  const builds = new Map<string, number>();
  const read = (key: string) =>
    cachedPublic(key, ["coins"], async () => {
      builds.set(key, (builds.get(key) ?? 0) + 1);
      return key;
    });
  beforeEach(() => builds.clear());

  test("past MAX_ENTRIES the oldest built goes first; the rest stay cached", async () => {
    for (let i = 0; i < MAX_ENTRIES; i++) await read(`k${i}`);
    // Full, nothing dropped yet: k0 is still served from the cache.
    await read("k0");
    expect(builds.get("k0")).toBe(1);
    // One more: k0, built first, goes (reading it did not make it newer); k1 stays.
    await read(`k${MAX_ENTRIES}`);
    await read("k1");
    expect(builds.get("k1")).toBe(1);
    await read("k0");
    expect(builds.get("k0")).toBe(2);
    // Rebuilding k0 made room by dropping the next oldest built: k1 (reading it did not make it
    // newer). k2 is still cached.
    await read("k2");
    expect(builds.get("k2")).toBe(1);
    await read("k1");
    expect(builds.get("k1")).toBe(2);
  });
});
