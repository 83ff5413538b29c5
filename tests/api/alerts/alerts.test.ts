// The alert-rule and firing endpoints end to end (issue 39): real route handlers, a real seeded
// SQLite file, sessions from real SIWE sign-ins with real keys. Who may call them at all:
// tests/api/api/route-access.test.ts; here, what each answers and that one user never reaches
// another's rules.
import fc from "fast-check";
import * as list from "@/app/api/alerts/route";
import * as one from "@/app/api/alerts/[id]/route";
import * as firings from "@/app/api/alert-firings/route";
import { createAlertRule } from "@/lib/alerts/rules.server";
import { getDb } from "@/lib/db/get-db.server";
import { ALERT_RULE_LIMIT, alertFiringListSchema, alertRuleListSchema, alertRuleSchema, type AlertRuleView } from "@/lib/alerts/schemas";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, SAME_SITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";

// Over a hundred writes from one test client: the per-client write limits are lifted here
// (tests/api/security/rate-limited-routes.test.ts checks them with the real limiter).
jest.mock("@/lib/security/rate-limit.server", () => jest.requireActual("@/tests/helpers/unlimited-rate-limit").unlimitedRateLimit);

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

// Two coins of our own with round figures: ALPHA at $1 (market cap $1B, high $2 / $2B) and BETA
// at $10 ($4B, high $8B).
beforeAll(async () => {
  const common = { chain: "pulsechain", rank: 9_000, priceChange24h: 3 };
  await db().coin.create({
    data: { ...common, id: "alpha", symbol: "ALPHA", name: "Alpha", currentPrice: 1, marketCap: 1e9, athPrice: 2, athMarketCap: 2e9, contractAddress: "0x00000000000000000000000000000000000a1fa0" },
  });
  await db().coin.create({
    data: { ...common, id: "beta", symbol: "BETA", name: "Beta", currentPrice: 10, marketCap: 4e9, athPrice: 20, athMarketCap: 8e9, contractAddress: "0x00000000000000000000000000000000000b37a0" },
  });
});

const create = (user: SignedIn, body: unknown, headers: Record<string, string> = JSON_WRITE) =>
  user.browser.request(list.POST, "/api/alerts", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
const get = (user: SignedIn) => user.browser.request(list.GET, "/api/alerts");
const patch = (user: SignedIn, id: number | string, body: unknown, headers: Record<string, string> = JSON_WRITE) =>
  user.browser.request(one.PATCH, `/api/alerts/${id}`, { method: "PATCH", headers, body: JSON.stringify(body), params: { id: String(id) } });
const remove = (user: SignedIn, id: number | string, headers: Record<string, string> = SAME_SITE) =>
  user.browser.request(one.DELETE, `/api/alerts/${id}`, { method: "DELETE", headers, params: { id: String(id) } });
const getFirings = (user: SignedIn) => user.browser.request(firings.GET, "/api/alert-firings");

async function created(user: SignedIn, body: unknown): Promise<AlertRuleView> {
  const res = await create(user, body);
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
  return alertRuleSchema.parse(res.body);
}
const stored = (id: number) => db().alertRule.findUniqueOrThrow({ where: { id } });
const rulesOf = (user: SignedIn) => db().alertRule.findMany({ where: { userId: user.userId }, orderBy: { id: "asc" } });

describe("creating each kind of rule", () => {
  let user: SignedIn;
  beforeAll(async () => {
    user = await signIn();
  });

  test("A reaches B: the side is where A is now, the level the multiple; the coins' names are stored", async () => {
    const res = await create(user, { kind: "reach", coinId: "alpha", otherCoinId: "beta" });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const rule = alertRuleSchema.parse(res.body);
    expect(rule).toEqual({
      id: expect.any(Number),
      kind: "reach",
      coin: { id: "alpha", symbol: "ALPHA", name: "Alpha", gone: false },
      otherCoin: { id: "beta", symbol: "BETA", name: "Beta", gone: false },
      direction: "above",
      level: 1,
      description: "ALPHA reaches BETA's market cap",
      state: "armed",
      waitingFor: [],
      lastFiredAt: null,
      createdAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(rule.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(await stored(rule.id)).toMatchObject({
      userId: user.userId,
      coinSymbol: "ALPHA",
      coinName: "Alpha",
      otherSymbol: "BETA",
      otherName: "Beta",
      direction: "above",
      level: 1,
      armed: true,
      rearmAt: 0.98,
      paused: false,
      crossing: 0,
    });

    // A fifth of BETA's $4B is $0.8B, below ALPHA's $1B: ALPHA reaches it by falling.
    const fifth = await created(user, { kind: "reach", coinId: "alpha", otherCoinId: "beta", multiple: 0.2 });
    expect(fifth).toMatchObject({ direction: "below", level: 0.2, state: "armed", description: "ALPHA reaches 20% of BETA's market cap" });
    expect((await stored(fifth.id)).rearmAt).toBeCloseTo(0.204, 12);
  });

  test("A reaches B's all-time-high market cap: measured against B's high", async () => {
    // Half of BETA's $8B high is $4B, above ALPHA's $1B.
    const rule = await created(user, { kind: "reach_ath", coinId: "alpha", otherCoinId: "beta", multiple: 0.5 });
    expect(rule).toMatchObject({ kind: "reach_ath", direction: "above", level: 0.5, state: "armed", description: "ALPHA reaches 50% of BETA's all-time-high market cap" });
    // BETA's $4B is above ALPHA's $2B high: BETA reaches it by falling.
    const down = await created(user, { kind: "reach_ath", coinId: "beta", otherCoinId: "alpha" });
    expect(down).toMatchObject({ direction: "below", level: 1, state: "armed" });
  });

  test("A reaches B while B has no market cap: no side, not armed, shown waiting for B's market cap; resumed once B has one, it takes its side", async () => {
    await db().coin.create({
      data: { chain: "pulsechain", rank: 9_001, id: "gamma", symbol: "GAMMA", name: "Gamma", currentPrice: 0.5, marketCap: 0, contractAddress: "0x00000000000000000000000000000000006a3aa0" },
    });
    try {
      const res = await create(user, { kind: "reach", coinId: "alpha", otherCoinId: "gamma" });
      expect(res.status).toBe(201);
      const rule = alertRuleSchema.parse(res.body);
      expect(rule).toMatchObject({ direction: null, level: 1, state: "waiting_for_market_cap", waitingFor: ["gamma"], otherCoin: { symbol: "GAMMA" } });
      expect(await stored(rule.id)).toMatchObject({ direction: null, armed: false, rearmAt: null });
      // Not "below a target of 0": GAMMA's high is no target either, nor is ALPHA measured against nothing.
      expect(await created(user, { kind: "reach_ath", coinId: "alpha", otherCoinId: "beta" })).toMatchObject({ state: "armed", waitingFor: [] });
      expect(await created(user, { kind: "reach_ath", coinId: "beta", otherCoinId: "gamma" })).toMatchObject({ state: "waiting_for_market_cap", waitingFor: ["gamma"] });
      expect(await created(user, { kind: "reach", coinId: "gamma", otherCoinId: "beta" })).toMatchObject({ state: "waiting_for_market_cap", waitingFor: ["gamma"] });
      expect(alertRuleListSchema.parse((await get(user)).body).find((listed) => listed.id === rule.id)).toMatchObject({ state: "waiting_for_market_cap", waitingFor: ["gamma"] });

      // Paused, then resumed while GAMMA still has none: it keeps waiting.
      await patch(user, rule.id, { paused: true });
      expect(alertRuleSchema.parse((await patch(user, rule.id, { paused: false })).body)).toMatchObject({ state: "waiting_for_market_cap" });
      // GAMMA at $4B: listed with no coin to wait for (the next pass sets it); resumed, it takes its side as a new rule would.
      await db().coin.update({ where: { id: "gamma" }, data: { marketCap: 4e9 } });
      expect(alertRuleListSchema.parse((await get(user)).body).find((listed) => listed.id === rule.id)).toMatchObject({ state: "waiting_for_market_cap", waitingFor: [] });
      await patch(user, rule.id, { paused: true });
      expect(alertRuleSchema.parse((await patch(user, rule.id, { paused: false })).body)).toMatchObject({ state: "armed", direction: "above" });
      expect(await stored(rule.id)).toMatchObject({ direction: "above", armed: true, rearmAt: 0.98 });
    } finally {
      await db().alertRule.deleteMany({ where: { OR: [{ coinId: "gamma" }, { otherCoinId: "gamma" }] } });
      await db().coin.delete({ where: { id: "gamma" } });
    }
  });

  test("price and market cap: the user's side and level, typed like the site's amounts", async () => {
    const price = await created(user, { kind: "price", coinId: "alpha", direction: "above", level: "$2.50" });
    expect(price).toMatchObject({ direction: "above", level: 2.5, state: "armed", description: "ALPHA's price goes above $2.50" });
    expect((await stored(price.id)).rearmAt).toBeCloseTo(2.45, 12);

    const cap = await created(user, { kind: "market_cap", coinId: "alpha", direction: "above", level: "$100B" });
    expect(cap).toMatchObject({ kind: "market_cap", direction: "above", level: 100e9, state: "armed" });

    const small = await created(user, { kind: "market_cap", coinId: "alpha", direction: "below", level: "1.5m" });
    expect(small).toMatchObject({ direction: "below", level: 1.5e6, state: "armed" });
    expect((await stored(small.id)).rearmAt).toBeCloseTo(1.53e6, 6);

    const numeric = await created(user, { kind: "price", coinId: "beta", direction: "below", level: 7.5 });
    expect(numeric).toMatchObject({ direction: "below", level: 7.5, state: "armed" });
  });

  test("a level already passed when the rule is made waits for the value to go back past its re-arm level first", async () => {
    // ALPHA is at $1: "above $0.50" is passed already.
    const above = await created(user, { kind: "price", coinId: "alpha", direction: "above", level: 0.5 });
    expect(above.state).toBe("waiting");
    expect(await stored(above.id)).toMatchObject({ armed: false, rearmAt: 0.49 });

    // ...and "below $1.50" too; exactly at the level counts as passed.
    const below = await created(user, { kind: "price", coinId: "alpha", direction: "below", level: "1.5" });
    expect(await stored(below.id)).toMatchObject({ armed: false, rearmAt: 1.53 });
    const at = await created(user, { kind: "market_cap", coinId: "alpha", direction: "above", level: "1b" });
    expect(at.state).toBe("waiting");
  });

  test("a new all-time high waits for the high to rise past today's; a 24h move stores its percent", async () => {
    const high = await created(user, { kind: "new_ath", coinId: "alpha" });
    expect(high).toMatchObject({ kind: "new_ath", direction: null, level: null, otherCoin: null, state: "armed", description: "ALPHA makes a new all-time high" });
    expect(await stored(high.id)).toMatchObject({ level: 2, direction: null, rearmAt: null, armed: true });

    const move = await created(user, { kind: "move_24h", coinId: "beta", percent: 10 });
    expect(move).toMatchObject({ kind: "move_24h", direction: null, level: 10, state: "armed", description: "BETA moves 10% in 24h, up or down" });
    expect(await stored(move.id)).toMatchObject({ level: 10, rearmAt: null });

    // A coin with no high yet: the first high there is counts.
    const pls = await db().coin.findUniqueOrThrow({ where: { id: "pls" } });
    const fresh = await created(user, { kind: "new_ath", coinId: "pls" });
    expect((await stored(fresh.id)).level).toBe(pls.athPrice ?? 0);
  });
});

describe("listing", () => {
  test("oldest first, private, each with its state; empty is []", async () => {
    const user = await signIn();
    const empty = await get(user);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get("cache-control")).toBe("private, no-store");
    expect(empty.headers.get("vary")).toMatch(/cookie/i);

    const first = await created(user, { kind: "price", coinId: "alpha", direction: "above", level: 3 });
    const second = await created(user, { kind: "price", coinId: "alpha", direction: "above", level: 0.5 });
    const third = await created(user, { kind: "reach", coinId: "beta", otherCoinId: "alpha", multiple: 10 });
    expect((await patch(user, third.id, { paused: true })).status).toBe(200);
    const rules = alertRuleListSchema.parse((await get(user)).body);
    expect(rules.map((rule) => [rule.id, rule.state])).toEqual([
      [first.id, "armed"],
      [second.id, "waiting"],
      [third.id, "paused"],
    ]);
  });

  test("a renamed coin shows its new symbol and name, in the description too", async () => {
    await db().coin.create({
      data: { id: "renamed-alert-coin", symbol: "OLD", name: "Old name", currentPrice: 1, marketCap: 1e6, rank: 9_001, chain: "pulsechain", contractAddress: "0x00000000000000000000000000000000000d0e01" },
    });
    const user = await signIn();
    const rule = await created(user, { kind: "reach", coinId: "renamed-alert-coin", otherCoinId: "alpha", multiple: 0.5 });
    expect(rule.description).toBe("OLD reaches 50% of ALPHA's market cap");

    await db().coin.update({ where: { id: "renamed-alert-coin" }, data: { symbol: "NEW", name: "New name" } });
    const [listed] = alertRuleListSchema.parse((await get(user)).body);
    expect(listed).toMatchObject({
      coin: { id: "renamed-alert-coin", symbol: "NEW", name: "New name", gone: false },
      description: "NEW reaches 50% of ALPHA's market cap",
      state: "armed",
    });
    // What the rule stored stays as it was made (it is what a removed coin would show).
    expect(await stored(rule.id)).toMatchObject({ coinSymbol: "OLD", coinName: "Old name" });
  });

  test("a removed coin leaves its rules listed under their stored names, gone, in state coin_gone (paused or not)", async () => {
    await db().coin.create({
      data: { id: "doomed-alert-coin", symbol: "DOOM", name: "Doomed", currentPrice: 1, marketCap: 1e6, rank: 9_002, chain: "pulsechain", contractAddress: "0x00000000000000000000000000000000000d0e02" },
    });
    const user = await signIn();
    const own = await created(user, { kind: "price", coinId: "doomed-alert-coin", direction: "above", level: 2 });
    const asOther = await created(user, { kind: "reach", coinId: "alpha", otherCoinId: "doomed-alert-coin" });
    const untouched = await created(user, { kind: "price", coinId: "alpha", direction: "above", level: 2 });
    expect((await patch(user, asOther.id, { paused: true })).status).toBe(200);

    await db().coin.delete({ where: { id: "doomed-alert-coin" } });

    const res = await get(user);
    expect(res.status).toBe(200);
    const rules = alertRuleListSchema.parse(res.body);
    expect(rules).toHaveLength(3);
    expect(rules[0]).toMatchObject({ id: own.id, coin: { id: "doomed-alert-coin", symbol: "DOOM", name: "Doomed", gone: true }, state: "coin_gone", description: "DOOM's price goes above $2.00" });
    expect(rules[1]).toMatchObject({ id: asOther.id, coin: { gone: false }, otherCoin: { id: "doomed-alert-coin", symbol: "DOOM", gone: true }, state: "coin_gone" });
    expect(rules[2]).toMatchObject({ id: untouched.id, state: "armed" });

    // Resuming it changes nothing but the pause: it stays coin_gone, and it can be deleted.
    expect(alertRuleSchema.parse((await patch(user, asOther.id, { paused: false })).body).state).toBe("coin_gone");
    expect((await remove(user, own.id)).status).toBe(204);
  });
});

describe("pausing, resuming and deleting", () => {
  test("PATCH pauses and resumes; a level passed while paused waits to re-arm instead of firing", async () => {
    const user = await signIn();
    await db().coin.update({ where: { id: "beta" }, data: { currentPrice: 10 } });
    const rule = await created(user, { kind: "price", coinId: "beta", direction: "above", level: 12 });

    const paused = await patch(user, rule.id, { paused: true });
    expect(paused.status).toBe(200);
    expect(paused.headers.get("cache-control")).toBe("private, no-store");
    expect(alertRuleSchema.parse(paused.body)).toMatchObject({ id: rule.id, state: "paused" });
    expect((await stored(rule.id)).paused).toBe(true);
    // Pausing again is the same answer.
    expect(alertRuleSchema.parse((await patch(user, rule.id, { paused: true })).body).state).toBe("paused");

    await db().coin.update({ where: { id: "beta" }, data: { currentPrice: 13 } });
    try {
      const resumed = alertRuleSchema.parse((await patch(user, rule.id, { paused: false })).body);
      expect(resumed.state).toBe("waiting");
      expect(await stored(rule.id)).toMatchObject({ paused: false, armed: false, rearmAt: 11.76 });
    } finally {
      await db().coin.update({ where: { id: "beta" }, data: { currentPrice: 10 } });
    }
    // Paused and resumed with the price back under the level: armed.
    await patch(user, rule.id, { paused: true });
    expect(alertRuleSchema.parse((await patch(user, rule.id, { paused: false })).body).state).toBe("armed");
  });

  test("a new-high rule resumed starts from the high made while it was paused", async () => {
    const user = await signIn();
    const rule = await created(user, { kind: "new_ath", coinId: "alpha" });
    expect((await stored(rule.id)).level).toBe(2);
    await patch(user, rule.id, { paused: true });
    await db().coin.update({ where: { id: "alpha" }, data: { athPrice: 2.5 } });
    try {
      expect((await stored(rule.id)).level).toBe(2);
      expect(alertRuleSchema.parse((await patch(user, rule.id, { paused: false })).body)).toMatchObject({ state: "armed", level: null });
      expect(await stored(rule.id)).toMatchObject({ level: 2.5, armed: true, paused: false });
    } finally {
      await db().coin.update({ where: { id: "alpha" }, data: { athPrice: 2 } });
    }
  });

  test("DELETE removes the rule and its firings (204, no body); again is 404", async () => {
    const user = await signIn();
    const rule = await created(user, { kind: "move_24h", coinId: "alpha", percent: 5 });
    const keep = await created(user, { kind: "move_24h", coinId: "beta", percent: 5 });
    await db().alertFiring.create({ data: { ruleId: rule.id, userId: user.userId, crossing: 1, firedAt: new Date(), message: "ALPHA is up 5.0% in 24h", url: "/coins/alpha", value: 5 } });

    const res = await remove(user, rule.id);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await rulesOf(user)).map((row) => row.id)).toEqual([keep.id]);
    expect(await db().alertFiring.count({ where: { ruleId: rule.id } })).toBe(0);

    const again = await remove(user, rule.id);
    expect(again.status).toBe(404);
    expect(errorOf(again)).toEqual({ code: "not_found", message: `You have no alert "${rule.id}".` });
    expect((await patch(user, rule.id, { paused: true })).status).toBe(404);
  });
});

describe("one user's rules are invisible and untouchable to another", () => {
  test("B does not see A's rules, and changing or deleting one is 404 that changes nothing", async () => {
    const a = await signIn();
    const b = await signIn();
    const rule = await created(a, { kind: "reach", coinId: "alpha", otherCoinId: "beta" });
    await created(b, { kind: "new_ath", coinId: "beta" });

    expect(alertRuleListSchema.parse((await get(b)).body).map((r) => r.coin.id)).toEqual(["beta"]);
    const before = await rulesOf(a);
    for (const res of [await patch(b, rule.id, { paused: true }), await remove(b, rule.id)]) {
      expect(res.status).toBe(404);
      expect(errorOf(res)).toEqual({ code: "not_found", message: `You have no alert "${rule.id}".` });
    }
    expect(await rulesOf(a)).toEqual(before);
    expect(alertRuleListSchema.parse((await get(a)).body)).toEqual([rule]);
  });

  test("signed out is 401 on every route; a write from another site is 403, even signed in", async () => {
    const user = await signIn();
    const rule = await created(user, { kind: "new_ath", coinId: "alpha" });
    const before = await rulesOf(user);
    const body = JSON.stringify({ kind: "new_ath", coinId: "beta" });
    const signedOut = [
      await call(list.GET, "/api/alerts"),
      await call(list.POST, "/api/alerts", { method: "POST", headers: JSON_WRITE, body }),
      await call(one.PATCH, `/api/alerts/${rule.id}`, { method: "PATCH", headers: JSON_WRITE, body: '{"paused":true}', params: { id: String(rule.id) } }),
      await call(one.DELETE, `/api/alerts/${rule.id}`, { method: "DELETE", headers: SAME_SITE, params: { id: String(rule.id) } }),
      await call(firings.GET, "/api/alert-firings"),
    ];
    for (const res of signedOut) expect({ status: res.status, code: errorOf(res).code }).toEqual({ status: 401, code: "unauthenticated" });

    const foreign = { "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    for (const res of [await create(user, body, foreign), await patch(user, rule.id, { paused: true }, foreign), await remove(user, rule.id, foreign)]) {
      expect({ status: res.status, code: errorOf(res).code }).toEqual({ status: 403, code: "forbidden" });
    }
    expect(await rulesOf(user)).toEqual(before);
  });
});

describe(`at most ${ALERT_RULE_LIMIT} rules per user`, () => {
  test(`the ${ALERT_RULE_LIMIT + 1}st is 409 too_many_alerts naming the limit; deleting one makes room; others are not counted`, async () => {
    const user = await signIn();
    const other = await signIn();
    await created(other, { kind: "new_ath", coinId: "alpha" });
    const rules: AlertRuleView[] = [];
    for (let i = 0; i < ALERT_RULE_LIMIT; i++) rules.push(await created(user, { kind: "price", coinId: "alpha", direction: "above", level: 2 + i }));

    const over = await create(user, { kind: "price", coinId: "alpha", direction: "above", level: 100 });
    expect(over.status).toBe(409);
    expect(errorOf(over)).toEqual({ code: "too_many_alerts", message: expect.stringContaining(`${ALERT_RULE_LIMIT} alerts`) });
    expect(await db().alertRule.count({ where: { userId: user.userId } })).toBe(ALERT_RULE_LIMIT);

    expect((await remove(user, rules[0]!.id)).status).toBe(204);
    expect((await create(user, { kind: "new_ath", coinId: "beta" })).status).toBe(201);
    expect((await create(user, { kind: "new_ath", coinId: "beta" })).status).toBe(409);
    expect((await create(other, { kind: "new_ath", coinId: "beta" })).status).toBe(201);
  }, 60_000);

  test("60 concurrent creates leave exactly 50 rules: 50 answered 201 and 10 answered 409", async () => {
    const user = await signIn();
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => create(user, { kind: "market_cap", coinId: "beta", direction: "above", level: `${5 + i}b` })),
    );
    const statuses = responses.map((res) => res.status);
    expect({ created: statuses.filter((s) => s === 201).length, refused: statuses.filter((s) => s === 409).length }).toEqual({ created: 50, refused: 10 });
    expect(await db().alertRule.count({ where: { userId: user.userId } })).toBe(ALERT_RULE_LIMIT);
  }, 60_000);

  // Through HTTP the requests reach the database one after another (each first waits for its
  // session cookie to be decrypted); called directly, every count would run before any insert,
  // were they two statements.
  test("60 concurrent createAlertRule calls for one user with 45 rules: 5 land, 55 are too_many_alerts", async () => {
    const user = await signIn();
    for (let i = 0; i < 45; i++) await createAlertRule(getDb(), user.userId, { kind: "move_24h", coinId: "alpha", percent: 1 + i });
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => createAlertRule(getDb(), user.userId, { kind: "price", coinId: "beta", direction: "below", level: 1 + i })),
    );
    const refusals = results.filter((r) => r.status === "rejected").map((r) => ((r as PromiseRejectedResult).reason as { kind?: string }).kind ?? String((r as PromiseRejectedResult).reason));
    expect({ landed: results.length - refusals.length, refusals: new Set(refusals) }).toEqual({ landed: 5, refusals: new Set(["too_many_alerts"]) });
    expect(await db().alertRule.count({ where: { userId: user.userId } })).toBe(ALERT_RULE_LIMIT);
  }, 60_000);
});

describe("invalid bodies are 400 naming the field, and write nothing", () => {
  let user: SignedIn;
  beforeAll(async () => {
    user = await signIn();
  });

  test.each([
    ["a level typed with an x", { kind: "price", coinId: "alpha", direction: "above", level: "1.5x" }, /^level: /],
    ["a negative level", { kind: "price", coinId: "alpha", direction: "above", level: -3 }, /^level: .*above 0/],
    ["an empty level", { kind: "market_cap", coinId: "alpha", direction: "below", level: "" }, /^level: Enter a market cap/],
    ["a level of zero", { kind: "market_cap", coinId: "alpha", direction: "below", level: "0" }, /^level: .*above 0/],
    ["no level", { kind: "price", coinId: "alpha", direction: "above" }, /^level: /],
    ["a market cap past any market", { kind: "market_cap", coinId: "alpha", direction: "above", level: "5000000000t" }, /^level: .*too large/],
    ["no direction", { kind: "price", coinId: "alpha", level: 2 }, /^direction: /],
    ["a direction of sideways", { kind: "price", coinId: "alpha", direction: "sideways", level: 2 }, /^direction: /],
    ["a multiple of 0", { kind: "reach", coinId: "alpha", otherCoinId: "beta", multiple: 0 }, /^multiple: /],
    ["a percent of 0", { kind: "move_24h", coinId: "alpha", percent: 0 }, /^percent: /],
    ["an unknown kind", { kind: "volume", coinId: "alpha" }, /^kind: /],
    ["an unknown key", { kind: "new_ath", coinId: "alpha", level: 3 }, /Unrecognized key.*level/],
    ["a key of another kind", { kind: "price", coinId: "alpha", direction: "above", level: 2, otherCoinId: "beta" }, /Unrecognized key.*otherCoinId/],
    ["an upper-case coin id", { kind: "new_ath", coinId: "ALPHA" }, /^coinId: /],
    ["an unknown coin", { kind: "new_ath", coinId: "no-such-coin" }, /^coinId: no coin with id "no-such-coin"\.$/],
    ["an unknown other coin", { kind: "reach", coinId: "alpha", otherCoinId: "no-such-coin" }, /^otherCoinId: no coin with id "no-such-coin"\.$/],
    ["two unknown coins", { kind: "reach_ath", coinId: "nope-a", otherCoinId: "nope-b" }, /^coinId: no coin with id "nope-a"\.; otherCoinId: no coin with id "nope-b"\.$/],
    ["a coin against itself", { kind: "reach", coinId: "alpha", otherCoinId: "alpha" }, /^otherCoinId: /],
    ["a coin against its own high", { kind: "reach_ath", coinId: "beta", otherCoinId: "beta" }, /^otherCoinId: /],
  ])("%s", async (_name, body, message) => {
    const before = await db().alertRule.count();
    const res = await create(user, body);
    expect(res.status).toBe(400);
    expect(errorOf(res)).toEqual({ code: "bad_request", message: expect.stringMatching(message) });
    expect(await db().alertRule.count()).toBe(before);
  });

  test.each([
    ["no body", undefined],
    ["paused as a string", { paused: "yes" }],
    ["an unknown key", { paused: true, level: 3 }],
  ])("PATCH with %s is 400", async (_name, body) => {
    const rule = await created(user, { kind: "new_ath", coinId: "alpha" });
    const res = await user.browser.request(one.PATCH, `/api/alerts/${rule.id}`, {
      method: "PATCH",
      headers: JSON_WRITE,
      body: body === undefined ? "" : JSON.stringify(body),
      params: { id: String(rule.id) },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe("bad_request");
    expect((await stored(rule.id)).paused).toBe(false);
  });

  test.each(["0", "-1", "1.5", "abc", "99999999999999999999"])("an id of %p is 404", async (id) => {
    expect((await patch(user, id, { paused: true })).status).toBe(404);
    expect((await remove(user, id)).status).toBe(404);
  });
});

describe("300 generated bodies", () => {
  test("never cause a 5xx: each is 201 with a valid rule, or 4xx JSON (409 only at the limit)", async () => {
    const user = await signIn();
    // Each kind's own keys (now and then one missing or one more), each value mostly right and
    // otherwise wrong: unknown coins, malformed amounts, out-of-range numbers, wrong types.
    const junk = fc.oneof(fc.constantFrom("no-such-coin", "ALPHA", "", "1,50", "-3", "0.0", ".", "$", "1.5x", "above "), fc.string({ maxLength: 50 }), fc.jsonValue({ maxDepth: 1 }));
    const either = <T,>(right: fc.Arbitrary<T>) => fc.oneof({ arbitrary: right, weight: 5 }, { arbitrary: junk, weight: 1 });
    const amount = fc.oneof(fc.constantFrom("1.5m", "$100B", "0.002", "1,500", "$2.50", "1e9"), fc.double({ min: -1, max: 2e12, noNaN: true }));
    const VALUES: Record<string, fc.Arbitrary<unknown>> = {
      coinId: either(fc.constantFrom("alpha", "beta", "pls", "hex")),
      otherCoinId: either(fc.constantFrom("alpha", "beta", "pls", "hex")),
      direction: either(fc.constantFrom("above", "below")),
      level: either(amount),
      multiple: either(fc.double({ min: -1, max: 20, noNaN: true })),
      percent: either(fc.integer({ min: -5, max: 2_000 })),
    };
    const KEYS: Record<string, string[]> = {
      reach: ["coinId", "otherCoinId", "multiple"],
      reach_ath: ["coinId", "otherCoinId", "multiple"],
      price: ["coinId", "direction", "level"],
      market_cap: ["coinId", "direction", "level"],
      new_ath: ["coinId"],
      move_24h: ["coinId", "percent"],
      volume: ["coinId"],
    };
    const body = fc
      .constantFrom(...Object.keys(KEYS))
      .chain((kind) =>
        fc.record({
          kind: fc.constant(kind),
          values: fc.tuple(...KEYS[kind]!.map((key) => VALUES[key]!)),
          drop: fc.oneof({ arbitrary: fc.constant(null), weight: 8 }, { arbitrary: fc.nat(2), weight: 1 }),
          extra: fc.oneof({ arbitrary: fc.constant(null), weight: 10 }, { arbitrary: fc.constantFrom("level", "otherCoinId", "note"), weight: 1 }),
        }),
      )
      .map(({ kind, values, drop, extra }) => {
        const generated: Record<string, unknown> = { kind };
        KEYS[kind]!.forEach((key, i) => {
          if (i !== drop) generated[key] = values[i];
        });
        if (extra) generated[extra] ??= 1;
        return generated;
      });
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(body, async (generated) => {
        const res = await create(user, generated);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) {
          alertRuleSchema.parse(res.body);
          return;
        }
        if (res.status < 400 || res.status > 499) throw new Error(`${res.status} for ${JSON.stringify(generated)}: ${res.text.slice(0, 300)}`);
        expect(errorOf(res).message.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
    // Every 201 is a row, and 409 came only once the user held the limit.
    const rows = await db().alertRule.count({ where: { userId: user.userId } });
    expect(rows).toBe(statuses.get(201) ?? 0);
    expect(rows).toBeLessThanOrEqual(ALERT_RULE_LIMIT);
    if (statuses.has(409)) expect(rows).toBe(ALERT_RULE_LIMIT);
  }, 120_000);
});

describe("GET /api/alert-firings", () => {
  test("the user's last 50, newest first, each with its deliveries; a removed browser is named so; nobody else's", async () => {
    const user = await signIn();
    const other = await signIn();
    const rule = await created(user, { kind: "price", coinId: "alpha", direction: "above", level: 2 });
    const otherRule = await created(other, { kind: "price", coinId: "alpha", direction: "above", level: 2 });
    const phone = await db().pushSubscription.create({ data: { userId: user.userId, endpoint: "https://push.example/phone", p256dh: "p", auth: "a", label: "Chrome on Android" } });

    const empty = await getFirings(user);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get("cache-control")).toBe("private, no-store");

    const start = Date.UTC(2026, 10, 1);
    for (let crossing = 1; crossing <= 55; crossing++) {
      await db().alertFiring.create({
        data: { ruleId: rule.id, userId: user.userId, crossing, firedAt: new Date(start + crossing * 60_000), message: `ALPHA's price went above $2.00: $${crossing}`, url: "/coins/alpha", value: crossing },
      });
    }
    await db().alertFiring.create({ data: { ruleId: otherRule.id, userId: other.userId, crossing: 1, firedAt: new Date(start + 3_600_000), message: "not yours", url: "/coins/alpha", value: 1 } });
    const newest = await db().alertFiring.findFirstOrThrow({ where: { ruleId: rule.id, crossing: 55 } });
    const sentAt = new Date(start + 55 * 60_000 + 2_000);
    await db().alertDelivery.create({ data: { firingId: newest.id, channel: "webpush", target: `push:${phone.id}`, subscriptionId: phone.id, status: "sent", attempts: 1, nextAttemptAt: sentAt, sentAt } });
    await db().alertDelivery.create({ data: { firingId: newest.id, channel: "webpush", target: "push:999999", subscriptionId: null, status: "gone", attempts: 0, nextAttemptAt: sentAt } });
    const capped = await db().alertFiring.findFirstOrThrow({ where: { ruleId: rule.id, crossing: 54 } });
    await db().alertFiring.update({ where: { id: capped.id }, data: { suppressed: "daily_cap" } });

    const res = await getFirings(user);
    expect(res.status).toBe(200);
    const list = alertFiringListSchema.parse(res.body);
    expect(list).toHaveLength(50);
    expect(list.map((firing) => firing.value)).toEqual(Array.from({ length: 50 }, (_, i) => 55 - i));
    expect(list[0]).toEqual({
      id: newest.id,
      ruleId: rule.id,
      firedAt: new Date(start + 55 * 60_000).toISOString(),
      message: "ALPHA's price went above $2.00: $55",
      url: "/coins/alpha",
      value: 55,
      suppressed: null,
      deliveries: [
        { channel: "webpush", target: "Chrome on Android", status: "sent", attempts: 1, sentAt: sentAt.toISOString() },
        { channel: "webpush", target: "Removed browser", status: "gone", attempts: 0, sentAt: null },
      ],
    });
    expect(list[1]).toMatchObject({ suppressed: "daily_cap", deliveries: [] });
    expect(res.text).not.toContain("push.example");

    const others = alertFiringListSchema.parse((await getFirings(other)).body);
    expect(others.map((firing) => firing.message)).toEqual(["not yours"]);
  }, 60_000);
});

describe("methods the routes do not implement", () => {
  test.each([
    ["PUT /api/alerts", list.PUT, "GET, POST"],
    ["DELETE /api/alerts", list.DELETE, "GET, POST"],
    ["GET /api/alerts/1", one.GET, "PATCH, DELETE"],
    ["POST /api/alerts/1", one.POST, "PATCH, DELETE"],
    ["POST /api/alert-firings", firings.POST, "GET"],
  ])("%s is 405 JSON naming what it allows", async (name, handler, allow) => {
    const [method, path] = name.split(" ");
    const res = await call(handler as Parameters<typeof call>[0], path!, { method, params: { id: "1" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(errorOf(res).code).toBe("method_not_allowed");
  });
});
