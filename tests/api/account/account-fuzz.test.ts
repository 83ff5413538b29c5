// The watchlist and saved-comparison writes under load and under garbage: concurrent identical
// and different writes through the real handlers on one real SQLite file, and 1,000 generated
// malformed bodies that must never cause a 5xx.
import fc from "fast-check";
import * as watchlist from "@/app/api/watchlist/route";
import * as saved from "@/app/api/saved-comparisons/route";
import * as savedOne from "@/app/api/saved-comparisons/[id]/route";
import * as watchOne from "@/app/api/watchlist/[coinId]/route";
import * as alertOne from "@/app/api/alerts/[id]/route";
import * as pushOne from "@/app/api/push-subscriptions/[id]/route";
import { addToWatchlist } from "@/lib/account/watchlist.server";
import { saveComparison } from "@/lib/account/saved-comparisons.server";
import { getDb } from "@/lib/db/get-db.server";
import { seedCoins } from "@/prisma/seed/coins";
import { savedComparisonSchema, watchlistEntrySchema } from "@/lib/account/schemas";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, SAME_SITE, signIn, type SignedIn } from "@/tests/helpers/account-session";

// Hundreds of writes from one test client: the per-client write limits are lifted here
// (tests/api/security/rate-limited-routes.test.ts checks them with the real limiter).
jest.mock("@/lib/security/rate-limit.server", () => jest.requireActual("@/tests/helpers/unlimited-rate-limit").unlimitedRateLimit);

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

const SEEDED = seedCoins.map((coin) => coin.id);

const postWatch = (user: SignedIn, body: string, headers: Record<string, string> = JSON_WRITE) =>
  user.browser.request(watchlist.POST, "/api/watchlist", { method: "POST", headers, body });
const postSave = (user: SignedIn, body: string, headers: Record<string, string> = JSON_WRITE) =>
  user.browser.request(saved.POST, "/api/saved-comparisons", { method: "POST", headers, body });

describe("concurrent writes", () => {
  test("the seed has the coins these tests use", () => {
    expect(SEEDED).toEqual(expect.arrayContaining(["pls", "hex", "plsx", "btc", "eth"]));
    expect(SEEDED.length).toBeGreaterThanOrEqual(20);
  });

  test("50 identical concurrent adds of one coin: all 200/201, one id, one row", async () => {
    const user = await signIn();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => postWatch(user, JSON.stringify({ coinId: "pls" }))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(1);
    const ids = new Set(responses.map((r) => watchlistEntrySchema.parse(r.body).id));
    expect(ids.size).toBe(1);
    const rows = await db().watchlistEntry.findMany({ where: { userId: user.userId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: [...ids][0], coinId: "pls" });
  }, 60_000);

  test("20 identical concurrent saves of one pair: all 200/201, one id, one row", async () => {
    const user = await signIn();
    const body = JSON.stringify({ coin1Id: "hex", coin2Id: "pls" });
    const responses = await Promise.all(Array.from({ length: 20 }, () => postSave(user, body)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(1);
    const bodies = responses.map((r) => savedComparisonSchema.parse(r.body));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.savedAt)).size).toBe(1);
    const rows = await db().savedComparison.findMany({ where: { userId: user.userId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: bodies[0]!.id, coin1Id: "hex", coin2Id: "pls" });
  }, 60_000);

  test("10 different coins added concurrently all land (no lost write)", async () => {
    const user = await signIn();
    const coins = SEEDED.slice(0, 10);
    const responses = await Promise.all(coins.map((coinId) => postWatch(user, JSON.stringify({ coinId }))));
    expect(responses.map((r) => r.status)).toEqual(coins.map(() => 201));
    const rows = await db().watchlistEntry.findMany({ where: { userId: user.userId } });
    expect(rows.map((r) => r.coinId).sort()).toEqual([...coins].sort());
  }, 60_000);

  test("10 different pairs saved concurrently, mixed with repeats, give one row per pair", async () => {
    const user = await signIn();
    const pairs = SEEDED.slice(0, 10).map((coin, i) => [coin, SEEDED[(i + 1) % 10]!] as const);
    const requests = [...pairs, ...pairs, ...pairs].map(([coin1Id, coin2Id]) => postSave(user, JSON.stringify({ coin1Id, coin2Id })));
    const responses = await Promise.all(requests);
    expect(responses.map((r) => r.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);
    const rows = await db().savedComparison.findMany({ where: { userId: user.userId } });
    expect(rows.map((r) => `${r.coin1Id}>${r.coin2Id}`).sort()).toEqual(pairs.map(([a, b]) => `${a}>${b}`).sort());
  }, 60_000);

  test("two users adding the same coin at once each get their own row", async () => {
    const [a, b] = await Promise.all([signIn(), signIn()]);
    const body = JSON.stringify({ coinId: "hex" });
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => postWatch(i % 2 ? a : b, body)));
    expect(responses.map((r) => r.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);
    expect(await db().watchlistEntry.count({ where: { userId: a.userId, coinId: "hex" } })).toBe(1);
    expect(await db().watchlistEntry.count({ where: { userId: b.userId, coinId: "hex" } })).toBe(1);
  }, 60_000);
});

describe("the unique-index race itself", () => {
  // Through HTTP the requests reach the database one after another: each first waits for its
  // session cookie to be decrypted, which spreads them out, so the window between "not there
  // yet" and "insert" is rarely hit. Called directly, all the first reads run before any insert,
  // so every caller but one hits the unique index and must recover by re-reading.
  test("50 concurrent addToWatchlist calls for one user and coin: one created, all the same entry, one row", async () => {
    const user = await signIn();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => addToWatchlist(getDb(), user.userId, "plsx")));
    const failures = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
    expect(failures).toEqual([]);
    const values = results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof addToWatchlist>>>).value);
    expect(values.filter((v) => v.created)).toHaveLength(1);
    expect(new Set(values.map((v) => v.entry.id)).size).toBe(1);
    expect(await db().watchlistEntry.count({ where: { userId: user.userId } })).toBe(1);
    // The client survived the unique-constraint errors: the API still works for this user.
    const after = await postWatch(user, JSON.stringify({ coinId: "plsx" }));
    expect(after.status).toBe(200);
  }, 60_000);

  test("20 concurrent saveComparison calls for one pair: one created, all the same row, one row", async () => {
    const user = await signIn();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => saveComparison(getDb(), user.userId, "eth", "btc")));
    const failures = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
    expect(failures).toEqual([]);
    const values = results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof saveComparison>>>).value);
    expect(values.filter((v) => v.created)).toHaveLength(1);
    expect(new Set(values.map((v) => v.saved.id)).size).toBe(1);
    expect(new Set(values.map((v) => v.saved.savedAt)).size).toBe(1);
    expect(await db().savedComparison.count({ where: { userId: user.userId } })).toBe(1);
  }, 60_000);
});

// ---- generated malformed bodies --------------------------------------------------------------

type Route = "watchlist" | "saved";
type Case = { route: Route; contentType: string; body: string };

const KEYS = ["coinId", "coin1Id", "coin2Id"] as const;
/** Mostly not a valid coin id: wrong types, wrong formats, unknown ids; now and then a seeded one. */
const fieldValue = fc.oneof(
  { arbitrary: fc.constantFrom(...SEEDED), weight: 1 },
  { arbitrary: fc.stringMatching(/^[a-z0-9-]{1,64}$/), weight: 1 }, // valid format, almost always unknown
  { arbitrary: fc.string({ maxLength: 80 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 }, // any code points, lone surrogates too
  { arbitrary: fc.constantFrom("PLS", "pls ", "../pls", "pls%00", "a".repeat(65), "", "__proto__", "constructor"), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 2 },
);
/** Objects shaped like the real bodies: right, wrong and extra keys. */
const shapedObject = fc
  .tuple(
    fc.subarray([...KEYS]),
    fc.array(fieldValue, { minLength: 3, maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  )
  .map(([keys, values, extra]) => {
    const body: Record<string, unknown> = {};
    keys.forEach((key, i) => {
      body[key] = values[i];
    });
    return Object.assign(extra, body);
  });

const jsonBody = fc.oneof(
  { arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)), weight: 3 }, // any JSON at all
  { arbitrary: shapedObject.map((v) => JSON.stringify(v)), weight: 6 },
  { arbitrary: fc.string({ maxLength: 200 }), weight: 2 }, // mostly not JSON
  { arbitrary: fc.string({ unit: "binary", maxLength: 200 }), weight: 1 },
  { arbitrary: fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1))), weight: 1 }, // truncated JSON
  {
    // over 16 KB, sometimes valid JSON, sometimes multi-byte
    arbitrary: fc
      .tuple(fc.integer({ min: 16 * 1024 + 1, max: 40 * 1024 }), fc.constantFrom("x", "é", "😀"), fc.boolean())
      .map(([bytes, char, asJson]) => {
        const filler = char.repeat(Math.ceil(bytes / new TextEncoder().encode(char).length));
        return asJson ? JSON.stringify({ coinId: filler }) : filler;
      }),
    weight: 1,
  },
);

const contentType = fc.oneof(
  { arbitrary: fc.constant("application/json"), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      "application/json-patch+json",
      "application/ld+json",
      "text/json",
      "",
    ),
    weight: 3,
  },
);

/** Exactly the route's keys, with generated values: reaches the coin lookup (422) and sometimes succeeds. */
const routeShaped = (route: Route) =>
  (route === "watchlist"
    ? fc.record({ coinId: fieldValue })
    : fc.record({ coin1Id: fieldValue, coin2Id: fieldValue })
  ).map((v) => JSON.stringify(v));

const malformedCase: fc.Arbitrary<Case> = fc.constantFrom<Route>("watchlist", "saved").chain((route) =>
  fc.record({
    route: fc.constant(route),
    contentType,
    body: fc.oneof({ arbitrary: jsonBody, weight: 3 }, { arbitrary: routeShaped(route), weight: 1 }),
  }),
);

describe("1,000 generated malformed bodies", () => {
  test("never cause a 5xx: every answer is 4xx JSON with code and message, or a valid 200/201", async () => {
    const user = await signIn();
    const created = { watchlist: new Set<string>(), saved: new Set<string>() };
    const statuses = new Map<number, number>();
    let runs = 0;

    await fc.assert(
      fc.asyncProperty(malformedCase, async ({ route, contentType, body }) => {
        runs++;
        const headers: Record<string, string> = { ...SAME_SITE };
        if (contentType) headers["content-type"] = contentType;
        const res = await (route === "watchlist" ? postWatch(user, body, headers) : postSave(user, body, headers));
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);

        if (res.status === 200 || res.status === 201) {
          if (route === "watchlist") created.watchlist.add(watchlistEntrySchema.parse(res.body).coinId);
          else {
            const s = savedComparisonSchema.parse(res.body);
            created.saved.add(`${s.coin1Id}>${s.coin2Id}`);
          }
          return;
        }
        if (res.status < 400 || res.status > 499) throw new Error(`status ${res.status} for ${route} ${contentType} ${body.slice(0, 200)}: ${res.text.slice(0, 300)}`);
        expect(res.headers.get("content-type")).toMatch(/application\/json/);
        const { error } = apiErrorSchema.parse(res.body);
        expect(error.code.length).toBeGreaterThan(0);
        expect(error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );

    expect(runs).toBe(1000);
    // The generator is meant to produce mostly invalid bodies: most answers are errors.
    const ok = (statuses.get(200) ?? 0) + (statuses.get(201) ?? 0);
    expect(ok).toBeLessThan(200);
    // And the usual refusals all occur.
    for (const status of [400, 413, 415, 422]) expect({ status, seen: (statuses.get(status) ?? 0) > 0 }).toEqual({ status, seen: true });

    // The user's rows are exactly what the accepted bodies made, all of seeded coins.
    const rows = await db().watchlistEntry.findMany({ where: { userId: user.userId } });
    expect(new Set(rows.map((r) => r.coinId))).toEqual(created.watchlist);
    for (const row of rows) expect(SEEDED).toContain(row.coinId);
    const savedRows = await db().savedComparison.findMany({ where: { userId: user.userId } });
    expect(new Set(savedRows.map((r) => `${r.coin1Id}>${r.coin2Id}`))).toEqual(created.saved);
    for (const row of savedRows) {
      expect(SEEDED).toContain(row.coin1Id);
      expect(SEEDED).toContain(row.coin2Id);
      expect(row.coin1Id).not.toBe(row.coin2Id);
    }
  }, 120_000);
});

describe("generated paths to one row (DELETE, and PATCH of an alert)", () => {
  test("a user who owns nothing gets 404 JSON for 400 generated ids and coin ids (watchlist, saved comparisons, alerts, browsers), never 5xx, and another user's rows stay untouched", async () => {
    const owner = await signIn();
    for (const coinId of ["pls", "hex", "plsx"]) expect((await postWatch(owner, JSON.stringify({ coinId }))).status).toBe(201);
    for (const [coin1Id, coin2Id] of [["hex", "pls"], ["pls", "hex"], ["btc", "eth"]]) {
      expect((await postSave(owner, JSON.stringify({ coin1Id, coin2Id }))).status).toBe(201);
    }
    for (const coinId of ["pls", "hex"]) {
      await db().alertRule.create({ data: { userId: owner.userId, kind: "new_ath", coinId, coinSymbol: coinId.toUpperCase(), coinName: coinId, level: 1 } });
      await db().pushSubscription.create({ data: { userId: owner.userId, endpoint: `https://push.example/${coinId}`, p256dh: "p", auth: "a", label: "Browser" } });
    }
    const ownerRows = async () => ({
      watchlist: await db().watchlistEntry.findMany({ where: { userId: owner.userId }, orderBy: { id: "asc" } }),
      saved: await db().savedComparison.findMany({ where: { userId: owner.userId }, orderBy: { id: "asc" } }),
      alerts: await db().alertRule.findMany({ where: { userId: owner.userId }, orderBy: { id: "asc" } }),
      push: await db().pushSubscription.findMany({ where: { userId: owner.userId }, orderBy: { id: "asc" } }),
    });
    const before = await ownerRows();
    const ownerIds = [...before.saved, ...before.alerts, ...before.push].map((row) => String(row.id));

    const caller = await signIn(); // owns nothing: every DELETE must be 404
    const id = fc.oneof(
      fc.constantFrom(...ownerIds, "0", "-1", "1.5", "01", "1e3", "0x1", "", " ", "%00", "99999999999999999999", "9007199254740992"),
      fc.nat().map(String),
      fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
    );
    const coinId = fc.oneof(fc.constantFrom("pls", "hex", "plsx", "PLS", "", "a".repeat(65)), fc.string({ maxLength: 80 }));
    const target = fc.oneof(
      id.map((value) => ({ route: "saved" as const, value })),
      coinId.map((value) => ({ route: "watchlist" as const, value })),
      id.map((value) => ({ route: "alert" as const, value })),
      id.map((value) => ({ route: "alert-pause" as const, value })),
      id.map((value) => ({ route: "push" as const, value })),
    );
    const idRoutes = {
      saved: [savedOne.DELETE, "saved-comparisons", "DELETE"],
      alert: [alertOne.DELETE, "alerts", "DELETE"],
      "alert-pause": [alertOne.PATCH, "alerts", "PATCH"],
      push: [pushOne.DELETE, "push-subscriptions", "DELETE"],
    } as const;

    await fc.assert(
      fc.asyncProperty(target, async ({ route, value }) => {
        const res =
          route === "watchlist"
            ? await caller.browser.request(watchOne.DELETE, `/api/watchlist/${encodeURIComponent(value)}`, {
                method: "DELETE",
                headers: SAME_SITE,
                params: { coinId: value },
              })
            : await caller.browser.request(idRoutes[route][0], `/api/${idRoutes[route][1]}/${encodeURIComponent(value)}`, {
                method: idRoutes[route][2],
                headers: idRoutes[route][2] === "PATCH" ? JSON_WRITE : SAME_SITE,
                body: idRoutes[route][2] === "PATCH" ? JSON.stringify({ paused: true }) : undefined,
                params: { id: value },
              });
        if (res.status !== 404) throw new Error(`DELETE ${route} ${JSON.stringify(value)}: ${res.status} ${res.text.slice(0, 300)}`);
        expect(apiErrorSchema.parse(res.body).error.code).toBe("not_found");
      }),
      { numRuns: 400 },
    );
    expect(await ownerRows()).toEqual(before);
  }, 120_000);
});
