import * as mostCompared from "@/app/api/trending/most-compared/route";
import * as pulsechainGainers from "@/app/api/trending/pulsechain-gainers/route";
import * as recentlyListed from "@/app/api/trending/recently-listed/route";
import * as topGainers from "@/app/api/trending/top-gainers/route";
import { seedCoins } from "@/prisma/seed/coins";
import { apiErrorSchema, coinListSchema } from "@/lib/validation/coins";
import { call } from "../helpers/request";
import { useTestDatabase } from "../helpers/test-database";

const { db } = useTestDatabase();

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

describe("most-compared", () => {
  test("the coins of the fixed pairs PCOCK/DOGE, PLSX/ETH, HEX/BTC, PTGC/PCOCK, in pair order", async () => {
    const list = await coins(mostCompared.GET, "/api/trending/most-compared");
    expect(list.map((c) => c.symbol)).toEqual(["PCOCK", "DOGE", "PLSX", "ETH", "HEX", "BTC", "pTGC"]);
  });

  test("a pair is left out when one of its coins is gone", async () => {
    await db().coin.delete({ where: { id: "doge" } });
    const list = await coins(mostCompared.GET, "/api/trending/most-compared");
    expect(list.map((c) => c.symbol)).toEqual(["PLSX", "ETH", "HEX", "BTC", "pTGC", "PCOCK"]);
  });
});
