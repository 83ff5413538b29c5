// The sample history a fresh install starts with (prisma/seed/sample-history.ts), on a real seeded
// SQLite file: every seed coin has a year and more of it, ending at its seed price; the history API
// marks it; a coin's first live price or backfill replaces it, and no pass takes a high or a 24h
// change from it. Passes run with scripted sources (as market-refresh.test.ts), the backfill
// against msw playing CoinGecko and GeckoTerminal (tests/helpers/history-apis.ts).
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import * as historyRoute from "@/app/api/cryptocurrencies/[id]/history/route";
import { invalidatePublicData } from "@/lib/cache/invalidate.server";
import { SNAPSHOT_TAKEN_AT } from "@/lib/db-setup/seed";
import { runBackfill } from "@/lib/market/backfill/run-backfill.server";
import { runRefreshPass } from "@/lib/market/pass/refresh.server";
import type { PriceSource, Quote, SourceResult } from "@/lib/market/types";
import { historySchema } from "@/lib/history/schemas";
import { seedCoins } from "@/prisma/seed/coins";
import { answerHistoryRequest, utcDay, type HistoryTables } from "@/tests/helpers/history-apis";
import { noPace } from "@/tests/helpers/no-pace";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase({ seed: true });

const DAY = 86_400_000;
// Three and a half days after the seed's snapshot: what the API's windows reach back from.
const NOW = Date.parse("2026-11-23T12:00:00Z");
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const WPLS = "0xa1077a294dde1b09bb078844df40758a5d0f9a27";
const HEX_POOL = "0xf1f4ee610b2babb05c635f726ef8b0c568c8dc65";

const snapshotsOf = (coinId: string) => db().priceSnapshot.findMany({ where: { coinId }, orderBy: { takenAt: "asc" } });
const coin = (id: string) => db().coin.findUniqueOrThrow({ where: { id } });

async function history(id: string, range: string) {
  const res = await call(historyRoute.GET, `/api/cryptocurrencies/${id}/history?range=${range}`, { params: { id } });
  expect(res.status).toBe(200);
  return historySchema.parse(res.body);
}

/** A DEX source answering `answers` (deep pools, so no move is held back). */
function dexAnswering(answers: Record<string, Partial<Quote> & { price: number }>): PriceSource {
  return {
    name: "dexscreener",
    async fetchQuotes(requests) {
      const result: SourceResult = { quotes: new Map(), failures: [] };
      for (const { coinId } of requests) {
        const answer = answers[coinId];
        if (answer) result.quotes.set(coinId, { marketCap: null, change24h: null, liquidityUsd: 1e7, ...answer });
        else result.failures.push({ coinId, reason: "not asked in this test" });
      }
      return result;
    },
  };
}
const pass = (answers: Parameters<typeof dexAnswering>[0], now = NOW) => runRefreshPass(db(), [dexAnswering(answers)], { log: () => {}, now: () => new Date(now) });

let clock: jest.SpyInstance<number, []>;
beforeAll(() => db().coin.updateMany({ where: { quoteSource: "pulsex" }, data: { quoteSource: "dexscreener" } }));
beforeEach(() => {
  clock = jest.spyOn(Date, "now").mockReturnValue(NOW);
});
afterEach(() => clock.mockRestore());

describe("a fresh seed", () => {
  test.each(["hex", "btc"])("gives %s at least a year of daily sample points, ending at its seed price and peaking at its seed high", async (id) => {
    const seed = seedCoins.find((c) => c.id === id)!;
    const { athPrice, athAt } = await coin(id);
    const rows = await snapshotsOf(id);
    expect(rows.every((row) => row.sample)).toBe(true);
    expect(rows.at(-1)).toMatchObject({ takenAt: SNAPSHOT_TAKEN_AT, price: seed.currentPrice, marketCap: seed.marketCap });
    const lastYear = rows.filter((row) => row.takenAt.getTime() >= SNAPSHOT_TAKEN_AT.getTime() - 365 * DAY);
    expect(lastYear).toHaveLength(366);
    const peak = rows.reduce((best, row) => (row.price > best.price ? row : best));
    expect(peak).toMatchObject({ price: athPrice, takenAt: athAt });
  });

  test("gives every seed coin its sample history, and nothing else", async () => {
    const counts = await db().priceSnapshot.groupBy({ by: ["coinId", "sample"], _count: { _all: true } });
    expect(counts.map((row) => row.coinId).sort()).toEqual(seedCoins.map((c) => c.id).sort());
    expect(counts.every((row) => row.sample && row._count._all >= 366)).toBe(true);
  });

  test("the history API marks every point sample, for the coin page and for both coins of a pair", async () => {
    for (const id of ["hex", "btc"]) {
      const points = await history(id, "1y");
      // From 2025-11-23T12:00Z to the snapshot: Nov 24, 2025 to Nov 20, 2026.
      expect(points).toHaveLength(362);
      expect(points.every((point) => point.sample === true)).toBe(true);
    }
  });
});

describe("a refresh pass", () => {
  test("replaces a coin's sample history with its first live price; coins it did not price keep theirs", async () => {
    await pass({ hex: { price: 0.0061, marketCap: 3.5e9 } });
    expect(await snapshotsOf("hex")).toEqual([expect.objectContaining({ price: 0.0061, marketCap: 3.5e9, takenAt: new Date(NOW), sample: false })]);
    expect((await snapshotsOf("btc")).every((row) => row.sample)).toBe(true);
    invalidatePublicData(["coins"]);
    expect(await history("hex", "all")).toEqual([{ t: NOW, price: 0.0061, marketCap: 3.5e9 }]);
    expect((await history("btc", "all")).every((point) => point.sample)).toBe(true);
  });

  test("takes neither a high nor a 24h change from sample rows", async () => {
    // inc's seed high is its seed price. Sample rows 20 and 10 minutes before the pass, at twice
    // that, would make a held window with the pass's own price; one 24 h before would give a change.
    const seed = await coin("inc");
    const at = (msBefore: number, price: number) => ({ coinId: "inc", price, marketCap: price * 1e6, takenAt: new Date(NOW - msBefore), sample: true });
    await db().priceSnapshot.createMany({ data: [at(DAY, 1), at(20 * 60_000, seed.currentPrice * 2), at(10 * 60_000, seed.currentPrice * 2)] });
    await pass({ inc: { price: seed.currentPrice * 2, change24h: 3.5 } });
    const after = await coin("inc");
    expect(after).toMatchObject({ currentPrice: seed.currentPrice * 2, priceChange24h: 3.5, athPrice: seed.athPrice, athAt: seed.athAt, athMarketCap: seed.athMarketCap });
    expect(await db().priceSnapshot.count({ where: { coinId: "inc", sample: true } })).toBe(0);
  });

  test("a coin priced before is not touched: its real history stays", async () => {
    await pass({ hex: { price: 0.0062, marketCap: 3.6e9 } }, NOW + 5 * 60_000);
    expect((await snapshotsOf("hex")).map((row) => row.price)).toEqual([0.0061, 0.0062]);
  });
});

describe("the backfill", () => {
  const tables: HistoryTables = {
    marketCharts: {
      // Days the sample covers (to Nov 20) and after it; "now" is a day still running.
      bitcoin: [
        { at: utcDay("2026-11-18"), price: 90_000, marketCap: 1.8e12 },
        { at: utcDay("2026-11-19"), price: 91_000, marketCap: 1.82e12 },
        { at: utcDay("2026-11-20"), price: 92_000, marketCap: 1.84e12 },
        { at: utcDay("2026-11-21"), price: 93_000, marketCap: 1.86e12 },
        { at: NOW - 60_000, price: 94_000, marketCap: 1.88e12 },
      ],
    },
    tokenPools: { [HEX]: [{ address: HEX_POOL, reserveUsd: "98000" }] },
    ohlcv: { [HEX_POOL]: { base: HEX, quote: WPLS, candles: [{ day: utcDay("2026-11-19"), close: 0.006 }] } },
  };
  const seen: URL[] = [];
  const server = setupServer(
    http.get(/^https:\/\/(coingecko|geckoterminal)\.test\//, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const answer = answerHistoryRequest(url, tables, NOW, { coinGecko: "/api/v3", geckoTerminal: "/api/v2" });
      return new HttpResponse(answer.body, { status: answer.status, headers: { "content-type": "application/json" } });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());
  const backfill = (coinIds: string[]) =>
    runBackfill(db(), { coinIds, coinGecko: { baseUrl: "https://coingecko.test/api/v3", pace: noPace }, geckoTerminal: { baseUrl: "https://geckoterminal.test/api/v2", pace: noPace }, now: () => new Date(NOW) });

  test("counts the sample's days as missing, writes the real ones in place of the sample, and keeps the seed highs", async () => {
    const before = await coin("btc");
    const report = await backfill(["btc"]);
    // Every whole day, those the sample covered included (a seed snapshot used to stop it at Nov 20).
    expect(report.outcomes).toEqual([expect.objectContaining({ coinId: "btc", status: "done", written: 4 })]);
    expect((await snapshotsOf("btc")).map((row) => [row.takenAt.toISOString().slice(0, 10), row.price, row.sample])).toEqual([
      ["2026-11-18", 90_000, false],
      ["2026-11-19", 91_000, false],
      ["2026-11-20", 92_000, false],
      ["2026-11-21", 93_000, false],
    ]);
    // Below the seed high (126,080): nothing raised, and the sample's peak counted for nothing either.
    expect(await coin("btc")).toMatchObject({ athPrice: before.athPrice, athAt: before.athAt, athMarketCap: before.athMarketCap, currentPrice: before.currentPrice });
    expect((await history("btc", "7d")).some((point) => point.sample)).toBe(false);
  });

  test("asks a pool's candles up to now, not from before the sample", async () => {
    // Re-seed hex's sample (the pass above replaced it) to see what the backfill asks.
    await db().priceSnapshot.deleteMany({ where: { coinId: "hex" } });
    await db().priceSnapshot.createMany({ data: [{ coinId: "hex", price: 0.005, marketCap: 3e9, takenAt: SNAPSHOT_TAKEN_AT, sample: true }] });
    seen.length = 0;
    const report = await backfill(["hex"]);
    expect(report.outcomes).toEqual([expect.objectContaining({ coinId: "hex", status: "done", written: 1 })]);
    const candles = seen.find((url) => url.pathname.endsWith("/ohlcv/day"))!;
    expect(candles.searchParams.get("before_timestamp")).toBeNull();
    expect((await snapshotsOf("hex")).map((row) => [row.takenAt.toISOString().slice(0, 10), row.price, row.sample])).toEqual([["2026-11-19", 0.006, false]]);
  });
});
