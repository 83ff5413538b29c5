// GET /api/health on a real seeded SQLite file: price ages by priceUpdatedAt (never the row's
// updatedAt, which re-ranks and operator edits move), the stale and low-liquidity counts, and the
// last PLS cross-check as the refresh pass stores it (through the real writeMarketState).
import * as health from "@/app/api/health/route";
import { writeMarketState } from "@/lib/market/state.server";
import { healthSchema } from "@/lib/validation/health";
import { call } from "../helpers/request";
import { useTestDatabase } from "../helpers/test-database";

const { db } = useTestDatabase({ seed: true });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function getHealth() {
  const res = await call(health.GET, "/api/health");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return healthSchema.parse(res.body);
}

test("seed only: ages from the snapshot's date, nothing stale (no live price yet), no cross-check yet", async () => {
  const body = await getHealth();
  expect(body.status).toBe("ok");
  expect(body.prices.freshest).toBe(body.prices.stalest);
  expect(body.prices.staleCoins).toBe(0);
  expect(body.prices.lowLiquidityCoins).toBe(0);
  expect(body.prices.sourcesDisagreeCoins).toBe(0);
  expect(body.plsCrossCheck).toBeNull();
});

test("ages and counts come from priceUpdatedAt: a recent updatedAt does not make an old price fresh", async () => {
  // Every coin live and priced a minute ago, except ETH (an hour ago, then edited just now) and
  // DOGE (20 minutes ago). Stale: older than 15 minutes while the freshest is younger -> ETH, DOGE.
  await db().coin.updateMany({ data: { priceSource: "pulsex", priceUpdatedAt: minutesAgo(1), updatedAt: minutesAgo(1) } });
  await db().coin.update({ where: { id: "eth" }, data: { priceUpdatedAt: minutesAgo(60), updatedAt: new Date() } });
  await db().coin.update({ where: { id: "doge" }, data: { priceUpdatedAt: minutesAgo(20) } });
  await db().coin.updateMany({ where: { id: { in: ["pepe", "most"] } }, data: { lowLiquidity: true } });
  await db().coin.updateMany({ where: { id: { in: ["hex", "pls", "inc"] } }, data: { sourcesDisagree: true } });

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

test("when every price is old alike (the refresh is down), no coin counts as stale; the ages say it", async () => {
  await db().coin.updateMany({ data: { priceSource: "pulsex", priceUpdatedAt: minutesAgo(30), lowLiquidity: false } });
  const { prices } = await getHealth();
  expect(prices.staleCoins).toBe(0);
  expect(prices.freshestAgeSeconds).toBeGreaterThanOrEqual(1_800);
});

test("a coin never priced (priceUpdatedAt null) counts from its listing time", async () => {
  await db().coin.updateMany({ data: { priceSource: "pulsex", priceUpdatedAt: minutesAgo(1) } });
  await db().coin.update({ where: { id: "pepe" }, data: { priceUpdatedAt: null, listedAt: minutesAgo(120) } });
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
  expect((await getHealth()).prices.quarantinedCoins).toBe(0);
  await db().coin.updateMany({ where: { id: { in: ["pepe", "most"] } }, data: { contractFailures: 3, contractFailedAt: minutesAgo(5), quarantinedAt: minutesAgo(5) } });
  // Failing, not yet quarantined: not counted.
  await db().coin.update({ where: { id: "inc" }, data: { contractFailures: 2, contractFailedAt: minutesAgo(5) } });
  expect((await getHealth()).prices.quarantinedCoins).toBe(2);
});
