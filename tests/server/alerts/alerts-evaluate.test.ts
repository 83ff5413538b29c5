// Alert evaluation through real market passes (the market pass job, lib/jobs/market-pass.server.ts, on a real SQLite file, a scripted
// PriceSource behind the interface as in market-refresh.test.ts): a level crossed fires once and
// writes one outbox row per push subscription; a value hovering within the 2% margin rings once;
// back past the margin re-arms and the next crossing fires after the hour's cooldown; held-back,
// low-liquidity and stale figures fire nothing; paused and gone-coin rules fire nothing; two
// workers, a retried pass and two evaluators at once write one firing; the daily cap; a reach
// rule made while B has no market cap waits and fires only on a later crossing; and the rules
// read follow the crossed ones, not all rules, nor those in their cooldown.
import { evaluateAlerts } from "@/lib/alerts/evaluate.server";
import { armWaitingSql, crossedRulesSql, rearmSql } from "@/lib/alerts/evaluate-sql";
import { DAILY_FIRING_CAP } from "@/lib/alerts/limits";
import { createAlertRule, listAlertRules } from "@/lib/alerts/rules.server";
import { firingUrl } from "@/lib/alerts/wording";
import { createPrismaClient } from "@/lib/db/create-client";
import { MARKET_REFRESH_LEASE, releaseLease } from "@/lib/market/lease.server";
import { runRefreshPass } from "@/lib/market/pass/refresh.server";
import { runMarketPass } from "@/lib/jobs/market-pass.server";
import type { PriceSource, Quote, SourceResult } from "@/lib/market/types";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase({ seed: true });

const DEEP = 1e8;
const quote = (price: number, marketCap: number, liquidityUsd = DEEP): Quote => ({ price, marketCap, change24h: null, liquidityUsd });

function scripted(answers: Record<string, Quote>): PriceSource {
  return {
    name: "dexscreener",
    async fetchQuotes(requests) {
      const result: SourceResult = { quotes: new Map(), failures: [] };
      for (const { coinId } of requests) {
        const answer = answers[coinId];
        if (answer) result.quotes.set(coinId, answer);
        else result.failures.push({ coinId, reason: "not in the answer" });
      }
      return result;
    },
  };
}

/** Passes 5 minutes apart by default, on a clock the test moves. */
let clock = Date.now();
async function pass(answers: Record<string, Quote>, options: { advanceMs?: number } = {}) {
  clock += options.advanceMs ?? 5 * 60_000;
  const at = new Date(clock);
  const outcome = await runMarketPass(db(), { sources: [scripted(answers)], holder: "worker-a", log: () => {}, now: () => at });
  await releaseLease(db(), MARKET_REFRESH_LEASE, "worker-a");
  if (!outcome.ran) throw new Error(outcome.reason);
  return outcome.report;
}

/** The pass's evaluation; a pass that changed no coin's figures evaluates nothing (zeros). */
function alertsOf(report: { alerts: unknown; changed: string[] }) {
  const alerts = report.alerts as { rulesChecked: number; fired: number; suppressed: number; rearmed: number; armedWaiting: number; deliveries: number } | null;
  if (alerts === null && report.changed.length === 0) return { rulesChecked: 0, fired: 0, suppressed: 0, rearmed: 0, armedWaiting: 0, deliveries: 0 };
  if (alerts === null || "error" in alerts) throw new Error(`no evaluation: ${JSON.stringify(alerts)}`);
  return alerts;
}

let owner: number;
let subscriptions: number[];

async function rule(data: { kind: string; coinId: string; level: number; otherCoinId?: string; direction?: string | null; paused?: boolean; userId?: number }) {
  return db().alertRule.create({
    // The symbols as they were when the rule was made: a firing says the coins' live ones.
    data: { userId: owner, coinSymbol: "OLD", coinName: "Old name", otherSymbol: data.otherCoinId ? "OLDB" : null, otherName: data.otherCoinId ? "Old B" : null, direction: "above", ...data },
  });
}

const firingsOf = (ruleId: number) => db().alertFiring.findMany({ where: { ruleId }, orderBy: { crossing: "asc" }, include: { deliveries: true } });

beforeAll(async () => {
  await db().coin.updateMany({ where: { quoteSource: "pulsex" }, data: { quoteSource: "dexscreener" } });
  owner = (await db().user.create({ data: { address: "0x00000000000000000000000000000000000000a1" } })).id;
  subscriptions = [];
  for (const endpoint of ["https://push.example/1", "https://push.example/2"]) {
    subscriptions.push((await db().pushSubscription.create({ data: { userId: owner, endpoint, p256dh: "p", auth: "a", label: "Chrome on Linux" } })).id);
  }
});

test("a price crossing its level fires once with one pending delivery per subscription; hovering within 2% rings no more; back past the margin re-arms, and the next crossing fires after the hour's cooldown", async () => {
  const { id } = await rule({ kind: "price", coinId: "ptgc", level: 1 });
  const at = (price: number, options?: { advanceMs?: number }) => pass({ ptgc: quote(price, price * 1e9) }, options);

  expect(alertsOf(await at(0.9)).fired).toBe(0);
  const crossed = alertsOf(await at(1.01));
  expect(crossed).toMatchObject({ fired: 1, deliveries: 2 });
  const firedAt = clock;
  for (const price of [1.005, 0.99, 1.01]) expect(alertsOf(await at(price)).fired).toBe(0);

  const [firing] = await firingsOf(id);
  expect(firing).toMatchObject({ crossing: 1, value: 1.01, suppressed: null, url: "/coins/ptgc" });
  expect(firing!.message).toBe("pTGC's price went above $1.00: $1.01");
  expect(firing!.deliveries.map((d) => [d.channel, d.target, d.status, d.subscriptionId]).sort()).toEqual(
    subscriptions.map((sub) => ["webpush", `push:${sub}`, "pending", sub]).sort(),
  );
  expect(await db().alertRule.findUniqueOrThrow({ where: { id } })).toMatchObject({ armed: false, rearmAt: 0.98, crossing: 1 });

  // 0.97 is past the margin: re-armed. Crossing again 25 minutes after the firing waits for the hour.
  expect(alertsOf(await at(0.97)).rearmed).toBe(1);
  expect(alertsOf(await at(1.02)).fired).toBe(0);
  expect(clock - firedAt).toBeLessThan(60 * 60_000);
  expect(await db().alertRule.findUniqueOrThrow({ where: { id } })).toMatchObject({ armed: true, crossing: 1 });
  // Still above the level after the hour: the second crossing fires.
  expect(alertsOf(await at(1.03, { advanceMs: 60 * 60_000 })).fired).toBe(1);
  const firings = await firingsOf(id);
  expect(firings.map((f) => [f.crossing, f.value, f.deliveries.length])).toEqual([
    [1, 1.01, 2],
    [2, 1.03, 2],
  ]);
});

test("a big move from a thin pool held back for a pass fires nothing until the next pass confirms it; a quote under the liquidity floor fires nothing", async () => {
  const held = await rule({ kind: "price", coinId: "pepe", level: 0.00001 });
  const floor = await rule({ kind: "market_cap", coinId: "inc", level: 1e6 });
  await pass({ pepe: quote(0.000001, 1e8, 10_000) });
  const report = await pass({ pepe: quote(0.00002, 2e9, 10_000), inc: quote(5, 5e9, 100) });
  expect(report.heldBack.map((h) => h.coinId)).toContain("pepe");
  expect(report.lowLiquidity.map((l) => l.coinId)).toContain("inc");
  expect(await firingsOf(held.id)).toEqual([]);
  expect(await firingsOf(floor.id)).toEqual([]);
  // The move held: published by the next pass, and then it fires.
  const confirmed = await pass({ pepe: quote(0.00002, 2e9, 10_000) });
  expect(confirmed.updated).toContain("pepe");
  expect((await firingsOf(held.id)).length).toBe(1);
});

test("A reaches B fires on the pair's live symbols when either coin changes, and nothing while B is flagged low-liquidity or stale", async () => {
  const half = await rule({ kind: "reach", coinId: "plsx", otherCoinId: "hex", level: 0.5 });
  const most = await rule({ kind: "reach", coinId: "plsx", otherCoinId: "hex", level: 0.8 });
  const hex = (cap: number, liquidity = DEEP) => ({ hex: quote(cap / 1e9, cap, liquidity) });
  const plsx = (cap: number) => ({ plsx: quote(cap / 1e11, cap) });

  expect(alertsOf(await pass({ ...plsx(1e9), ...hex(3e9) })).fired).toBe(0);
  expect(alertsOf(await pass({ ...plsx(1.6e9), ...hex(3e9) })).fired).toBe(1);
  const [firing] = await firingsOf(half.id);
  expect(firing!.message).toMatch(/^PLSX reached 50% of HEX's market cap: \$1\.6/);
  expect(firing!.url).toBe(firingUrl({ kind: "reach", coinId: "plsx", otherCoinId: "hex" }));
  expect(firing!.value).toBeCloseTo(1.6 / 3);

  await pass({ ...plsx(2e9), ...hex(3e9) });
  // B's quote under the floor: B is flagged, A's move past 0.8x fires nothing.
  const flagged = await pass({ ...plsx(2.7e9), ...hex(3e9, 100) });
  expect(flagged.lowLiquidity.map((l) => l.coinId)).toContain("hex");
  expect(await firingsOf(most.id)).toEqual([]);
  // B no longer flagged but its price 20 minutes old (stale while A's is fresh): nothing either.
  await db().coin.update({ where: { id: "hex" }, data: { lowLiquidity: false, priceUpdatedAt: new Date(clock - 15 * 60_000) } });
  expect(alertsOf(await pass(plsx(2.7e9))).fired).toBe(0);
  expect(await firingsOf(most.id)).toEqual([]);
  // B published again (A unchanged, its price 5 minutes old): the pair is evaluated and fires.
  expect(alertsOf(await pass(hex(3e9))).fired).toBe(1);
  expect((await firingsOf(most.id)).map((f) => f.value)).toEqual([0.9]);
  expect(await firingsOf(half.id)).toHaveLength(1);
});

test("a new all-time high fires when the held high rises (never on a one-pass spike), then waits for a higher one", async () => {
  await db().coin.update({ where: { id: "loan" }, data: { athPrice: 0.9, athMarketCap: 1e12 } });
  const { id } = await rule({ kind: "new_ath", coinId: "loan", level: 0.9, direction: null });
  const at = (price: number) => pass({ loan: quote(price, price * 1e9) });
  for (const price of [3, 0.8, 0.8]) expect(alertsOf(await at(price)).fired).toBe(0);
  expect(alertsOf(await at(1.5)).fired).toBe(0);
  expect(alertsOf(await at(1.5)).fired).toBe(0);
  // The third pass at 1.5, 10 minutes on: the high holds at 1.5.
  expect(alertsOf(await at(1.5)).fired).toBe(1);
  expect(await db().alertRule.findUniqueOrThrow({ where: { id } })).toMatchObject({ armed: true, level: 1.5, crossing: 1 });
  expect((await firingsOf(id))[0]!.message).toMatch(/made a new all-time high: \$1\.50/);
  expect(alertsOf(await at(1.6)).fired).toBe(0);
});

test("a 24h move of N% either way fires at most once a day", async () => {
  const { id } = await rule({ kind: "move_24h", coinId: "phiat", level: 10, direction: null });
  const at = (change: number, options?: { advanceMs?: number }) => pass({ phiat: { ...quote(1 + change / 100, 1e9 + change * 1e6), change24h: change } }, options);
  expect(alertsOf(await at(5)).fired).toBe(0);
  expect(alertsOf(await at(-12)).fired).toBe(1);
  expect(alertsOf(await at(-15)).fired).toBe(0);
  expect(alertsOf(await at(14, { advanceMs: 24 * 60 * 60_000 })).fired).toBe(1);
  // A day on, the change is the site's own against its price of 24 h before (-12%'s pass).
  expect((await firingsOf(id)).map((f) => f.message)).toEqual([expect.stringMatching(/^PHIAT is down 12(\.0)?% in 24h$/), expect.stringMatching(/^PHIAT is up [\d.]+% in 24h$/)]);
});

test("a reach rule made while B has no market cap waits (not armed below a target of 0); the first pass with B's market cap sets it, firing nothing; it fires on a later crossing, either way", async () => {
  // LUCKY with no market cap (no supply known yet); ATROPA at $1B.
  await db().coin.update({ where: { id: "lucky" }, data: { marketCap: 0, athMarketCap: null, circulatingSupply: null } });
  await db().coin.update({ where: { id: "atropa" }, data: { marketCap: 1e9 } });
  const reach = await createAlertRule(db(), owner, { kind: "reach", coinId: "atropa", otherCoinId: "lucky", multiple: 1 });
  const quarter = await createAlertRule(db(), owner, { kind: "reach", coinId: "atropa", otherCoinId: "lucky", multiple: 0.25 });
  for (const { id } of [reach, quarter]) {
    expect(await db().alertRule.findUniqueOrThrow({ where: { id } })).toMatchObject({ direction: null, armed: false, rearmAt: null });
  }
  const listed = (await listAlertRules(db(), owner)).filter((rule) => rule.id === reach.id || rule.id === quarter.id);
  expect(listed.map((rule) => [rule.state, rule.waitingFor, rule.otherCoin!.symbol])).toEqual([
    ["waiting_for_market_cap", ["lucky"], "LUCKY"],
    ["waiting_for_market_cap", ["lucky"], "LUCKY"],
  ]);

  const atropa = (cap: number) => ({ atropa: quote(cap / 1e9, cap) });
  const lucky = (cap: number) => ({ lucky: quote(cap / 1e9, cap) });
  // LUCKY's first market cap, $2B: ATROPA at half of it. Neither fires (ATROPA reached nothing);
  // the first is set to fire going above 1x, the second going below 0.25x.
  const first = alertsOf(await pass({ ...atropa(1e9), ...lucky(2e9) }));
  expect(first).toMatchObject({ fired: 0, armedWaiting: 2 });
  expect(await db().alertRule.findUniqueOrThrow({ where: { id: reach.id } })).toMatchObject({ direction: "above", armed: true, rearmAt: 0.98, crossing: 0 });
  expect(await db().alertRule.findUniqueOrThrow({ where: { id: quarter.id } })).toMatchObject({ direction: "below", armed: true, rearmAt: 0.255, crossing: 0 });
  expect((await listAlertRules(db(), owner)).filter((rule) => rule.id === reach.id).map((rule) => [rule.state, rule.waitingFor])).toEqual([["armed", []]]);
  expect(alertsOf(await pass({ ...atropa(1.1e9), ...lucky(2e9) })).fired).toBe(0);

  // Real crossings after that: ATROPA falls to a quarter of LUCKY, then climbs to all of it.
  expect(alertsOf(await pass({ ...atropa(0.45e9), ...lucky(2e9) })).fired).toBe(1);
  expect((await firingsOf(quarter.id)).map((f) => f.value)).toEqual([0.225]);
  expect(alertsOf(await pass({ ...atropa(2.2e9), ...lucky(2e9) })).fired).toBe(1);
  expect((await firingsOf(reach.id)).map((f) => [f.crossing, f.value])).toEqual([[1, 1.1]]);
});

test("a reach rule stored without a side reads as reaching from below", async () => {
  const { id } = await rule({ kind: "reach", coinId: "trio", otherCoinId: "texan", level: 2, direction: null });
  expect(alertsOf(await pass({ trio: quote(1, 1e8), texan: quote(1, 1e8) })).fired).toBe(0);
  expect(alertsOf(await pass({ trio: quote(3, 3e8), texan: quote(1, 1e8) })).fired).toBe(1);
  expect(await db().alertRule.findUniqueOrThrow({ where: { id } })).toMatchObject({ armed: false, rearmAt: 1.96 });
});

test("paused rules and rules naming a removed coin fire nothing", async () => {
  const paused = await rule({ kind: "price", coinId: "pdai", level: 0.5, paused: true });
  const goneA = await rule({ kind: "reach", coinId: "gone-coin", otherCoinId: "pdai", level: 0.001 });
  const goneB = await rule({ kind: "reach", coinId: "pdai", otherCoinId: "gone-coin", level: 0.001 });
  expect(alertsOf(await pass({ pdai: quote(1, 1e9) })).fired).toBe(0);
  for (const { id } of [paused, goneA, goneB]) expect(await firingsOf(id)).toEqual([]);
});

test("a firing also goes to its owner's linked Telegram chat (one row, written with the firing); a stopped or blocked link gets none", async () => {
  const linked = (await db().user.create({ data: { address: "0x00000000000000000000000000000000000000b1" } })).id;
  const stopped = (await db().user.create({ data: { address: "0x00000000000000000000000000000000000000b2" } })).id;
  const link = await db().telegramLink.create({ data: { userId: linked, chatId: "4200001" } });
  await db().telegramLink.create({ data: { userId: stopped, chatId: null, status: "blocked" } });
  const a = await rule({ kind: "price", coinId: "texan", level: 1, userId: linked });
  const b = await rule({ kind: "price", coinId: "texan", level: 1, userId: stopped });
  await pass({ texan: quote(0.5, 5e8) });
  expect(alertsOf(await pass({ texan: quote(2, 2e9) }))).toMatchObject({ fired: 2, deliveries: 1 });
  const [firing] = await firingsOf(a.id);
  expect(firing!.deliveries.map((d) => [d.channel, d.target, d.telegramLinkId, d.subscriptionId, d.status])).toEqual([["telegram", `telegram:${link.id}`, link.id, null, "pending"]]);
  expect((await firingsOf(b.id))[0]!.deliveries).toEqual([]);
});

test("two workers passing at once, and a pass retried, write one firing and one delivery per subscription", async () => {
  const { id } = await rule({ kind: "price", coinId: "most", level: 1 });
  await pass({ most: quote(0.5, 5e8) });
  clock += 5 * 60_000;
  const at = new Date(clock);
  const run = (holder: string) => runMarketPass(db(), { sources: [scripted({ most: quote(2, 2e9) })], holder, log: () => {}, now: () => at });
  const outcomes = await Promise.all([run("worker-1"), run("worker-2")]);
  expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
  for (const holder of ["worker-1", "worker-2"]) await releaseLease(db(), MARKET_REFRESH_LEASE, holder);
  // The same pass again (a cron retry): the rule is disarmed, nothing more.
  expect(alertsOf(await pass({ most: quote(2, 2e9) })).fired).toBe(0);
  const firings = await firingsOf(id);
  expect(firings).toHaveLength(1);
  expect(firings[0]!.deliveries).toHaveLength(subscriptions.length);
});

test("two evaluations of one pass at once (a lease lost midway) write the firing once", async () => {
  const { id } = await rule({ kind: "price", coinId: "maxi", level: 1 });
  clock += 5 * 60_000;
  const at = new Date(clock);
  await runRefreshPass(db(), [scripted({ maxi: quote(2, 2e9) })], { log: () => {}, now: () => at });
  const results = await Promise.all([evaluateAlerts(db(), ["maxi"], { now: at }), evaluateAlerts(db(), ["maxi"], { now: at })]);
  expect(results.map((r) => r.fired).sort()).toEqual([0, 1]);
  const firings = await firingsOf(id);
  expect(firings).toHaveLength(1);
  expect(firings[0]!.deliveries).toHaveLength(subscriptions.length);
});

test(`a user's firings past ${DAILY_FIRING_CAP} in 24 h are kept as suppressed and sent nowhere`, async () => {
  const userId = (await db().user.create({ data: { address: "0x00000000000000000000000000000000000000a2" } })).id;
  await db().pushSubscription.create({ data: { userId, endpoint: "https://push.example/cap", p256dh: "p", auth: "a", label: "Firefox" } });
  for (let i = 0; i < 25; i++) await rule({ kind: "price", coinId: "hdrn", level: 0.1 + i / 1000, userId });
  const alerts = alertsOf(await pass({ hdrn: quote(1, 1e9) }));
  expect(alerts).toMatchObject({ fired: 20, suppressed: 5, deliveries: 20 });
  const firings = await db().alertFiring.findMany({ where: { userId }, include: { deliveries: true } });
  expect(firings.filter((f) => f.suppressed === "daily_cap").map((f) => f.deliveries.length)).toEqual([0, 0, 0, 0, 0]);
  expect(firings.filter((f) => f.suppressed === null).every((f) => f.deliveries.length === 1)).toBe(true);
});

test("a 24h-move rule in its day's cooldown is not among the rules a pass reads, though its move stays past the level; after the day it is read and fires again", async () => {
  const { id } = await rule({ kind: "move_24h", coinId: "spark", level: 10, direction: null });
  const at = (change: number, options?: { advanceMs?: number }) => pass({ spark: { ...quote(1 + change / 100, 1e9 + change * 1e6), change24h: change } }, options);
  expect(alertsOf(await at(2))).toMatchObject({ rulesChecked: 0, fired: 0 });
  expect(alertsOf(await at(20))).toMatchObject({ rulesChecked: 1, fired: 1 });
  // 20% and more all day: each pass within the day reads no rule (none can fire).
  for (let i = 0; i < 3; i++) expect(alertsOf(await at(25))).toMatchObject({ rulesChecked: 0, fired: 0 });
  expect(await db().alertRule.findUniqueOrThrow({ where: { id } })).toMatchObject({ armed: true, crossing: 1 });
  const fired = alertsOf(await at(-30, { advanceMs: 24 * 60 * 60_000 }));
  expect(fired).toMatchObject({ rulesChecked: 1, fired: 1 });
  expect(await firingsOf(id)).toHaveLength(2);
});

describe("cost", () => {
  const sample = [{ coinId: "hex", kind: "price", otherCoinId: null, value: 1 }];
  const pairSample = [{ coinId: "plsx", kind: "reach", otherCoinId: "hex", value: 1 }];

  test("each search seeks the rule index by coin, kind, pair, state, side and level: no scan of AlertRule", async () => {
    // A client of its own: libSQL leaves an explained UPDATE's statement open on its connection.
    const explainer = createPrismaClient({ url: process.env.DATABASE_URL! });
    try {
      const now = new Date();
      for (const { sql, params } of [crossedRulesSql(sample, false, now), rearmSql(sample, false), crossedRulesSql(pairSample, true, now), rearmSql(pairSample, true), armWaitingSql(pairSample)]) {
        const plan = await explainer.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${sql}`, ...params);
        const onRules = plan.map((row) => row.detail).filter((detail) => /AlertRule|\br\b/.test(detail));
        expect(onRules.length).toBeGreaterThan(0);
        for (const detail of onRules) expect(detail).toMatch(/^SEARCH (r|AlertRule) USING (COVERING )?INDEX .*(level|rearmAt)|PRIMARY KEY/);
      }
    } finally {
      await explainer.$disconnect();
    }
  });

  test("with 10,000 rules of other coins and levels not reached, a pass reads the crossed rule alone", async () => {
    const userId = (await db().user.create({ data: { address: "0x00000000000000000000000000000000000000a3" } })).id;
    // 10,000 rules in one statement: 5,000 on other coins, 5,000 on the changed coin far above its price.
    await db().$executeRawUnsafe(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
       INSERT INTO "AlertRule" ("userId", "kind", "coinId", "coinSymbol", "coinName", "direction", "level", "armed", "crossing", "paused", "createdAt")
       SELECT ?, CASE i % 2 WHEN 0 THEN 'price' ELSE 'market_cap' END, CASE WHEN i < 5000 THEN 'btc' ELSE '9mm' END, 'X', 'X', 'above', 1e6 + i, 1, 0, 0, CURRENT_TIMESTAMP FROM n`,
      userId,
    );
    const { id } = await rule({ kind: "price", coinId: "9mm", level: 1 });
    await pass({ "9mm": quote(0.5, 5e8) });
    const alerts = alertsOf(await pass({ "9mm": quote(2, 2e9) }));
    expect(alerts).toMatchObject({ rulesChecked: 1, fired: 1 });
    expect(await firingsOf(id)).toHaveLength(1);
  });
});
