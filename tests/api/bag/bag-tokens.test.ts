// GET /api/bag-tokens: the bag page's token list, one cached body for every visitor. Real route
// handler on a real SQLite file with the seed.
import * as bagTokens from "@/app/api/bag-tokens/route";
import { PUBLIC_CACHE_CONTROL } from "@/lib/api/responses";
import { fromBagTokenIndex } from "@/lib/bag/bag-tokens";
import { MAX_AGE_MS, resetPublicCacheForTests } from "@/lib/cache/public-cache.server";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase();

let now = 0;
beforeEach(() => {
  now = Date.now();
  resetPublicCacheForTests(() => now);
});

type Body = { version: string; tokens: unknown[][] };
const get = async (query = "") => call(bagTokens.GET, `/api/bag-tokens${query}`);

test("every PulseChain coin by rank with contract, decimals, price, market cap and high; no other chain's coin", async () => {
  await db().coin.update({ where: { id: "hex" }, data: { decimals: 8 } });
  const res = await get();
  expect(res.status).toBe(200);
  const body = res.body as Body;
  const pulsechain = await db().coin.findMany({ where: { chain: "pulsechain" }, orderBy: [{ rank: "asc" }, { id: "asc" }] });
  expect(body.tokens).toHaveLength(pulsechain.length);
  expect(body.tokens.map((row) => row[0])).toEqual(pulsechain.map((coin) => coin.id));
  const hex = pulsechain.find((coin) => coin.id === "hex")!;
  expect(body.tokens.find((row) => row[0] === "hex")).toEqual([
    "hex",
    "HEX",
    hex.name,
    hex.logoUrl,
    hex.contractAddress,
    8,
    hex.currentPrice,
    hex.marketCap,
    hex.athMarketCap,
    (hex.priceUpdatedAt ?? hex.listedAt).toISOString(),
  ]);
  // PLS is the chain's own coin: no contract.
  expect(body.tokens.find((row) => row[0] === "pls")?.[4]).toBeNull();
  expect(body.tokens.some((row) => row[0] === "btc")).toBe(false);
  // The page's parser keeps every row.
  expect(fromBagTokenIndex(body).map((token) => token.id)).toEqual(pulsechain.map((coin) => coin.id));
});

test("its version is cached for good, an older one briefly; a price change makes a new version", async () => {
  const first = (await get()).body as Body;
  const versioned = await get(`?v=${first.version}`);
  expect(versioned.body).toEqual(first);
  expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect((await get("?v=outdated")).headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);

  await db().coin.update({ where: { id: "hex" }, data: { currentPrice: 123 } });
  now += MAX_AGE_MS;
  const second = (await get()).body as Body;
  expect(second.version).not.toBe(first.version);
  expect(second.tokens.find((row) => row[0] === "hex")?.[6]).toBe(123);
});

test("an unknown parameter is a 400 JSON error, and a malformed row is dropped by the page's parser", async () => {
  const res = await get("?address=0x0000000000000000000000000000000000000001");
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ error: { code: "invalid_query" } });
  const parsed = fromBagTokenIndex({
    tokens: [
      ["ok", "OK", "Ok", null, "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39", 8, 1, 10, null, "2026-11-27T12:00:00.000Z"],
      ["no-time", "T", "T", null, null, 18, 1, 10, null, "yesterday"],
      ["bad-address", "B", "B", null, "0x123", 18, 1, 10, null],
      ["no-price", "N", "N", null, null, null, "1", 10, null],
      "not a row",
    ],
  });
  expect(parsed).toEqual([
    { id: "ok", symbol: "OK", name: "Ok", logoUrl: null, address: "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39", decimals: 8, currentPrice: 1, marketCap: 10, athMarketCap: null, priceUpdatedAt: "2026-11-27T12:00:00.000Z" },
    // A row without a readable price time is kept: its price is shown, never called stale.
    { id: "no-time", symbol: "T", name: "T", logoUrl: null, address: null, decimals: 18, currentPrice: 1, marketCap: 10, athMarketCap: null, priceUpdatedAt: null },
  ]);
  expect(() => fromBagTokenIndex({})).toThrow("The token list has no tokens.");
});
