// The refresh pass on a real SQLite file, with scripted sources behind the PriceSource interface
// (the HTTP sources have their own msw tests): last good values survive every kind of failure,
// thin-pool spikes are held until the next pass confirms them, snapshots are written, the 24h change comes from them when a
// source lacks it, old snapshots are thinned (at most hourly), and the lease lets one of two refreshers run.
import { runMaintenance } from "@/lib/jobs/maintenance.server";
import { acquireLease, MARKET_REFRESH_LEASE } from "@/lib/market/lease.server";
import { runRefreshPass } from "@/lib/market/pass/refresh.server";
import { refreshMarket } from "@/lib/market/run.server";
import { readMarketState } from "@/lib/market/state.server";
import type { PriceSource, Quote, QuoteRequest, SourceResult } from "@/lib/market/types";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase({ seed: true });

const quote = (price: number, extra: Partial<Quote> = {}): Quote => ({ price, marketCap: null, change24h: null, liquidityUsd: null, ...extra });

/** A source that answers from a table; coins not in it are failures. Records what it was asked. */
function scripted(name: "dexscreener" | "coingecko", answers: Record<string, Quote | Error>): PriceSource & { asked: QuoteRequest[][] } {
  const asked: QuoteRequest[][] = [];
  return {
    name,
    asked,
    async fetchQuotes(requests) {
      asked.push([...requests]);
      const result: SourceResult = { quotes: new Map(), failures: [] };
      for (const { coinId } of requests) {
        const answer = answers[coinId];
        if (answer instanceof Error) result.failures.push({ coinId, reason: `${name}: ${answer.message}` });
        else if (answer) result.quotes.set(coinId, answer);
        else result.failures.push({ coinId, reason: `${name}: not in the answer` });
      }
      return result;
    },
  };
}

const quiet = () => {
  const lines: string[] = [];
  return { lines, log: (line: string) => void lines.push(line) };
};

async function coin(id: string) {
  return db().coin.findUniqueOrThrow({ where: { id } });
}

test("the seed assigns the on-chain PulseX reader to PulseChain tokens (PLS via WPLS) and CoinGecko to the majors", async () => {
  expect(await coin("hex")).toMatchObject({ quoteSource: "pulsex", quoteId: "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39" });
  expect(await coin("pls")).toMatchObject({ quoteSource: "pulsex", quoteId: "0xA1077a294dDE1B09bB078844df40758a5D0f9a27" });
  expect(await coin("btc")).toMatchObject({ quoteSource: "coingecko", quoteId: "bitcoin" });
});

describe("a pass", () => {
  // These scripted passes play the DEX source as "dexscreener"; the on-chain reader has its own
  // tests against a local chain (pulsex-source.test.ts).
  beforeAll(() => db().coin.updateMany({ where: { quoteSource: "pulsex" }, data: { quoteSource: "dexscreener" } }));

  test("publishes good quotes with a snapshot each; failures keep the last values and are reported with source and coin", async () => {
    const before = { hex: await coin("hex"), plsx: await coin("plsx"), btc: await coin("btc"), samples: await db().priceSnapshot.count({ where: { coinId: { in: ["hex", "btc"] } } }) };
    const snapshotsBefore = await db().priceSnapshot.count();
    const dex = scripted("dexscreener", {
      hex: quote(0.0061, { marketCap: 3.5e9, change24h: 2.5, liquidityUsd: 9e6 }),
      plsx: new Error("429 Too Many Requests"),
    });
    const gecko = scripted("coingecko", { btc: quote(97_000, { marketCap: 1.92e12, change24h: -1.2 }) });
    const { lines, log } = quiet();
    const report = await runRefreshPass(db(), [dex, gecko], { log });

    expect(report.updated).toEqual(expect.arrayContaining(["hex", "btc"]));
    expect(report.failed).toContainEqual({ coinId: "plsx", source: "dexscreener", reason: "dexscreener: 429 Too Many Requests" });
    expect(lines).toContain("[market] dexscreener plsx: dexscreener: 429 Too Many Requests");

    const hex = await coin("hex");
    expect(hex).toMatchObject({ currentPrice: 0.0061, marketCap: 3.5e9, priceChange24h: 2.5, liquidityUsd: 9e6, priceSource: "dexscreener" });
    expect(hex.updatedAt.getTime()).toBeGreaterThan(before.hex.updatedAt.getTime());
    expect(await coin("btc")).toMatchObject({ currentPrice: 97_000, marketCap: 1.92e12, priceSource: "coingecko" });
    // The failed coin is exactly as it was: never zeroed.
    expect(await coin("plsx")).toEqual(before.plsx);
    // One snapshot for each coin priced, in place of the seed's sample history; the failed coin keeps its.
    expect(await db().priceSnapshot.count({ where: { coinId: { in: report.updated } } })).toBe(report.updated.length);
    expect(await db().priceSnapshot.count({ where: { coinId: "plsx", sample: true } })).toBeGreaterThan(365);
    expect(await db().priceSnapshot.count()).toBe(snapshotsBefore - before.samples + report.updated.length);
    expect(await db().priceSnapshot.findFirst({ where: { coinId: "hex" }, orderBy: { takenAt: "desc" } })).toMatchObject({ price: 0.0061, marketCap: 3.5e9 });
  });

  test("a source that throws, or answers nothing for a coin, changes none of its coins", async () => {
    const before = await db().coin.findMany({ where: { quoteSource: "coingecko" }, orderBy: { id: "asc" } });
    const broken: PriceSource = { name: "coingecko", fetchQuotes: async () => Promise.reject(new Error("socket hang up")) };
    const silent: PriceSource = { name: "dexscreener", fetchQuotes: async () => ({ quotes: new Map(), failures: [] }) };
    const report = await runRefreshPass(db(), [broken, silent], quiet());
    expect(report.updated).toEqual([]);
    expect(report.failed.filter((f) => f.source === "coingecko").map((f) => f.coinId).sort()).toEqual(before.map((c) => c.id));
    expect(report.failed.find((f) => f.coinId === "hex")?.reason).toBe("no quote in the answer");
    expect(await db().coin.findMany({ where: { quoteSource: "coingecko" }, orderBy: { id: "asc" } })).toEqual(before);
  });

  test("garbage prices (0, negative, NaN, Infinity) are failures, not published", async () => {
    const before = await coin("hex");
    for (const price of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const report = await runRefreshPass(db(), [scripted("dexscreener", { hex: quote(price, { liquidityUsd: 1e7 }) })], quiet());
      expect(report.failed.find((f) => f.coinId === "hex")?.reason).toMatch(/^unusable price/);
    }
    expect(await coin("hex")).toEqual(before);
  });

  test("without a market cap from the source, it is price x circulating supply", async () => {
    const ptgc = await coin("ptgc");
    await runRefreshPass(db(), [scripted("dexscreener", { ptgc: quote(0.002, { liquidityUsd: 5e6 }) })], quiet());
    expect((await coin("ptgc")).marketCap).toBeCloseTo(0.002 * ptgc.circulatingSupply!, 0);
  });

  test("PLS, quoted through WPLS, ignores WPLS's market cap (the wrapped supply only) for its own supply's", async () => {
    const pls = await coin("pls");
    await runRefreshPass(db(), [scripted("dexscreener", { pls: quote(0.00004, { marketCap: 4e7, liquidityUsd: 5e7 }) })], quiet());
    expect((await coin("pls")).marketCap).toBeCloseTo(0.00004 * pls.circulatingSupply!, 0);
  });

  test("a >5x move from a thin pool is held and logged, published when the next pass confirms it; a pool deep before the move publishes at once, one deep only after it is held", async () => {
    // The live price first, from a pool over the $5,000 floor but under $50,000.
    await runRefreshPass(db(), [scripted("dexscreener", { pepe: quote(0.000005, { liquidityUsd: 10_000 }) })], quiet());
    const live = await coin("pepe");
    expect(live.currentPrice).toBe(0.000005);
    const { lines, log } = quiet();
    // 0.000005 -> 0.00005 is 10x.
    const spike = await runRefreshPass(db(), [scripted("dexscreener", { pepe: quote(0.00005, { liquidityUsd: 10_000 }) })], { log });
    expect(spike.updated).not.toContain("pepe");
    expect(spike.heldBack).toEqual([{ coinId: "pepe", source: "dexscreener", reason: expect.stringMatching(/^price moved 10x/) }]);
    expect(lines.some((line) => line.startsWith("[market] dexscreener pepe: held back: price moved 10x"))).toBe(true);
    const held = await coin("pepe");
    expect(held).toMatchObject({ currentPrice: 0.000005, priceUpdatedAt: live.priceUpdatedAt, pendingPrice: 0.00005 });
    expect(held.pendingSince).not.toBeNull();

    // The next pass sees 0.00006 (12x the published price, 1.2x the pending one): confirmed.
    const confirm = await runRefreshPass(db(), [scripted("dexscreener", { pepe: quote(0.00006, { liquidityUsd: 10_000 }) })], quiet());
    expect(confirm.updated).toContain("pepe");
    expect(await coin("pepe")).toMatchObject({ currentPrice: 0.00006, pendingPrice: null, pendingSince: null });

    // 100x with $5,000,000 in the pool now, but $10,000 at the last published price: the pool is
    // judged by its depth before the move (the capital that moved it counts only in now's), so it is held.
    const bought = await runRefreshPass(db(), [scripted("dexscreener", { pepe: quote(0.006, { liquidityUsd: 5_000_000 }) })], quiet());
    expect(bought.heldBack).toEqual([{ coinId: "pepe", source: "dexscreener", reason: expect.stringContaining("in a pool with $10000 liquidity before the move ($5000000 after it)") }]);
    expect((await coin("pepe")).currentPrice).toBe(0.00006);

    // 100x from a pool deep before and after publishes at once: first a small move from the deep pool
    // (its liquidity is written with the price), then the jump.
    await runRefreshPass(db(), [scripted("dexscreener", { pepe: quote(0.00007, { liquidityUsd: 5_000_000 }) })], quiet());
    expect(await coin("pepe")).toMatchObject({ currentPrice: 0.00007, liquidityUsd: 5_000_000, pendingPrice: null });
    await runRefreshPass(db(), [scripted("dexscreener", { pepe: quote(0.007, { liquidityUsd: 5_000_000 }) })], quiet());
    expect((await coin("pepe")).currentPrice).toBe(0.007);
  });

  test("without a 24h change from the source, it comes from the snapshot nearest to 24 h ago", async () => {
    const now = new Date("2026-11-22T12:00:00Z");
    await db().priceSnapshot.createMany({
      data: [
        { coinId: "inc", price: 1.0, marketCap: 1e6, takenAt: new Date("2026-11-21T09:00:00Z") }, // 27 h: outside the window
        { coinId: "inc", price: 2.0, marketCap: 2e6, takenAt: new Date("2026-11-21T11:30:00Z") }, // 24.5 h: nearest
        { coinId: "inc", price: 4.0, marketCap: 4e6, takenAt: new Date("2026-11-21T13:40:00Z") }, // 22.3 h
      ],
    });
    await runRefreshPass(db(), [scripted("dexscreener", { inc: quote(2.5, { liquidityUsd: 1e6 }) })], { ...quiet(), now: () => now });
    expect((await coin("inc")).priceChange24h).toBeCloseTo(25, 10);
  });

  test("with no snapshot near 24 h ago and none from the source, the change is unknown (null), not stale", async () => {
    await runRefreshPass(db(), [scripted("dexscreener", { most: quote(0.5, { liquidityUsd: 1e6 }) })], { ...quiet(), now: () => new Date("2030-01-01T00:00:00Z") });
    expect((await coin("most")).priceChange24h).toBeNull();
  });

  test("ranks follow the new market caps", async () => {
    await runRefreshPass(db(), [scripted("dexscreener", { trump: quote(1, { marketCap: 9e15, liquidityUsd: 1e9 }) })], quiet());
    expect((await coin("trump")).rank).toBe(1);
    const ranks = (await db().coin.findMany({ select: { rank: true } })).map((c) => c.rank).sort((a, b) => a - b);
    expect(ranks).toEqual(ranks.map((_, index) => index + 1));
  });

  test("the maintenance job thins snapshots older than 2 days to hourly, older than 30 days to daily, at most once an hour; the pass never thins", async () => {
    const now = new Date("2026-12-31T00:00:00Z");
    const at = (iso: string) => ({ coinId: "time", price: 1, marketCap: 1, takenAt: new Date(iso) });
    await db().priceSnapshot.deleteMany({ where: { coinId: "time" } });
    await db().priceSnapshot.createMany({
      data: [
        // 40 days old: three on one day -> one kept
        at("2026-11-21T01:00:00Z"), at("2026-11-21T09:00:00Z"), at("2026-11-21T17:00:00Z"),
        // 10 days old: three in one hour, one in the next -> two kept
        at("2026-12-21T10:00:00Z"), at("2026-12-21T10:05:00Z"), at("2026-12-21T10:55:00Z"), at("2026-12-21T11:00:00Z"),
        // 1 day old: all kept
        at("2026-12-30T00:00:00Z"), at("2026-12-30T00:05:00Z"),
      ],
    });
    const kept = async () => (await db().priceSnapshot.findMany({ where: { coinId: "time" }, orderBy: { takenAt: "asc" } })).map((s) => s.takenAt.toISOString());
    // A pass leaves them: thinning is the maintenance job's (the worker's or the cron route's), not the pass's.
    await runRefreshPass(db(), [], { ...quiet(), now: () => now });
    expect(await kept()).toHaveLength(9);
    const report = await runMaintenance(db(), { now });
    // 2 removed from 2026-11-21 and 2 from the 10:00 hour of 2026-12-21 (other coins' seed snapshots may add more).
    expect(report.snapshotsThinned).toBeGreaterThanOrEqual(4);
    const expected = ["2026-11-21T01:00:00.000Z", "2026-12-21T10:00:00.000Z", "2026-12-21T11:00:00.000Z", "2026-12-30T00:00:00.000Z", "2026-12-30T00:05:00.000Z"];
    expect(await kept()).toEqual(expected);
    expect(await readMarketState(db(), "snapshots-thinned")).toEqual({ at: now.toISOString(), removed: report.snapshotsThinned });

    // Another thinnable pair (same hour, 10 days old): a pass 59 minutes later leaves it, one an hour later thins it.
    await db().priceSnapshot.createMany({ data: [at("2026-12-21T12:00:00Z"), at("2026-12-21T12:30:00Z")] });
    const later = (minutes: number) => ({ now: new Date(now.getTime() + minutes * 60_000) });
    expect((await runMaintenance(db(), later(59))).snapshotsThinned).toBe(0);
    expect(await kept()).toHaveLength(7);
    expect((await runMaintenance(db(), later(60))).snapshotsThinned).toBe(1);
    expect(await kept()).toEqual([...expected.slice(0, 3), "2026-12-21T12:00:00.000Z", ...expected.slice(3)]);
  });
});

describe("the lease", () => {
  beforeEach(() => db().refreshLease.deleteMany());

  test("two refreshers started at once: one pass, not two", async () => {
    const dex = scripted("dexscreener", { hex: quote(0.007, { liquidityUsd: 1e7 }) });
    const snapshotsBefore = await db().priceSnapshot.count({ where: { coinId: "hex" } });
    const outcomes = await Promise.all([
      refreshMarket(db(), { sources: [dex], holder: "instance-a", leaseMs: 60_000, log: () => {} }),
      refreshMarket(db(), { sources: [dex], holder: "instance-b", leaseMs: 60_000, log: () => {} }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ran)).toMatchObject({ reason: expect.stringMatching(/lease/) });
    expect(dex.asked).toHaveLength(1);
    expect(await db().priceSnapshot.count({ where: { coinId: "hex" } })).toBe(snapshotsBefore + 1);
  });

  test("ten racing acquirers: exactly one wins; it may renew; others win only after it expires", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const wins = await Promise.all(Array.from({ length: 10 }, (_, i) => acquireLease(db(), MARKET_REFRESH_LEASE, `h${i}`, 60_000, now)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    const winner = `h${wins.indexOf(true)}`;
    const other = winner === "h0" ? "h1" : "h0";
    expect(await acquireLease(db(), MARKET_REFRESH_LEASE, winner, 60_000, new Date(now.getTime() + 1_000))).toBe(true);
    expect(await acquireLease(db(), MARKET_REFRESH_LEASE, other, 60_000, new Date(now.getTime() + 30_000))).toBe(false);
    expect(await acquireLease(db(), MARKET_REFRESH_LEASE, other, 60_000, new Date(now.getTime() + 61_001))).toBe(true);
  });
});
