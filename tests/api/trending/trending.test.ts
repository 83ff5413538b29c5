import * as oneCoin from "@/app/api/cryptocurrencies/[id]/route";
import * as mostCompared from "@/app/api/trending/most-compared/route";
import * as pulsechainGainers from "@/app/api/trending/pulsechain-gainers/route";
import * as recentlyListed from "@/app/api/trending/recently-listed/route";
import * as topGainers from "@/app/api/trending/top-gainers/route";
import { seedCoins } from "@/prisma/seed/coins";
import { getDb } from "@/lib/db/get-db.server";
import { listCoins } from "@/lib/coins/queries.server";
import { selectMemeCoins } from "@/lib/trending/home-tables";
import { recordComparison, recordSave } from "@/lib/trending/pair-counts.server";
import { apiErrorSchema, coinListSchema, coinSchema, mostComparedPairListSchema } from "@/lib/coins/schemas";
import { PUBLIC_CACHE_CONTROL } from "@/lib/api/responses";
import { MAX_AGE_MS, resetPublicCacheForTests } from "@/lib/cache/public-cache.server";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db, wroteBehindTheCache } = useTestDatabase();

async function coins(handler: typeof topGainers.GET, path: string) {
  const res = await call(handler, path);
  expect(res.status).toBe(200);
  return coinListSchema.parse(res.body);
}

const isSortedDesc = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! >= v);

test("top-gainers: the 10 biggest 24h gainers, none without a change", async () => {
  const list = await coins(topGainers.GET, "/api/trending/top-gainers");
  expect(list).toHaveLength(10);
  expect(list.every((c) => c.priceChange24h !== null)).toBe(true);
  expect(isSortedDesc(list.map((c) => c.priceChange24h!))).toBe(true);
  const best = Math.max(...seedCoins.filter((c) => c.priceChange24h !== null).map((c) => c.priceChange24h!));
  expect(list[0]!.priceChange24h).toBe(best);
});

test("pulsechain-gainers: at most 25 PulseChain coins, best change first, missing changes last", async () => {
  const list = await coins(pulsechainGainers.GET, "/api/trending/pulsechain-gainers");
  expect(list.length).toBeGreaterThan(10);
  expect(list.length).toBeLessThanOrEqual(25);
  expect(list.every((c) => c.chain === "pulsechain")).toBe(true);
  const changes = list.map((c) => c.priceChange24h ?? -Infinity);
  expect(isSortedDesc(changes)).toBe(true);
});

test("recently-listed: newest listing first", async () => {
  const list = await coins(recentlyListed.GET, "/api/trending/recently-listed");
  expect(list.length).toBeGreaterThan(0);
  const times = list.map((c) => Date.parse(c.listedAt));
  expect(isSortedDesc(times)).toBe(true);
  const newest = Math.max(...seedCoins.map((c) => Date.parse(c.listedAt)));
  expect(times[0]).toBe(newest);
});

test("?limit=N shortens any trending list", async () => {
  expect(await coins(recentlyListed.GET, "/api/trending/recently-listed?limit=3")).toHaveLength(3);
  expect(await coins(topGainers.GET, "/api/trending/top-gainers?limit=1")).toHaveLength(1);
});

test.each([["0"], ["101"], ["abc"], ["1.5"], [""], ["-1"], ["1e9"]])("?limit=%s is a 400 JSON error", async (limit) => {
  const res = await call(topGainers.GET, `/api/trending/top-gainers?limit=${limit}`);
  expect(res.status).toBe(400);
  const { error } = apiErrorSchema.parse(res.body);
  expect(error.code).toBe("invalid_query");
  expect(error.message).toMatch(/limit/);
});

describe("most-compared: the counted ranking", () => {
  beforeEach(async () => {
    await db().pairCount.deleteMany();
  });

  async function ranking(query = "") {
    const res = await call(mostCompared.GET, `/api/trending/most-compared${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    return mostComparedPairListSchema.parse(res.body);
  }
  const summary = (pairs: Awaited<ReturnType<typeof ranking>>) =>
    pairs.map((p) => `${p.rank} ${p.coin1.id}/${p.coin2.id} ${p.comparisons}+${p.saves}`);

  /** A count row with exact numbers and time, so ties are decided by the test, not the clock. */
  const countRow = (coin1Id: string, coin2Id: string, comparisons: number, saves: number, updatedAt: string) =>
    db().pairCount.create({ data: { coin1Id, coin2Id, comparisons, saves, updatedAt: new Date(updatedAt) } });

  test("nothing counted yet: an empty list", async () => {
    expect(await ranking()).toEqual([]);
  });

  test("pairs with both coins as the coin list has them, ranked by comparisons + saves", async () => {
    for (let i = 0; i < 3; i++) await recordComparison(getDb(), "hex", "btc");
    await recordComparison(getDb(), "pls", "eth");
    for (let i = 0; i < 3; i++) await recordSave(getDb(), "pls", "eth");
    await recordSave(getDb(), "plsx", "hex");
    wroteBehindTheCache("pair-counts");

    const pairs = await ranking();
    expect(summary(pairs)).toEqual(["1 pls/eth 1+3", "2 hex/btc 3+0", "3 plsx/hex 0+1"]);
    expect(Object.keys(pairs[0]!).sort()).toEqual(["coin1", "coin2", "comparisons", "rank", "saves"]);
    // Coins exactly as GET /api/cryptocurrencies/{id} serves them, less the account of the price.
    const hex = await call(oneCoin.GET, "/api/cryptocurrencies/hex", { params: { id: "hex" } });
    const { provenance, heldBack, sourceCheck, supplyNote, contractFailing, depth, supplyBases, ...coin } = hex.body as Record<string, unknown>;
    expect([provenance, heldBack, sourceCheck, contractFailing, depth]).toEqual([null, null, null, null, null]); // the seed's snapshot price
    expect(supplyBases).toEqual([{ basis: "circulating", supply: expect.any(Number), marketCap: expect.any(Number) }]); // nothing else read yet
    expect(supplyNote).toMatch(/^Liquid HEX only: staked HEX/);
    expect(pairs[1]!.coin1).toEqual(coin);
    expect(pairs[1]!.coin1).toMatchObject({ id: "hex", symbol: "HEX", tags: [] });
    expect(pairs[2]!.coin1).toMatchObject({ id: "plsx", symbol: "PLSX" });
  });

  test("ties: the most recently counted first, then by ids", async () => {
    await countRow("hex", "btc", 2, 0, "2026-11-20T10:00:00.000Z");
    await countRow("pls", "eth", 1, 1, "2026-11-20T12:00:00.000Z");
    await countRow("eth", "pls", 0, 2, "2026-11-20T12:00:00.000Z");
    await countRow("btc", "hex", 1, 0, "2026-11-21T00:00:00.000Z");
    await countRow("plsx", "pls", 5, 0, "2026-11-01T00:00:00.000Z");
    wroteBehindTheCache("pair-counts");
    expect(summary(await ranking())).toEqual([
      "1 plsx/pls 5+0",
      "2 eth/pls 0+2",
      "3 pls/eth 1+1",
      "4 hex/btc 2+0",
      "5 btc/hex 1+0",
    ]);
  });

  test("a new count moves a pair up within the cache's time ceiling: counting is what ranks", async () => {
    let now = Date.now();
    resetPublicCacheForTests(() => now);
    await countRow("hex", "btc", 2, 0, "2026-11-20T10:00:00.000Z");
    await countRow("pls", "eth", 2, 0, "2026-11-20T09:00:00.000Z");
    expect(summary(await ranking())[0]).toBe("1 hex/btc 2+0");
    await recordSave(getDb(), "pls", "eth");
    // A count does not invalidate the ranking (a spike of counts would rebuild it per count)...
    expect(summary(await ranking())[0]).toBe("1 hex/btc 2+0");
    // ...it shows once the cached ranking reaches its ceiling.
    now += MAX_AGE_MS;
    expect(summary(await ranking())).toEqual(["1 pls/eth 2+1", "2 hex/btc 2+0"]);
  });

  test("?limit=N returns the best N; the default is 10", async () => {
    const ids = ["pls", "hex", "plsx", "btc", "eth"];
    for (const [i, coin1Id] of ids.entries()) {
      for (const [j, coin2Id] of ids.entries()) {
        if (i !== j) await countRow(coin1Id, coin2Id, i * 10 + j, 0, "2026-11-20T10:00:00.000Z");
      }
    }
    wroteBehindTheCache("pair-counts");
    const all = await ranking("?limit=100");
    expect(all).toHaveLength(20);
    expect(all.map((p) => p.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const totals = all.map((p) => p.comparisons + p.saves);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(await ranking()).toEqual(all.slice(0, 10));
    expect(summary(await ranking("?limit=2"))).toEqual(["1 eth/btc 43+0", "2 eth/plsx 42+0"]);
  });

  test.each([["?limit=0"], ["?limit=101"], ["?limt=5"], ["?limit=1&limit=2"]])("%s is a 400 invalid_query", async (query) => {
    const res = await call(mostCompared.GET, `/api/trending/most-compared${query}`);
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.body).error.code).toBe("invalid_query");
  });

  test("a deleted coin's pairs drop out of the ranking", async () => {
    await db().coin.create({
      data: { id: "doomed-trend-coin", symbol: "DOOM", name: "Doomed", currentPrice: 1, marketCap: 1_000, rank: 9_996, chain: "pulsechain" },
    });
    await countRow("doomed-trend-coin", "pls", 9, 0, "2026-11-20T10:00:00.000Z");
    await countRow("hex", "doomed-trend-coin", 8, 0, "2026-11-20T10:00:00.000Z");
    await countRow("hex", "pls", 1, 0, "2026-11-20T10:00:00.000Z");
    wroteBehindTheCache("coins", "pair-counts");
    expect(await ranking()).toHaveLength(3);
    await db().coin.delete({ where: { id: "doomed-trend-coin" } });
    wroteBehindTheCache("coins");
    expect(summary(await ranking())).toEqual(["1 hex/pls 1+0"]);
  });
});

describe("the 'Top Meme Coins' table: coins tagged meme among the first 25", () => {
  const memeTable = async () => selectMemeCoins(await listCoins()).map((c) => c.symbol);

  test("the seed tags the spec's meme symbols; the table shows those in the top 25, by rank", async () => {
    const tagged = await db().coin.findMany({ where: { tags: { contains: "meme" } }, orderBy: { rank: "asc" } });
    expect(tagged.map((c) => c.symbol.toUpperCase()).sort()).toEqual(["MOST", "PCOCK", "PEPE", "PTGC", "TRUMP"]);
    const expected = tagged.filter((c) => c.rank <= 25).map((c) => c.symbol);
    expect(expected.length).toBeGreaterThan(0);
    expect(await memeTable()).toEqual(expected);
  });

  test("an operator's tag decides: tagging a top-25 coin adds it, untagging removes one", async () => {
    const before = await memeTable();
    const [first] = await db().coin.findMany({ where: { tags: "" }, orderBy: { rank: "asc" }, take: 1 });
    const [removed] = await db().coin.findMany({ where: { tags: "meme", rank: { lte: 25 } }, orderBy: { rank: "asc" }, take: 1 });
    await db().coin.update({ where: { id: first!.id }, data: { tags: "dog,Meme" } });
    await db().coin.update({ where: { id: removed!.id }, data: { tags: "" } });
    wroteBehindTheCache("coins");
    try {
      const after = await memeTable();
      expect(after[0]).toBe(first!.symbol);
      expect(after).not.toContain(removed!.symbol);
      expect(after).toEqual([first!.symbol, ...before.filter((symbol) => symbol !== removed!.symbol)]);
      const served = await call(oneCoin.GET, `/api/cryptocurrencies/${first!.id}`, { params: { id: first!.id } });
      expect(coinSchema.parse(served.body).tags).toEqual(["dog", "meme"]);
    } finally {
      await db().coin.update({ where: { id: first!.id }, data: { tags: "" } });
      await db().coin.update({ where: { id: removed!.id }, data: { tags: "meme" } });
      wroteBehindTheCache("coins");
    }
  });
});
