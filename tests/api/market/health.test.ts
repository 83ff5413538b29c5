// GET /api/health on a real seeded SQLite file: price ages by priceUpdatedAt (never the row's
// updatedAt, which re-ranks and operator edits move), the stale and low-liquidity counts as the
// refresh pass counts them (writeHealthCounts, its last step: the tests call it after setting coins
// up, as a pass would), the last PLS cross-check as the pass stores it (through the real
// writeMarketState), and the alarms: 503 "stale" past HEALTH_STALE_AFTER_MINUTES (on the newest
// price, read per request), 503 "draining" during a shutdown, while GET /api/health/live stays 200
// through both.
import * as health from "@/app/api/health/route";
import * as live from "@/app/api/health/live/route";
import { installGracefulShutdown, resetShutdownForTests } from "@/lib/http/shutdown.server";
import { writeHealthCounts } from "@/lib/market/health-counts.server";
import { refreshMarket } from "@/lib/market/run.server";
import type { PriceSource } from "@/lib/market/types";
import { writeMarketState } from "@/lib/market/state.server";
import { healthLiveSchema, healthSchema, healthUnavailableSchema } from "@/lib/market/health-schema";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase({ seed: true });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function getHealth() {
  const res = await call(health.GET, "/api/health");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return healthSchema.parse(res.body);
}

async function getUnavailable() {
  const res = await call(health.GET, "/api/health");
  expect(res.status).toBe(503);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return healthUnavailableSchema.parse(res.body);
}

/** What the refresh pass does last: count over every coin for the health check. */
const passCounts = () => writeHealthCounts(db(), { log: (line) => { throw new Error(line); } });

/** Every coin priced live `minutes` ago. */
const allPricedAgo = (minutes: number) => db().coin.updateMany({ data: { priceSource: "pulsex", priceUpdatedAt: minutesAgo(minutes) } });

test("before the first pass: 503 stale on the newest price, the counts null with countedAt null (no count over the coin table per request)", async () => {
  const body = await getUnavailable();
  if (body.status !== "stale") throw new Error(`expected stale, got ${body.status}`);
  expect(body.prices).toMatchObject({ countedAt: null, stalest: null, stalestAgeSeconds: null, staleCoins: null, lowLiquidityCoins: null, sourcesDisagreeCoins: null, quarantinedCoins: null });
  expect(body.prices.newestPriceAgeSeconds).toBeGreaterThan(24 * 3_600);
  expect(body.prices.freshestAgeSeconds).toBe(body.prices.newestPriceAgeSeconds);
  expect(body.plsCrossCheck).toBeNull();
});

test("seed only: 503 stale (the snapshot's prices are days old), with the report; nothing counts as a stale coin, no cross-check yet", async () => {
  await passCounts();
  const body = await getUnavailable();
  expect(body).toMatchObject({ status: "stale", database: "ok", staleAfterSeconds: 30 * 60, error: { code: "service_unavailable", message: expect.stringMatching(/^The newest price is \d+ minutes old \(the bound is 30\)/) } });
  if (body.status !== "stale") throw new Error("narrowed above");
  expect(body.prices.freshest).toBe(body.prices.stalest);
  // The seed snapshot is dated days before any run of this test.
  expect(body.prices.newestPriceAgeSeconds).toBeGreaterThan(24 * 3_600);
  expect(body.prices.staleCoins).toBe(0);
  expect(body.prices.lowLiquidityCoins).toBe(0);
  expect(body.prices.sourcesDisagreeCoins).toBe(0);
  expect(body.plsCrossCheck).toBeNull();
});

test("200 ok while the newest price is within HEALTH_STALE_AFTER_MINUTES, 503 stale past it", async () => {
  await allPricedAgo(20);
  expect((await getHealth()).status).toBe("ok");
  // One coin priced a minute ago is enough: the bound is on the newest price, not the oldest.
  await allPricedAgo(45);
  expect((await getUnavailable()).status).toBe("stale");
  await db().coin.update({ where: { id: "btc" }, data: { priceUpdatedAt: minutesAgo(1) } });
  expect((await getHealth()).prices.newestPriceAgeSeconds).toBeLessThan(90);

  const restore = setEnvVars({ HEALTH_STALE_AFTER_MINUTES: "10" });
  try {
    await allPricedAgo(20);
    const body = await getUnavailable();
    expect(body).toMatchObject({ status: "stale", staleAfterSeconds: 600 });
  } finally {
    restore();
  }
  // A coin listed since, never priced, does not make the prices fresh.
  await allPricedAgo(45);
  await db().coin.update({ where: { id: "pepe" }, data: { priceUpdatedAt: null, listedAt: minutesAgo(1) } });
  await passCounts();
  const body = await getUnavailable();
  if (body.status !== "stale") throw new Error(`expected stale, got ${body.status}`);
  expect(body.prices.freshestAgeSeconds).toBeLessThan(90);
  expect(body.prices.newestPriceAgeSeconds).toBeGreaterThanOrEqual(45 * 60);
});

test("while the server drains: /api/health answers 503 draining at once, /api/health/live stays 200", async () => {
  await allPricedAgo(1);
  expect((await getHealth()).status).toBe("ok");
  const exits: number[] = [];
  const drain = installGracefulShutdown({ graceMs: 5_000, http: false, log: () => {}, exit: (code) => void exits.push(code) });
  try {
    await drain("SIGTERM");
    // Nothing was in hand (no server, no work), so the drain ended at once, cleanly.
    expect(exits).toEqual([0]);
    expect(await getUnavailable()).toEqual({ status: "draining", error: { code: "service_unavailable", message: expect.stringContaining("shutting down") } });
    const alive = await call(live.GET, "/api/health/live");
    expect(alive.status).toBe(200);
    expect(healthLiveSchema.parse(alive.body)).toEqual({ status: "ok", database: "ok" });
  } finally {
    resetShutdownForTests();
  }
  expect((await getHealth()).status).toBe("ok");
});

test("/api/health/live is 200 while the prices are stale (a restart would not make them fresh)", async () => {
  await allPricedAgo(600);
  expect((await getUnavailable()).status).toBe("stale");
  const alive = await call(live.GET, "/api/health/live");
  expect(alive.status).toBe(200);
  expect(alive.headers.get("cache-control")).toBe("no-store");
  expect(alive.body).toEqual({ status: "ok", database: "ok" });
});

test("ages and counts come from priceUpdatedAt: a recent updatedAt does not make an old price fresh", async () => {
  // Every coin live and priced a minute ago, except ETH (an hour ago, then edited just now) and
  // DOGE (20 minutes ago). Stale: older than 15 minutes while the freshest is younger -> ETH, DOGE.
  await db().coin.updateMany({ data: { priceSource: "pulsex", priceUpdatedAt: minutesAgo(1), updatedAt: minutesAgo(1) } });
  await db().coin.update({ where: { id: "eth" }, data: { priceUpdatedAt: minutesAgo(60), updatedAt: new Date() } });
  await db().coin.update({ where: { id: "doge" }, data: { priceUpdatedAt: minutesAgo(20) } });
  await db().coin.updateMany({ where: { id: { in: ["pepe", "most"] } }, data: { lowLiquidity: true } });
  await db().coin.updateMany({ where: { id: { in: ["hex", "pls", "inc"] } }, data: { sourcesDisagree: true } });
  await passCounts();

  const { prices } = await getHealth();
  // 60 minutes = 3,600 s (the request takes well under the 30 s of slack).
  expect(prices.stalestAgeSeconds).toBeGreaterThanOrEqual(3_600);
  expect(prices.stalestAgeSeconds).toBeLessThan(3_630);
  expect(prices.freshestAgeSeconds).toBeGreaterThanOrEqual(60);
  expect(prices.freshestAgeSeconds).toBeLessThan(90);
  expect(prices.staleCoins).toBe(2);
  expect(prices.lowLiquidityCoins).toBe(2);
  expect(prices.sourcesDisagreeCoins).toBe(3);
});

test("when every price is old alike (the refresh is down), no coin counts as stale: the answer is 503 stale by the newest price's age", async () => {
  await db().coin.updateMany({ data: { priceSource: "pulsex", priceUpdatedAt: minutesAgo(40), lowLiquidity: false } });
  await passCounts();
  const body = await getUnavailable();
  if (body.status !== "stale") throw new Error(`expected stale, got ${body.status}`);
  expect(body.prices.staleCoins).toBe(0);
  expect(body.prices.freshestAgeSeconds).toBeGreaterThanOrEqual(2_400);
});

test("a coin never priced (priceUpdatedAt null) counts from its listing time", async () => {
  await db().coin.updateMany({ data: { priceSource: "pulsex", priceUpdatedAt: minutesAgo(1) } });
  await db().coin.update({ where: { id: "pepe" }, data: { priceUpdatedAt: null, listedAt: minutesAgo(120) } });
  await passCounts();
  const { prices } = await getHealth();
  // 120 minutes = 7,200 s.
  expect(prices.stalestAgeSeconds).toBeGreaterThanOrEqual(7_200);
  expect(prices.stalestAgeSeconds).toBeLessThan(7_230);
  expect(prices.staleCoins).toBe(1);
});

test("the last PLS cross-check, as the pass stored it", async () => {
  // 0.0000318 on-chain against 0.0000300 at CoinGecko: 0.0000318 / 0.0000300 - 1 = 6%, over the 3% tolerance.
  const check = { onchainUsd: 0.0000318, coingeckoUsd: 0.00003, differencePct: 6, agrees: false, checkedAt: "2026-11-23T01:00:00.000Z" };
  await writeMarketState(db(), "pls-cross-check", check);
  expect((await getHealth()).plsCrossCheck).toEqual(check);
});

test("counts the coins quarantined for a failing contract", async () => {
  await passCounts();
  expect((await getHealth()).prices.quarantinedCoins).toBe(0);
  await db().coin.updateMany({ where: { id: { in: ["pepe", "most"] } }, data: { contractFailures: 3, contractFailedAt: minutesAgo(5), quarantinedAt: minutesAgo(5) } });
  // Failing, not yet quarantined: not counted.
  await db().coin.update({ where: { id: "inc" }, data: { contractFailures: 2, contractFailedAt: minutesAgo(5) } });
  await passCounts();
  expect((await getHealth()).prices.quarantinedCoins).toBe(2);
});

test("the counts are the last pass's, with when it counted: a change since shows after the next pass", async () => {
  await db().coin.updateMany({ data: { priceSource: "pulsex", priceUpdatedAt: minutesAgo(1), lowLiquidity: false } });
  await passCounts();
  const before = (await getHealth()).prices;
  expect(before.lowLiquidityCoins).toBe(0);
  expect(Date.now() - Date.parse(before.countedAt!)).toBeLessThan(30_000);
  await db().coin.updateMany({ where: { id: { in: ["pepe", "most"] } }, data: { lowLiquidity: true } });
  // Behind the pass's back: the answer still says what the pass counted, and when.
  expect((await getHealth()).prices).toMatchObject({ lowLiquidityCoins: 0, countedAt: before.countedAt });
  await passCounts();
  expect((await getHealth()).prices.lowLiquidityCoins).toBe(2);
});

test("refreshMarket stores the counts at the end of its pass, as of the pass's clock", async () => {
  await db().marketState.deleteMany({ where: { key: "health-counts" } });
  expect((await getHealth()).prices.countedAt).toBeNull();
  await db().coin.updateMany({ data: { priceSource: "pulsex", priceUpdatedAt: minutesAgo(1), lowLiquidity: false, quarantinedAt: null } });
  await db().coin.update({ where: { id: "pepe" }, data: { lowLiquidity: true } });
  // A source that answers nothing: the pass writes no price, and still counts.
  const silent: PriceSource = { name: "dexscreener", fetchQuotes: async (requests) => ({ quotes: new Map(), failures: requests.map(({ coinId }) => ({ coinId, reason: "not in the answer" })) }) };
  const at = new Date(Math.floor(Date.now() / 1000) * 1000);
  const outcome = await refreshMarket(db(), { sources: [silent], holder: "health-test", log: () => {}, now: () => at });
  expect(outcome.ran).toBe(true);
  expect((await getHealth()).prices).toMatchObject({ countedAt: at.toISOString(), lowLiquidityCoins: 1, quarantinedCoins: 0 });
});
