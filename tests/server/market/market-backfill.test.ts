// `npm run market:backfill` against a real SQLite file (the seed), with msw playing CoinGecko's
// market_chart and GeckoTerminal's pools and OHLCV in their real shapes (tests/helpers/history-apis.ts).
// Expected snapshots and highs are worked out by hand in the comments. Here every coin's own
// history starts at the seed's snapshot, 2026-11-20T00:00Z (as if a live pass had priced it then;
// the seed's sample history before it is dropped): the backfill may only write days before it.
// How the backfill treats the sample history itself: sample-history.test.ts.
import { execFile } from "node:child_process";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { writeCoinHistory } from "@/lib/market/backfill/coin-history-store.server";
import { describeOutcome, runBackfill, type BackfillOptions } from "@/lib/market/backfill/run-backfill.server";
import { raiseAllTimeHigh } from "@/lib/market/pass/publish";
import { writePublishedPrices } from "@/lib/market/pass/pass-writes.server";
import { answerHistoryRequest, json, startFakeHistoryApis, utcDay, type Answer, type HistoryTables } from "@/tests/helpers/history-apis";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { noPace } from "@/tests/helpers/no-pace";

jest.setTimeout(90_000);

const { db } = useTestDatabase({ seed: true });

const OWN_FIRST = new Date("2026-11-20T00:00:00Z");
beforeAll(async () => {
  await db().priceSnapshot.deleteMany({ where: { sample: true, takenAt: { lt: OWN_FIRST } } });
  await db().priceSnapshot.updateMany({ where: { sample: true }, data: { sample: false } });
});

const CG = "https://coingecko.test/api/v3";
const GT = "https://geckoterminal.test/api/v2";
const NOW = Date.parse("2026-11-23T12:00:00Z");
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const PLSX = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
const WPLS = "0xa1077a294dde1b09bb078844df40758a5d0f9a27";
const HEX_POOL = "0xf1f4ee610b2babb05c635f726ef8b0c568c8dc65";
const PLSX_POOL = "0x1b45b9148791d3a104184cd5dfe5ce57193a3ee9";
const WPLS_POOL = "0xe56043671df55de5cdf8459710433c10324de0ae";

// What the APIs know unless a test changes it.
function defaultTables(): HistoryTables {
  return {
    marketCharts: {
      bitcoin: [
        { at: utcDay("2026-11-17"), price: 40, marketCap: 800 },
        { at: utcDay("2026-11-18"), price: 60, marketCap: 1_100 },
        { at: utcDay("2026-11-19"), price: 57, marketCap: 0 }, // no market cap: price x today's supply
        { at: utcDay("2026-11-20"), price: 58, marketCap: 1_200 }, // the site's own day: not written
        { at: NOW - 60_000, price: 59, marketCap: 1_210 }, // "now": a day still running
      ],
      ethereum: [{ at: utcDay("2026-11-10"), price: 3, marketCap: 30 }],
      solana: [{ at: utcDay("2026-11-12"), price: 7, marketCap: 70 }],
    },
    tokenPools: {
      [HEX]: [
        { address: "0x0000000000000000000000000000000000000b0b", reserveUsd: "1200.5" },
        { address: HEX_POOL, reserveUsd: "98000.25" },
      ],
      [PLSX]: [{ address: PLSX_POOL, reserveUsd: "5000" }],
      [WPLS]: [{ address: WPLS_POOL, reserveUsd: "1000000" }],
    },
    ohlcv: {
      // 2026-11-18 has no candle (no trades that day): a gap of one day.
      [HEX_POOL]: { base: HEX, quote: WPLS, candles: [{ day: utcDay("2026-11-16"), close: 0.4 }, { day: utcDay("2026-11-17"), close: 0.6 }, { day: utcDay("2026-11-19"), close: 0.3 }] },
      [PLSX_POOL]: { base: PLSX, quote: WPLS, candles: [{ day: utcDay("2026-11-15"), close: 0.002 }] },
      [WPLS_POOL]: { base: WPLS, quote: "0xefd766ccb38eaf1dfd701853bfce31359239f305", candles: [] },
    },
  };
}

let tables = defaultTables();
const seen: URL[] = [];
const sleeps: number[] = [];
const toResponse = (answer: Answer) => new HttpResponse(answer.body, { status: answer.status, headers: { "content-type": "application/json", ...answer.headers } });
const server = setupServer(
  http.get(/^https:\/\/(coingecko|geckoterminal)\.test\//, ({ request }) => {
    const url = new URL(request.url);
    seen.push(url);
    return toResponse(answerHistoryRequest(url, tables, NOW, { coinGecko: "/api/v3", geckoTerminal: "/api/v2" }));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
beforeEach(() => {
  seen.length = 0;
  sleeps.length = 0;
});
afterAll(() => server.close());

const options = (extra: Partial<BackfillOptions> = {}): BackfillOptions => ({
  coinGecko: { baseUrl: CG, pace: noPace },
  geckoTerminal: { baseUrl: GT, pace: noPace },
  sleep: async (ms) => void sleeps.push(ms),
  now: () => new Date(NOW),
  ...extra,
});

const snapshotsOf = (coinId: string) => db().priceSnapshot.findMany({ where: { coinId }, orderBy: { takenAt: "asc" }, select: { takenAt: true, price: true, marketCap: true } });
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** Answers in turn, then the last one again. */
function inTurn(...answers: Answer[]): () => Answer {
  let next = 0;
  return () => answers[Math.min(next++, answers.length - 1)]!;
}
const tooMany = (retryAfter?: string): Answer => ({ status: 429, body: JSON.stringify({ status: { error_code: 429, error_message: "rate limited" } }), headers: retryAfter ? { "Retry-After": retryAfter } : {} });

describe("a full run, then again", () => {
  let before: Awaited<ReturnType<typeof live>>;
  const live = () => db().coin.findMany({ where: { id: { in: ["btc", "hex", "inc"] } }, select: { id: true, currentPrice: true, marketCap: true, priceUpdatedAt: true, rank: true }, orderBy: { id: "asc" } });

  beforeAll(async () => {
    // Figures small enough to work out by hand.
    await db().coin.update({ where: { id: "btc" }, data: { circulatingSupply: 20, athPrice: 50, athAt: day("2025-01-01"), athMarketCap: 900, athMarketCapAt: day("2025-01-01"), athMarketCapEstimated: false } });
    await db().coin.update({ where: { id: "hex" }, data: { circulatingSupply: 1_000, athPrice: 0.5, athAt: day("2025-02-01"), athMarketCap: 450, athMarketCapAt: day("2025-02-01"), athMarketCapEstimated: false } });
    await db().coin.update({ where: { id: "inc" }, data: { circulatingSupply: null } });
    before = await live();
  });

  test("writes the days before the site's own, raises the highs, leaves the live price alone", async () => {
    const report = await runBackfill(db(), options({ coinIds: ["btc", "hex", "inc"] }));

    // btc: 11-17 (40, 800), 11-18 (60, 1,100), 11-19 (57, 57 x 20 = 1,140 estimated); 11-20 is the
    // site's own day and "now" is not a whole day. hex: 11-16 0.4 x 1,000 = 400, 11-17 600,
    // 11-19 300; 11-18 missing. inc has no supply: skipped before asking anything.
    expect(report.outcomes).toEqual([
      expect.objectContaining({ coinId: "btc", status: "done", written: 3, gaps: 0 }),
      expect.objectContaining({ coinId: "hex", status: "done", written: 3, gaps: 1, missingDays: 1 }),
      { coinId: "inc", source: "geckoterminal", status: "skipped", reason: "no circulating supply, so a price-only history gives no market caps" },
    ]);
    expect(report.daysWritten).toBe(6);
    expect(report.requests).toBe(3); // btc's chart; hex's pools, then its deepest pool's candles

    expect(await snapshotsOf("btc")).toEqual([
      { takenAt: day("2026-11-17"), price: 40, marketCap: 800 },
      { takenAt: day("2026-11-18"), price: 60, marketCap: 1_100 },
      { takenAt: day("2026-11-19"), price: 57, marketCap: 1_140 },
      expect.objectContaining({ takenAt: OWN_FIRST }), // the seed's, untouched and not doubled
    ]);
    expect(await snapshotsOf("hex")).toEqual([
      { takenAt: day("2026-11-16"), price: 0.4, marketCap: 400 },
      { takenAt: day("2026-11-17"), price: 0.6, marketCap: 600 },
      { takenAt: day("2026-11-19"), price: 0.3, marketCap: 300 },
      expect.objectContaining({ takenAt: OWN_FIRST }),
    ]);
    expect(await snapshotsOf("inc")).toHaveLength(1);

    // btc: price high 60 (11-18) beats 50; cap high 1,140 (11-19, estimated) beats 1,100 and 900.
    // hex: price 0.6 beats 0.5; cap 600 (estimated, as every pool day is) beats 450.
    const highs = await db().coin.findMany({ where: { id: { in: ["btc", "hex", "inc"] } }, orderBy: { id: "asc" }, select: { id: true, athPrice: true, athAt: true, athMarketCap: true, athMarketCapAt: true, athMarketCapEstimated: true, historyBackfilledAt: true } });
    expect(highs).toEqual([
      { id: "btc", athPrice: 60, athAt: day("2026-11-18"), athMarketCap: 1_140, athMarketCapAt: day("2026-11-19"), athMarketCapEstimated: true, historyBackfilledAt: new Date(NOW) },
      { id: "hex", athPrice: 0.6, athAt: day("2026-11-17"), athMarketCap: 600, athMarketCapAt: day("2026-11-17"), athMarketCapEstimated: true, historyBackfilledAt: new Date(NOW) },
      expect.objectContaining({ id: "inc", historyBackfilledAt: null }),
    ]);
    expect(await live()).toEqual(before);

    // The requests, as the APIs document them.
    const [chart, pools, candles] = seen;
    expect(`${chart!.origin}${chart!.pathname}`).toBe(`${CG}/coins/bitcoin/market_chart`);
    expect(Object.fromEntries(chart!.searchParams)).toEqual({ vs_currency: "usd", days: "365", interval: "daily" });
    expect(`${pools!.origin}${pools!.pathname}`).toBe(`${GT}/networks/pulsechain/tokens/${HEX}/pools`);
    expect(`${candles!.origin}${candles!.pathname}`).toBe(`${GT}/networks/pulsechain/pools/${HEX_POOL}/ohlcv/day`);
    // before_timestamp: the site's first snapshot, 2026-11-20T00:00Z, in Unix seconds.
    expect(Object.fromEntries(candles!.searchParams)).toEqual({ limit: "1000", currency: "usd", token: HEX, before_timestamp: String(Date.UTC(2026, 10, 20) / 1000) });
    expect(sleeps).toEqual([]);
  });

  test("a second run asks nothing for finished coins and writes nothing", async () => {
    const count = await db().priceSnapshot.count();
    const report = await runBackfill(db(), options({ coinIds: ["btc", "hex"] }));
    expect(report).toEqual({ outcomes: [], alreadyDone: 2, unknownIds: [], daysWritten: 0, requests: 0 });
    expect(seen).toEqual([]);
    expect(await db().priceSnapshot.count()).toBe(count);
  });

  test("--again re-checks them and still adds nothing that exists", async () => {
    const count = await db().priceSnapshot.count();
    const highs = await db().coin.findUniqueOrThrow({ where: { id: "btc" } });
    const report = await runBackfill(db(), options({ coinIds: ["btc", "hex"], again: true }));
    expect(report.outcomes).toEqual([
      expect.objectContaining({ coinId: "btc", status: "done", written: 0, note: "no day before its own first snapshot" }),
      expect.objectContaining({ coinId: "hex", status: "done", written: 0, note: "the source has no history for it" }),
    ]);
    expect(report.requests).toBe(3);
    // hex's candles are asked from before its earliest snapshot, now the backfilled 2026-11-16.
    expect(seen[2]!.searchParams.get("before_timestamp")).toBe(String(Date.UTC(2026, 10, 16) / 1000));
    expect(await db().priceSnapshot.count()).toBe(count);
    expect(await db().coin.findUniqueOrThrow({ where: { id: "btc" } })).toMatchObject({ athPrice: highs.athPrice, athMarketCap: highs.athMarketCap });
  });
});

test("a pool the site's cache names alone is read without asking GeckoTerminal for pools; answers cut to 6 months are paged", async () => {
  const PTGC = "0x94534EeEe131840b1c0F61847c572228bdfDDE93";
  const PTGC_POOL = "0x00000000000000000000000000000000000d0d0d";
  await db().pulseXPoolCache.create({
    data: { token: PTGC, decimals: 18, discoveredAt: new Date(NOW), pools: JSON.stringify([{ pair: PTGC_POOL.toUpperCase().replace("0X", "0x"), factory: "0x1715a3E4A142d8b698131108995174F37aEBA10D", base: WPLS, tokenIsToken0: true }]) },
  });
  await db().coin.update({ where: { id: "ptgc" }, data: { circulatingSupply: 10 } });
  // 400 days of candles up to 2026-11-19, each answer cut to the 180 days before its before_timestamp.
  const candles = Array.from({ length: 400 }, (_, i) => ({ day: utcDay("2026-11-19") - i * 86_400_000, close: 2 }));
  tables.ohlcv[PTGC_POOL] = { base: PTGC, quote: WPLS, candles, spanDays: 180 };
  const report = await runBackfill(db(), options({ coinIds: ["ptgc"], days: 300 }));
  tables = defaultTables();

  // 300 days back from 2026-11-23 is 2026-01-27; from then to 2026-11-19: 5 (Jan) + 28 + 31 + 30 +
  // 31 + 30 + 31 + 31 + 30 + 31 + 19 (Nov) = 297 days, each 2 x 10 = 20.
  expect(report.outcomes).toEqual([expect.objectContaining({ coinId: "ptgc", status: "done", written: 297, gaps: 0 })]);
  // Page 1: before 2026-11-20 (180 days back to 2026-05-24); page 2: before 2026-05-24, reaching past 2026-01-27.
  expect(seen.map((url) => [url.pathname, url.searchParams.get("before_timestamp")])).toEqual([
    [`/api/v2/networks/pulsechain/pools/${PTGC_POOL}/ohlcv/day`, String(Date.UTC(2026, 10, 20) / 1000)],
    [`/api/v2/networks/pulsechain/pools/${PTGC_POOL}/ohlcv/day`, String(Date.UTC(2026, 4, 24) / 1000)],
  ]);
  const written = await snapshotsOf("ptgc");
  expect(written[0]).toEqual({ takenAt: day("2026-01-27"), price: 2, marketCap: 20 });
  expect(written[296]).toEqual({ takenAt: day("2026-11-19"), price: 2, marketCap: 20 });
});

test("the CLI prints what it did and a summary; a bad command line is a usage error", async () => {
  const apis = await startFakeHistoryApis(
    {
      marketCharts: { binancecoin: [{ at: utcDay("2026-11-10"), price: 600, marketCap: 90_000 }, { at: utcDay("2026-11-11"), price: 610, marketCap: 91_000 }] },
      tokenPools: { "0x57fde0a71132198bbec939b98976993d8d89d225": [{ address: "0x000000000000000000000000000000000000e4e4", reserveUsd: "777" }] },
      ohlcv: { "0x000000000000000000000000000000000000e4e4": { base: "0x57fde0a71132198bbec939b98976993d8d89d225", quote: WPLS, candles: [{ day: utcDay("2026-11-08"), close: 0.01 }, { day: utcDay("2026-11-10"), close: 0.02 }] } },
    },
    Date.now(),
  );
  const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL, COINGECKO_API_URL: apis.coinGeckoUrl, GECKOTERMINAL_BASE_URL: apis.geckoTerminalUrl };
  const cli = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile("npx", ["tsx", "--conditions", "react-server", "scripts/market-backfill.ts", ...args], { cwd: process.cwd(), env }, (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
    });
  try {
    const run = await cli("--coins", "bnb,ehex,nope");
    expect(run.stderr).not.toMatch(/error|failed/i);
    expect(run.code).toBe(0);
    // bnb: 2 CoinGecko days; ehex: 11-08 and 11-10, the day between missing (1 gap).
    expect(run.stdout).toBe(
      [
        "  done     bnb (coingecko): 2 days written",
        "  done     ehex (geckoterminal): 2 days written; 1 gap (1 day missing at the source)",
        "Backfill: 2 coins done, 4 days written, 0 skipped, 3 requests.",
        "  unknown  no coin with the id nope",
        "",
      ].join("\n"),
    );
    expect(apis.requests).toHaveLength(3);
    const again = await cli("--coins", "bnb,ehex");
    expect(again.stdout).toBe("Backfill: 0 coins done, 0 days written, 0 skipped, 0 requests; 2 coins already backfilled (--again re-checks them).\n");
    // CoinGecko does not know "ripple" here (404): every coin tried was skipped, so exit 1.
    const failed = await cli("--coins", "xrp");
    expect(failed).toMatchObject({ code: 1, stdout: expect.stringContaining("  skipped  xrp (coingecko): coingecko: HTTP 404\n") });
    const usage = await cli("--days", "zero");
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringMatching(/Error: --days must be a whole number[\s\S]*Usage: npm run market:backfill/) });
  } finally {
    await apis.stop();
  }
}, 180_000); // four CLI processes, each compiling its TypeScript on a shared machine

test("a refresh pass that read a coin before the backfill raised its highs does not lower them when it writes", async () => {
  // The pass read btc's old highs (50 at 2025-01-01, 900); the backfill then raised them to 60 and
  // 1,140 (first test); the pass's new price 55 raises nothing over what it read.
  const stale = { athPrice: 50, athAt: day("2025-01-01"), athMarketCap: 900, athMarketCapAt: day("2025-01-01"), athMarketCapEstimated: false };
  const at = new Date(NOW);
  await writePublishedPrices(db(), [
    { id: "btc", currentPrice: 55, marketCap: 1_100, priceChange24h: 1, liquidityUsd: null, circulatingSupply: 20, priceSource: "coingecko", priceUpdatedAt: at, ...raiseAllTimeHigh(stale, 55, 1_100, at), provenance: null, pendingSupply: null, pendingSupplySince: null },
  ]);
  expect(await db().coin.findUniqueOrThrow({ where: { id: "btc" } })).toMatchObject({
    currentPrice: 55,
    athPrice: 60,
    athAt: day("2026-11-18"),
    athMarketCap: 1_140,
    athMarketCapAt: day("2026-11-19"),
    athMarketCapEstimated: true,
  });
  // A real new high still goes through: 70 x 20 = 1,400.
  await writePublishedPrices(db(), [
    { id: "btc", currentPrice: 70, marketCap: 1_400, priceChange24h: 1, liquidityUsd: null, circulatingSupply: 20, priceSource: "coingecko", priceUpdatedAt: at, ...raiseAllTimeHigh(stale, 70, 1_400, at), provenance: null, pendingSupply: null, pendingSupplySince: null },
  ]);
  expect(await db().coin.findUniqueOrThrow({ where: { id: "btc" } })).toMatchObject({ athPrice: 70, athAt: at, athMarketCap: 1_400, athMarketCapAt: at, athMarketCapEstimated: false });
});

test("a backfill that read a coin before a refresh pass raised its highs does not lower them when it writes", async () => {
  const at = new Date(NOW);
  // The pass's highs, written after the backfill read the coin: price 80, cap 1,600, recorded.
  await db().coin.update({ where: { id: "trx" }, data: { athPrice: 80, athAt: at, athMarketCap: 1_600, athMarketCapAt: at, athMarketCapEstimated: false } });
  const older = { athPrice: 60, athAt: day("2026-11-18"), athMarketCap: 1_200, athMarketCapAt: day("2026-11-19"), athMarketCapEstimated: true };
  await writeCoinHistory(db(), "trx", [], older, at);
  expect(await db().coin.findUniqueOrThrow({ where: { id: "trx" } })).toMatchObject({
    athPrice: 80,
    athAt: at,
    athMarketCap: 1_600,
    athMarketCapAt: at,
    athMarketCapEstimated: false,
    historyBackfilledAt: at,
  });
  // A higher one still goes through, each high with its own date: 90 on Nov 20, cap 2,000 on Nov 21.
  const higher = { athPrice: 90, athAt: day("2026-11-20"), athMarketCap: 2_000, athMarketCapAt: day("2026-11-21"), athMarketCapEstimated: true };
  await writeCoinHistory(db(), "trx", [], higher, at);
  expect(await db().coin.findUniqueOrThrow({ where: { id: "trx" } })).toMatchObject(higher);
});

test("a CoinGecko coin without a supply: days with a market cap are written, price-only days left out and said", async () => {
  await db().coin.updateMany({ where: { id: { in: ["doge", "ada"] } }, data: { circulatingSupply: null } });
  tables.marketCharts.dogecoin = [{ at: utcDay("2026-11-10"), price: 0.1, marketCap: 1_000 }, { at: utcDay("2026-11-11"), price: 0.2, marketCap: 0 }];
  tables.marketCharts.cardano = [{ at: utcDay("2026-11-10"), price: 0.5, marketCap: 0 }];
  const report = await runBackfill(db(), options({ coinIds: ["doge", "ada"] }));
  tables = defaultTables();
  const byId = Object.fromEntries(report.outcomes.map((outcome) => [outcome.coinId, outcome]));
  expect(describeOutcome(byId.doge!)).toBe("  done     doge (coingecko): 1 day written; 1 price-only day left out (no circulating supply)");
  expect(byId.ada).toEqual({ coinId: "ada", source: "coingecko", status: "skipped", reason: "no circulating supply to estimate the market caps of 1 price-only day" });
  expect((await snapshotsOf("doge"))[0]).toEqual({ takenAt: day("2026-11-10"), price: 0.1, marketCap: 1_000 });
  expect(await snapshotsOf("ada")).toHaveLength(1);
  const marks = await db().coin.findMany({ where: { id: { in: ["doge", "ada"] } }, select: { id: true, historyBackfilledAt: true }, orderBy: { id: "asc" } });
  expect(marks).toEqual([{ id: "ada", historyBackfilledAt: null }, { id: "doge", historyBackfilledAt: new Date(NOW) }]);
});

describe("when the APIs misbehave", () => {
  afterEach(() => {
    tables = defaultTables();
  });

  test("429 with Retry-After: waits what the header asks, then writes", async () => {
    tables.marketCharts.ethereum = inTurn(tooMany("7"), json({ prices: [[utcDay("2026-11-10"), 3]], market_caps: [[utcDay("2026-11-10"), 30]], total_volumes: [[utcDay("2026-11-10"), 1]] }));
    const report = await runBackfill(db(), options({ coinIds: ["eth"] }));
    expect(report.outcomes).toEqual([expect.objectContaining({ coinId: "eth", status: "done", written: 1 })]);
    expect((await snapshotsOf("eth"))[0]).toEqual({ takenAt: day("2026-11-10"), price: 3, marketCap: 30 });
    expect(sleeps).toEqual([7_000]); // the header's 7 s, and no backoff on top
    expect(report.requests).toBe(2);
  });

  test("429 without Retry-After: waits out GeckoTerminal's minute, then writes", async () => {
    tables.ohlcv[PLSX_POOL] = inTurn(tooMany(), json({ data: { id: "x", type: "ohlcv_request_response", attributes: { ohlcv_list: [[utcDay("2026-11-15") / 1000, 0.0019, 0.0021, 0.0018, 0.002, 5]] } }, meta: { base: { address: PLSX }, quote: { address: WPLS } } }));
    const report = await runBackfill(db(), options({ coinIds: ["plsx"] }));
    // plsx's seed supply 130,400,000,000,000 x 0.002 = 260,800,000,000.
    expect(report.outcomes).toEqual([expect.objectContaining({ coinId: "plsx", status: "done", written: 1 })]);
    expect((await snapshotsOf("plsx"))[0]).toEqual({ takenAt: day("2026-11-15"), price: 0.002, marketCap: 260_800_000_000 });
    expect(sleeps).toEqual([60_000]);
    expect(report.requests).toBe(3); // pools, then the 429 and the retry
  });

  test("429 on every attempt, and an empty history: one coin skipped with the reason, the other done with nothing", async () => {
    tables.marketCharts.ripple = () => tooMany();
    const report = await runBackfill(db(), options({ coinIds: ["xrp", "pls"] }));
    const byId = Object.fromEntries(report.outcomes.map((outcome) => [outcome.coinId, outcome]));
    expect(byId.xrp).toEqual({ coinId: "xrp", source: "coingecko", status: "skipped", reason: "coingecko: 429 Too Many Requests" });
    expect(byId.pls).toEqual({ coinId: "pls", source: "geckoterminal", status: "done", written: 0, gaps: 0, missingDays: 0, withoutSupply: 0, note: "the source has no history for it" });
    expect(sleeps).toEqual([60_000, 60_000, 60_000]); // 4 attempts, a minute before each retry
    // PLS is read through WPLS.
    expect(seen.some((url) => url.pathname === `/api/v2/networks/pulsechain/pools/${WPLS_POOL}/ohlcv/day` && url.searchParams.get("token") === WPLS)).toBe(true);
    expect(await snapshotsOf("pls")).toHaveLength(1);
    const marks = await db().coin.findMany({ where: { id: { in: ["xrp", "pls"] } }, select: { id: true, historyBackfilledAt: true }, orderBy: { id: "asc" } });
    expect(marks).toEqual([{ id: "pls", historyBackfilledAt: new Date(NOW) }, { id: "xrp", historyBackfilledAt: null }]);
  });

  test("a pool whose answer is about other tokens is refused, not written as this token's history", async () => {
    const PCOCK = "0xc10a4ed9b4042222d69ff0b374eddd47ed90fc1f";
    const POOL = "0x000000000000000000000000000000000000c0c0";
    tables.tokenPools[PCOCK] = [{ address: POOL, reserveUsd: "5000" }];
    tables.ohlcv[POOL] = { base: HEX, quote: WPLS, candles: [{ day: utcDay("2026-11-10"), close: 1 }] };
    const report = await runBackfill(db(), options({ coinIds: ["pcock"] }));
    expect(report.outcomes).toEqual([{ coinId: "pcock", source: "geckoterminal", status: "skipped", reason: `geckoterminal: pool ${POOL} does not trade ${PCOCK}` }]);
    expect(await snapshotsOf("pcock")).toHaveLength(1);
  });

  test("truncated JSON: the coin keeps what it had, is skipped with the reason, and the next run retries it", async () => {
    tables.marketCharts.solana = () => ({ status: 200, body: '{"prices":[[1794960000000,7],[17949' });
    const first = await runBackfill(db(), options({ coinIds: ["sol"] }));
    expect(first.outcomes).toEqual([{ coinId: "sol", source: "coingecko", status: "skipped", reason: "coingecko: the answer is not valid JSON" }]);
    expect(await snapshotsOf("sol")).toHaveLength(1);
    expect(await db().coin.findUniqueOrThrow({ where: { id: "sol" } })).toMatchObject({ historyBackfilledAt: null });

    tables = defaultTables();
    const second = await runBackfill(db(), options({ coinIds: ["sol"] }));
    expect(second.outcomes).toEqual([expect.objectContaining({ coinId: "sol", status: "done", written: 1 })]);
    expect((await snapshotsOf("sol"))[0]).toEqual({ takenAt: day("2026-11-12"), price: 7, marketCap: 70 });
  });
});
