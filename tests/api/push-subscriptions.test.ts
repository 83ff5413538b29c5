// The browsers that receive a user's alerts (issue 39): POST/GET /api/push-subscriptions and
// DELETE /api/push-subscriptions/:id through the real handlers on a real seeded SQLite file, with
// real sign-ins. The endpoint a browser's push service gives is a capability: no answer and no
// log line may carry it.
import webpush from "web-push";
import * as list from "@/app/api/push-subscriptions/route";
import * as one from "@/app/api/push-subscriptions/[id]/route";
import { addPushSubscription } from "@/lib/alerts/push-subscriptions.server";
import { getDb } from "@/lib/db/get-db.server";
import { pushSubscriptionListSchema, pushSubscriptionSchema } from "@/lib/alerts/schemas";
import { setEnvVars } from "../helpers/env-vars";
import { call } from "../helpers/request";
import { useTestDatabase } from "../helpers/test-database";
import { useAuthEnvironment } from "../helpers/wallet-session";
import { JSON_WRITE, SAME_SITE, errorOf, signIn, type SignedIn } from "../helpers/account-session";

jest.mock("@/lib/security/rate-limit.server", () => jest.requireActual("../helpers/unlimited-rate-limit").unlimitedRateLimit);

const { db } = useTestDatabase({ seed: true });
const vapid = webpush.generateVAPIDKeys();
useAuthEnvironment({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:ops@example.com" });

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0";

let serial = 0;
/** A subscription as PushSubscription.toJSON() gives it, with an endpoint no other test uses. */
function subscription(endpoint = `https://push.example/send/secret-token-${++serial}`) {
  return { endpoint, expirationTime: null, keys: { p256dh: `B${"p".repeat(86)}`, auth: "a".repeat(22) } };
}

const add = (user: SignedIn, body: unknown, headers: Record<string, string> = { ...JSON_WRITE, "user-agent": CHROME_LINUX }) =>
  user.browser.request(list.POST, "/api/push-subscriptions", { method: "POST", headers, body: JSON.stringify(body) });
const get = (user: SignedIn) => user.browser.request(list.GET, "/api/push-subscriptions");
const remove = (user: SignedIn, id: number | string, headers: Record<string, string> = SAME_SITE) =>
  user.browser.request(one.DELETE, `/api/push-subscriptions/${id}`, { method: "DELETE", headers, params: { id: String(id) } });
const rowsOf = (user: SignedIn) => db().pushSubscription.findMany({ where: { userId: user.userId }, orderBy: { id: "asc" } });

/** Everything the app logged while `run` ran. */
async function logged(run: () => Promise<void>): Promise<string> {
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((name) => jest.spyOn(console, name));
  try {
    await run();
    return spies.flatMap((spy) => spy.mock.calls.map((args) => args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg) ?? String(arg))).join(" "))).join("\n");
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe("adding, listing and removing", () => {
  test("POST adds this browser labelled from its User-Agent (201); the same endpoint again is 200 with the same row; no answer carries the endpoint", async () => {
    const user = await signIn();
    const body = subscription();
    let first!: Awaited<ReturnType<typeof add>>;
    let again!: Awaited<ReturnType<typeof add>>;
    const logs = await logged(async () => {
      first = await add(user, body);
      again = await add(user, body, { ...JSON_WRITE, "user-agent": FIREFOX_ANDROID });
    });
    expect(first.status).toBe(201);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const added = pushSubscriptionSchema.parse(first.body);
    expect(Object.keys(first.body as object).sort()).toEqual(["createdAt", "id", "label"]);
    expect(added.label).toBe("Chrome on Linux");
    expect(Math.abs(Date.parse(added.createdAt) - Date.now())).toBeLessThan(60_000);

    // Adding it again changes nothing, the label included.
    expect(again.status).toBe(200);
    expect(pushSubscriptionSchema.parse(again.body)).toEqual(added);
    expect(await rowsOf(user)).toEqual([
      expect.objectContaining({ id: added.id, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, label: "Chrome on Linux" }),
    ]);

    const phone = await add(user, subscription(), { ...JSON_WRITE, "user-agent": FIREFOX_ANDROID });
    expect(phone.status).toBe(201);
    const listed = await get(user);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("private, no-store");
    expect(pushSubscriptionListSchema.parse(listed.body).map((s) => s.label)).toEqual(["Chrome on Linux", "Firefox on Android"]);

    for (const res of [first, again, phone, listed]) expect(res.text).not.toMatch(/push\.example|secret-token/);
    expect(logs).not.toMatch(/push\.example|secret-token/);
  });

  test("a User-Agent it does not know, or none, is labelled Browser", async () => {
    const user = await signIn();
    expect(pushSubscriptionSchema.parse((await add(user, subscription(), { ...JSON_WRITE, "user-agent": "curl/8.5.0" })).body).label).toBe("Browser");
    expect(pushSubscriptionSchema.parse((await add(user, subscription(), JSON_WRITE)).body).label).toBe("Browser");
  });

  test("two users on one browser each have their own row", async () => {
    const [a, b] = [await signIn(), await signIn()];
    const body = subscription();
    expect((await add(a, body)).status).toBe(201);
    expect((await add(b, body)).status).toBe(201);
    expect(await db().pushSubscription.count({ where: { endpoint: body.endpoint } })).toBe(2);
  });

  test("DELETE removes it (204); again is 404; deliveries waiting for it stay, with no subscription", async () => {
    const user = await signIn();
    const keep = pushSubscriptionSchema.parse((await add(user, subscription())).body);
    const gone = pushSubscriptionSchema.parse((await add(user, subscription())).body);
    const rule = await db().alertRule.create({ data: { userId: user.userId, kind: "new_ath", coinId: "pls", coinSymbol: "PLS", coinName: "PulseChain", level: 1 } });
    const firing = await db().alertFiring.create({ data: { ruleId: rule.id, userId: user.userId, crossing: 1, firedAt: new Date(), message: "PLS made a new all-time high: $1.00", url: "/coins/pls", value: 1 } });
    for (const sub of [keep, gone]) {
      await db().alertDelivery.create({ data: { firingId: firing.id, channel: "webpush", target: `push:${sub.id}`, subscriptionId: sub.id, nextAttemptAt: new Date() } });
    }

    const res = await remove(user, gone.id);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await rowsOf(user)).map((row) => row.id)).toEqual([keep.id]);
    const deliveries = await db().alertDelivery.findMany({ where: { firingId: firing.id }, orderBy: { id: "asc" } });
    expect(deliveries.map((d) => [d.target, d.subscriptionId, d.status])).toEqual([
      [`push:${keep.id}`, keep.id, "pending"],
      [`push:${gone.id}`, null, "pending"],
    ]);

    const again = await remove(user, gone.id);
    expect(again.status).toBe(404);
    expect(errorOf(again)).toEqual({ code: "not_found", message: `You have no browser subscription "${gone.id}".` });
  });
});

describe("one user's browsers are invisible and untouchable to another", () => {
  test("B does not see A's browsers; deleting one is 404 and changes nothing", async () => {
    const [a, b] = [await signIn(), await signIn()];
    const sub = pushSubscriptionSchema.parse((await add(a, subscription())).body);
    expect((await get(b)).body).toEqual([]);
    const before = await rowsOf(a);
    const res = await remove(b, sub.id);
    expect(res.status).toBe(404);
    expect(errorOf(res).code).toBe("not_found");
    expect(await rowsOf(a)).toEqual(before);
  });

  test("signed out is 401; a write from another site is 403", async () => {
    const user = await signIn();
    const sub = pushSubscriptionSchema.parse((await add(user, subscription())).body);
    const body = JSON.stringify(subscription());
    for (const res of [
      await call(list.GET, "/api/push-subscriptions"),
      await call(list.POST, "/api/push-subscriptions", { method: "POST", headers: JSON_WRITE, body }),
      await call(one.DELETE, `/api/push-subscriptions/${sub.id}`, { method: "DELETE", headers: SAME_SITE, params: { id: String(sub.id) } }),
    ]) {
      expect({ status: res.status, code: errorOf(res).code }).toEqual({ status: 401, code: "unauthenticated" });
    }
    const foreign = { "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    for (const res of [await add(user, JSON.parse(body), foreign), await remove(user, sub.id, foreign)]) {
      expect({ status: res.status, code: errorOf(res).code }).toEqual({ status: 403, code: "forbidden" });
    }
    expect(await rowsOf(user)).toHaveLength(1);
  });
});

describe("concurrent adds of one browser", () => {
  test("20 at once through the API: all 200/201, one id, one row", async () => {
    const user = await signIn();
    const body = subscription();
    const responses = await Promise.all(Array.from({ length: 20 }, () => add(user, body)));
    expect(responses.map((r) => r.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);
    expect(new Set(responses.map((r) => pushSubscriptionSchema.parse(r.body).id)).size).toBe(1);
    expect(await rowsOf(user)).toHaveLength(1);
  }, 60_000);

  test("30 direct calls at once: one created, every caller gets that row", async () => {
    const user = await signIn();
    const body = subscription();
    const results = await Promise.all(Array.from({ length: 30 }, () => addPushSubscription(getDb(), user.userId, body, CHROME_LINUX)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.subscription.id)).size).toBe(1);
    expect(await rowsOf(user)).toHaveLength(1);
  }, 60_000);
});

describe("refusals", () => {
  test("without VAPID keys the server can send nothing: POST is 503 push_unavailable and writes nothing; listing and removing still work", async () => {
    const user = await signIn();
    const sub = pushSubscriptionSchema.parse((await add(user, subscription())).body);
    const restore = setEnvVars({ VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "" });
    try {
      const res = await add(user, subscription());
      expect(res.status).toBe(503);
      expect(errorOf(res)).toEqual({ code: "push_unavailable", message: expect.stringMatching(/not available/) });
      expect(await rowsOf(user)).toHaveLength(1);
      expect(pushSubscriptionListSchema.parse((await get(user)).body).map((s) => s.id)).toEqual([sub.id]);
      expect((await remove(user, sub.id)).status).toBe(204);
    } finally {
      restore();
    }
  });

  test.each([
    ["an http endpoint", { ...subscription(), endpoint: "http://push.example/x" }, /^endpoint: /],
    ["not a URL", { ...subscription(), endpoint: "push.example" }, /^endpoint: /],
    ["no keys", { endpoint: "https://push.example/y" }, /^keys: /],
    ["a short auth key", { ...subscription(), keys: { p256dh: `B${"p".repeat(86)}`, auth: "abc" } }, /^keys\.auth: /],
    ["a key that is not base64url", { ...subscription(), keys: { p256dh: `B${"+".repeat(86)}`, auth: "a".repeat(22) } }, /^keys\.p256dh: /],
    ["an unknown key", { ...subscription(), label: "mine" }, /Unrecognized key.*label/],
  ])("%s is 400 naming the field", async (_name, body, message) => {
    const user = await signIn();
    const res = await add(user, body);
    expect(res.status).toBe(400);
    expect(errorOf(res)).toEqual({ code: "bad_request", message: expect.stringMatching(message) });
    expect(await rowsOf(user)).toEqual([]);
  });

  test.each(["0", "-1", "abc", "1.5", "99999999999999999999"])("DELETE of id %p is 404", async (id) => {
    const user = await signIn();
    expect((await remove(user, id)).status).toBe(404);
  });
});
