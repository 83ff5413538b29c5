// GET /api/cryptocurrencies/{id}/history: the real route handler on a real SQLite file, with
// hand-built snapshots whose expected thinning is worked out below by hand, step by step.
import * as history from "@/app/api/cryptocurrencies/[id]/history/route";
import { PUBLIC_CACHE_CONTROL } from "@/lib/api/responses";
import { invalidatePublicData } from "@/lib/cache/invalidate.server";
import { getDb } from "@/lib/db/get-db.server";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { historySchema } from "@/lib/history/schemas";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase();

// The clock every read sees: the windows reach back from here (1d: from 2026-11-22T12:30Z).
const NOW = Date.parse("2026-11-23T12:30:00.000Z");

/**
 * Snapshots of coin "hist", by name. Prices are distinct so each point says which snapshot it is.
 * Steps are UTC-aligned: 5 min (1d), 1 h (7d), 4 h (30d: 00-04, 04-08, ..., 12-16), 1 day.
 */
const S = {
  p1: ["2026-11-23T12:29:00.000Z", 1.01], // 1 min ago
  p2: ["2026-11-23T12:26:00.000Z", 1.02], // same 5-min step as p1 (12:25-12:30): p1 closes it
  p3: ["2026-11-23T10:05:00.000Z", 1.03], // three snapshots in one hour (10:00-11:00):
  p4: ["2026-11-23T10:20:00.000Z", 1.04], //   1d keeps all three (different 5-min steps),
  p5: ["2026-11-23T10:50:00.000Z", 1.05], //   7d keeps the last, p5
  p6: ["2026-11-22T12:29:59.999Z", 1.06], // 1 ms before the 1d window starts
  p7: ["2026-11-22T12:30:00.000Z", 1.07], // exactly where the 1d window starts (included)
  p8: ["2026-11-10T03:00:00.000Z", 1.08], // 13 days ago: 30d and longer
  p9: ["2026-11-10T01:00:00.000Z", 1.09], // same 4-hour step as p8 (00:00-04:00): p8 is later
  p10: ["2026-06-01T00:00:00.000Z", 1.1], // ~6 months ago: 1y and all
  p11: ["2026-06-01T23:00:00.000Z", 1.11], // same day as p10, later
  p12: ["2022-03-01T00:00:00.000Z", 1.12], // backfilled days, years ago: all only
  p13: ["2023-05-13T00:00:00.000Z", 1.13],
} as const satisfies Record<string, readonly [string, number]>;
type Name = keyof typeof S;

/** What a snapshot becomes in the API: marketCap is price × 1e9 here. */
const point = (name: Name) => ({ t: Date.parse(S[name][0]), price: S[name][1], marketCap: S[name][1] * 1e9 });

const get = (id: string, query: string) => call(history.GET, `/api/cryptocurrencies/${id}/history${query}`, { params: { id } });

async function points(range: string, id = "hist") {
  const res = await get(id, `?range=${range}`);
  expect(res.status).toBe(200);
  return historySchema.parse(res.body);
}

let clock: jest.SpyInstance<number, []>;
beforeAll(async () => {
  await db().coin.createMany({
    data: ["hist", "empty"].map((id, i) => ({ id, symbol: id.toUpperCase(), name: `Coin ${id}`, currentPrice: 1, marketCap: 1e9, rank: 900 + i, chain: "pulsechain" })),
  });
  // Inserted out of time order (ids are not the order): the API orders by time.
  const names = Object.keys(S) as Name[];
  const shuffled = [...names.filter((_, i) => i % 2), ...names.filter((_, i) => i % 2 === 0)];
  await db().priceSnapshot.createMany({
    data: shuffled.map((name) => ({ coinId: "hist", price: S[name][1], marketCap: S[name][1] * 1e9, takenAt: new Date(S[name][0]) })),
  });
});
beforeEach(() => {
  clock = jest.spyOn(Date, "now").mockReturnValue(NOW);
});
afterEach(() => clock.mockRestore());

describe("each range: its window, in time order, thinned to its step", () => {
  test.each<[string, Name[]]>([
    // From 2026-11-22T12:30Z: p7 (on the boundary), p3, p4, p5 (three 5-min steps), p2+p1 share 12:25-12:30 -> p1.
    ["1d", ["p7", "p3", "p4", "p5", "p1"]],
    // From 2026-11-16T12:30Z, hourly: p6+p7 (Nov 22, 12h) -> p7; p3-p5 (10h) -> p5; p2+p1 (12h) -> p1.
    ["7d", ["p7", "p5", "p1"]],
    // From 2026-10-24T12:30Z, 4-hourly: p9+p8 (00-04) -> p8; p6+p7 (12-16) -> p7; p3-p5 (08-12) -> p5; p2+p1 (12-16) -> p1.
    ["30d", ["p8", "p7", "p5", "p1"]],
    // From 2025-11-23T12:30Z, daily: p10+p11 -> p11; p9+p8 -> p8; p6+p7 -> p7; p1-p5 (Nov 23) -> p1.
    ["1y", ["p11", "p8", "p7", "p1"]],
    // Everything, daily: the backfilled 2022 and 2023 days first, then as 1y.
    ["all", ["p12", "p13", "p11", "p8", "p7", "p1"]],
  ])("%s", async (range, expected) => {
    expect(await points(range)).toEqual(expected.map(point));
  });

  test("the answer is JSON with the public cache header", async () => {
    const res = await get("hist", "?range=7d");
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
  });

  test("a seeded coin's history is its sample history, every point marked: daily up to its seed snapshot (2026-11-20)", async () => {
    const hex = await db().coin.findUniqueOrThrow({ where: { id: "hex" } });
    const seeded = { t: Date.parse("2026-11-20T00:00:00.000Z"), price: hex.currentPrice, marketCap: hex.marketCap, sample: true };
    // From 2026-11-16T12:30Z: Nov 17 to Nov 20, one a day.
    const week = await points("7d", "hex");
    expect(week.map((p) => new Date(p.t).toISOString().slice(0, 10))).toEqual(["2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]);
    expect(week.at(-1)).toEqual(seeded);
    expect(week.every((p) => p.sample === true)).toBe(true);
    // Back to its seed high (0.0551, March 6, 2024), weekly before the last year.
    const all = await points("all", "hex");
    expect(all[0]).toMatchObject({ t: Date.parse("2024-03-06T00:00:00.000Z"), price: 0.0551, sample: true });
    expect(all.at(-1)).toEqual(seeded);
    // 3.5 days before NOW: outside 1d.
    expect(await points("1d", "hex")).toEqual([]);
  });

  test("real points carry no sample flag", async () => {
    expect((await points("all")).some((p) => "sample" in p)).toBe(false);
  });

  test("a coin with no snapshots answers []", async () => {
    for (const range of ["1d", "7d", "30d", "1y", "all"]) expect(await points(range, "empty")).toEqual([]);
  });
});

describe("bad input is a 4xx JSON error", () => {
  test.each([
    ["an unknown range", "?range=2d", /range must be one of 1d, 7d, 30d, 1y, all/],
    ["an upper-case range", "?range=ALL", /range/],
    ["no range", "", /range/],
    ["an empty range", "?range=", /range/],
    ["an extra parameter", "?range=7d&from=0", /from/],
    ["a repeated range", "?range=7d&range=1d", /more than once/],
  ])("%s is a 400", async (_name, query, message) => {
    const res = await get("hist", query);
    expect(res.status).toBe(400);
    const { error } = apiErrorSchema.parse(res.body);
    expect(error.code).toBe("invalid_query");
    expect(error.message).toMatch(message);
  });

  test.each([
    ["an unknown id", "no-such-coin"],
    ["a known id in capitals", "HEX"],
    ["a path", "../etc/passwd"],
    ["a 500-character id", "x".repeat(500)],
  ])("%s is a 404", async (_name, id) => {
    const res = await call(history.GET, `/api/cryptocurrencies/${encodeURIComponent(id)}/history?range=7d`, { params: { id } });
    expect(res.status).toBe(404);
    expect(apiErrorSchema.parse(res.body).error.code).toBe("not_found");
  });

  test("other methods are a 405", async () => {
    const res = await call(history.POST, "/api/cryptocurrencies/hist/history?range=7d", { method: "POST", body: "{}", params: { id: "hist" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });
});

describe("the cache", () => {
  const p0 = { t: Date.parse("2026-11-23T12:29:30.000Z"), price: 2, marketCap: 2e9 };

  afterEach(async () => {
    await db().priceSnapshot.deleteMany({ where: { coinId: "hist", takenAt: new Date(p0.t) } });
  });

  test("a second call within the fresh window does not read the database again", async () => {
    const findMany = jest.spyOn(getDb().priceSnapshot, "findMany");
    try {
      const first = await points("7d");
      expect(findMany).toHaveBeenCalledTimes(1);
      clock.mockReturnValue(NOW + 5_000);
      expect(await points("7d")).toEqual(first);
      expect(findMany).toHaveBeenCalledTimes(1);
      // Each range is its own entry.
      await points("30d");
      expect(findMany).toHaveBeenCalledTimes(2);
    } finally {
      findMany.mockRestore();
    }
  });

  test("a refresh pass's invalidation makes the next call see a new snapshot", async () => {
    expect((await points("7d")).at(-1)).toEqual(point("p1"));
    // 30 s after p1 and in its hour: the hour's closing value is now p0.
    await db().priceSnapshot.create({ data: { coinId: "hist", price: p0.price, marketCap: p0.marketCap, takenAt: new Date(p0.t) } });
    expect((await points("7d")).at(-1)).toEqual(point("p1"));
    invalidatePublicData(["coins"]);
    expect(await points("7d")).toEqual([point("p7"), point("p5"), p0]);
  });
});
