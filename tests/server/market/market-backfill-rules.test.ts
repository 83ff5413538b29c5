// The backfill's pure rules: reading the sources' daily series, choosing the days and market caps
// to write, counting gaps, picking the main pool and the source, and the command line.
import { parseBackfillArgs } from "@/lib/market/backfill/backfill-args";
import { daysFromMarketChart, daysFromOhlcv } from "@/lib/market/backfill/day-points";
import { deepestPool, historySourceOf } from "@/lib/market/backfill/history-source";
import { countGaps, planDays, raiseHighsOver } from "@/lib/market/backfill/plan-days";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const ms = (iso: string) => day(iso).getTime();

test("CoinGecko's series: whole days only, in order, the first of a day kept, zero caps unknown", () => {
  const points = daysFromMarketChart({
    prices: [[ms("2026-11-02"), 2], [ms("2026-11-01"), 1], [ms("2026-11-02"), 9], [ms("2026-11-03") + 3_600_000, 3], [ms("2026-11-04"), 0]],
    market_caps: [[ms("2026-11-01"), 10], [ms("2026-11-02"), 0]],
  });
  expect(points).toEqual([
    { day: day("2026-11-01"), price: 1, marketCap: 10 },
    { day: day("2026-11-02"), price: 2, marketCap: null },
  ]);
});

test("GeckoTerminal's candles: seconds to days, newest first to oldest first, the close is the price", () => {
  const points = daysFromOhlcv([
    [ms("2026-11-02") / 1000, 1, 3, 0.5, 2.5, 100],
    [ms("2026-11-01") / 1000, 1, 2, 0.9, 1.5, 50],
  ]);
  expect(points).toEqual([
    { day: day("2026-11-01"), price: 1.5, marketCap: null },
    { day: day("2026-11-02"), price: 2.5, marketCap: null },
  ]);
});

test("planDays: before the own history, from `since`, caps from the source or today's supply, the rest counted", () => {
  const points = [
    { day: day("2026-10-30"), price: 5, marketCap: 50 }, // before since
    { day: day("2026-11-01"), price: 1, marketCap: 10 },
    { day: day("2026-11-02"), price: 2, marketCap: null }, // 2 x 100 = 200, estimated
    { day: day("2026-11-05"), price: 3, marketCap: 30 }, // 11-03 and 11-04 missing
    { day: day("2026-11-06"), price: 4, marketCap: 40 }, // the own history's first day
  ];
  const window = { before: day("2026-11-06"), since: day("2026-11-01") };
  expect(planDays(points, { ...window, supply: 100 })).toEqual({
    days: [
      { takenAt: day("2026-11-01"), price: 1, marketCap: 10, estimated: false },
      { takenAt: day("2026-11-02"), price: 2, marketCap: 200, estimated: true },
      { takenAt: day("2026-11-05"), price: 3, marketCap: 30, estimated: false },
    ],
    withoutSupply: 0,
    gaps: 1,
    missingDays: 2,
  });
  // Without a supply the price-only day is left out and counted; the gap grows to 11-02..11-04.
  expect(planDays(points, { ...window, supply: null })).toMatchObject({ withoutSupply: 1, gaps: 1, missingDays: 3 });
  // No own history: everything from `since` on.
  expect(planDays(points, { before: null, since: day("2026-11-01"), supply: 100 }).days).toHaveLength(4);
});

test("countGaps counts holes and the days they miss", () => {
  expect(countGaps([day("2026-11-01"), day("2026-11-02"), day("2026-11-05"), day("2026-11-07")])).toEqual({ gaps: 2, missingDays: 3 });
  expect(countGaps([])).toEqual({ gaps: 0, missingDays: 0 });
});

test("raiseHighsOver raises price and cap highs apart and never lowers them", () => {
  const previous = { athPrice: 10, athAt: day("2025-01-01"), athMarketCap: 100, athMarketCapAt: day("2025-01-01"), athMarketCapEstimated: false };
  const highs = raiseHighsOver(previous, [
    { takenAt: day("2024-01-01"), price: 12, marketCap: 90, estimated: false }, // price high only
    { takenAt: day("2024-02-01"), price: 8, marketCap: 150, estimated: true }, // cap high only, estimated
    { takenAt: day("2024-03-01"), price: 11, marketCap: 120, estimated: false }, // neither
  ]);
  expect(highs).toEqual({ athPrice: 12, athAt: day("2024-01-01"), athMarketCap: 150, athMarketCapAt: day("2024-02-01"), athMarketCapEstimated: true });
  expect(raiseHighsOver(previous, [])).toEqual(previous);
});

test("the main pool is the one with the most USD reserve", () => {
  expect(deepestPool([{ address: "0xAA", reserveUsd: 10 }, { address: "0xBB", reserveUsd: 20.5 }, { address: "0xCC", reserveUsd: null }])).toBe("0xbb");
  expect(deepestPool([])).toBeNull();
});

test("which source a coin's history comes from", () => {
  const coin = { chain: "bitcoin", contractAddress: null, quoteSource: "coingecko", quoteId: "Bitcoin" };
  expect(historySourceOf(coin)).toEqual({ kind: "coingecko", id: "bitcoin" });
  expect(historySourceOf({ chain: "pulsechain", contractAddress: null, quoteSource: "pulsex", quoteId: "0xA1077a294dDE1B09bB078844df40758a5D0f9a27" })).toEqual({
    kind: "geckoterminal",
    token: "0xa1077a294dde1b09bb078844df40758a5d0f9a27",
  });
  expect(historySourceOf({ chain: "pulsechain", contractAddress: "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39", quoteSource: "dexscreener", quoteId: null })).toMatchObject({ kind: "geckoterminal" });
  expect(historySourceOf({ chain: "solana", contractAddress: null, quoteSource: null, quoteId: null })).toMatchObject({ kind: "none" });
});

test("the command line", () => {
  expect(parseBackfillArgs(["--coins", "HEX, pls", "--days", "30", "--again"])).toEqual({ coinIds: ["hex", "pls"], days: 30, again: true, help: false });
  expect(parseBackfillArgs([])).toEqual({ coinIds: undefined, days: undefined, again: false, help: false });
  expect(parseBackfillArgs(["--days", "0"])).toEqual({ error: "--days must be a whole number from 1 to 10000" });
  expect(parseBackfillArgs(["--coins", ","])).toEqual({ error: "--coins needs at least one coin id" });
  expect(parseBackfillArgs(["--bogus"])).toHaveProperty("error");
  expect(parseBackfillArgs(["hex"])).toHaveProperty("error");
});
