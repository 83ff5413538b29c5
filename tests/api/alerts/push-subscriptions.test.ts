// The browsers that receive a user's alerts (issue 39): POST/GET /api/push-subscriptions and
// DELETE /api/push-subscriptions/:id through the real handlers on a real seeded SQLite file, with
// real sign-ins. The endpoint a browser's push service gives is a capability: no answer and no
// log line may carry it. Issue 50: an endpoint only on a push service's host (checked here at
// registration; nothing is sent by these tests), at most 10 per user.
//
// No name is resolved for real: the check's lookup is faked (tests/helpers/endpoint-lookup.ts),
// answering a public address unless a test says otherwise.
import webpush from "web-push";
import * as list from "@/app/api/push-subscriptions/route";
import * as one from "@/app/api/push-subscriptions/[id]/route";
import { addPushSubscription } from "@/lib/alerts/push-subscriptions.server";
import { getDb } from "@/lib/db/get-db.server";
import { PUSH_SUBSCRIPTION_LIMIT, pushSubscriptionListSchema, pushSubscriptionSchema } from "@/lib/alerts/schemas";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { fakeLookups, resolvedNames } from "@/tests/helpers/endpoint-lookup";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, SAME_SITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";

jest.mock("@/lib/security/rate-limit.server", () => jest.requireActual("@/tests/helpers/unlimited-rate-limit").unlimitedRateLimit);

const { db } = useTestDatabase({ seed: true });
const vapid = webpush.generateVAPIDKeys();
useAuthEnvironment({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:ops@example.com" });

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0";

/** A public address (Google's), what the faked resolver answers unless a test says otherwise. */
const PUBLIC_ADDRESS = "142.250.74.106";
let answer: (host: string) => string[] | Promise<string[]> = () => [PUBLIC_ADDRESS];
let restoreLookups: () => void;
beforeAll(() => {
  restoreLookups = fakeLookups((host) => answer(host));
});
afterAll(() => restoreLookups?.());
beforeEach(() => {
  answer = () => [PUBLIC_ADDRESS];
  resolvedNames.length = 0;
});

let serial = 0;
/** A subscription as PushSubscription.toJSON() gives it, with an endpoint no other test uses (Chrome's FCM shape). */
function subscription(endpoint = `https://fcm.googleapis.com/fcm/send/secret-token-${++serial}:APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ`) {
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

    for (const res of [first, again, phone, listed]) expect(res.text).not.toMatch(/googleapis|secret-token/);
    expect(logs).not.toMatch(/googleapis|secret-token/);
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

describe("where an endpoint may point (issue 50): only a push service's host", () => {
  test.each([
    ["loopback with a port", "https://127.0.0.1:6379/"],
    ["the cloud metadata address (link-local)", "https://169.254.169.254/latest/meta-data/"],
    ["a private address", "https://10.0.0.5:8443/admin/reset"],
    ["a private 192.168 address", "https://192.168.1.1/"],
    ["localhost", "https://localhost/x"],
    ["a name under localhost", "https://push.localhost/x"],
    ["IPv6 loopback", "https://[::1]/x"],
    ["an IPv6 unique-local address", "https://[fd00::1]:8443/x"],
    ["IPv6 link-local", "https://[fe80::1]/x"],
    ["IPv4-mapped IPv6 loopback", "https://[::ffff:127.0.0.1]/x"],
    ["a decimal IPv4 host", "https://2130706433/x"],
    ["a hex IPv4 host", "https://0x7f000001/x"],
    ["an octal IPv4 host", "https://0177.0.0.1/x"],
    ["a short IPv4 host", "https://127.1/x"],
    ["a public IP address", "https://142.250.74.106/fcm/send/x"],
    ["a host that is no push service", "https://push.example/send/x"],
    ["a push service's name as a prefix", "https://fcm.googleapis.com.evil.example/fcm/send/x"],
    ["a push service's name as a suffix", "https://evilfcm.googleapis.com/fcm/send/x"],
    ["another googleapis host", "https://storage.googleapis.com/fcm/send/x"],
    ["a push service on another port", "https://fcm.googleapis.com:8443/fcm/send/x"],
    ["a push service with credentials", "https://user:secret@updates.push.services.mozilla.com/wpush/v2/x"],
    ["an origin the deployer did not list", "https://127.0.0.1:8443/push/x"],
  ])("%s is 400 naming the field, stores nothing and resolves nothing", async (_name, endpoint) => {
    const user = await signIn();
    const res = await add(user, subscription(endpoint));
    expect(res.status).toBe(400);
    expect(errorOf(res)).toEqual({ code: "bad_request", message: expect.stringMatching(/^endpoint: /) });
    expect(await rowsOf(user)).toEqual([]);
    expect(resolvedNames).toEqual([]);
  });

  test.each([
    ["loopback", ["127.0.0.1"]],
    ["a private address", ["10.0.0.5"]],
    ["a 172.16/12 address", ["172.20.1.1"]],
    ["the shared (carrier-grade NAT) range", ["100.64.0.1"]],
    ["link-local (the metadata service)", ["169.254.169.254"]],
    ["0.0.0.0", ["0.0.0.0"]],
    ["IPv6 loopback", ["::1"]],
    ["IPv6 link-local", ["fe80::1"]],
    ["IPv6 unique-local", ["fd12:3456::1"]],
    ["an IPv4-mapped private address", ["::ffff:10.1.2.3"]],
    ["a public and a private address", [PUBLIC_ADDRESS, "192.168.0.10"]],
  ])("a push service's name that resolves to %s is 400 naming the field", async (_name, addresses) => {
    const user = await signIn();
    answer = () => addresses;
    const res = await add(user, subscription());
    expect(res.status).toBe(400);
    expect(errorOf(res)).toEqual({ code: "bad_request", message: "endpoint: its host name resolves to a private, loopback or link-local address." });
    expect(resolvedNames).toEqual(["fcm.googleapis.com"]);
    expect(await rowsOf(user)).toEqual([]);
  });

  test("a name that does not resolve is 400; a resolver that does not answer in time is 503, and nothing is stored", async () => {
    const user = await signIn();
    answer = () => Promise.reject(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }));
    const missing = await add(user, subscription());
    expect(missing.status).toBe(400);
    expect(errorOf(missing)).toEqual({ code: "bad_request", message: "endpoint: its host name does not resolve." });

    answer = () => new Promise<string[]>(() => undefined);
    const started = Date.now();
    const slow = await add(user, subscription());
    expect(slow.status).toBe(503);
    expect(errorOf(slow).code).toBe("service_unavailable");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await rowsOf(user)).toEqual([]);
  });

  // Endpoints in each push service's real shape (tokens shortened and made up).
  test.each([
    ["Chrome (FCM)", "https://fcm.googleapis.com/fcm/send/cYkq3lZw0-E:APA91bGz3vC1oR5zQ8mX2pL7tD9nK4hW6jF0sA1uE3yB5iO7qT9rV2xZ4cN6mP8", "fcm.googleapis.com"],
    ["Chrome (FCM, the newer /wp/ path)", "https://fcm.googleapis.com/wp/dGhpcyBpcyBhIHRva2Vu:APA91bFw8sWq2xE4rT6yU8iO0pA2sD4fG6hJ8kL0", "fcm.googleapis.com"],
    ["an old Chrome (GCM)", "https://android.googleapis.com/gcm/send/APA91bE8mQ4vN2xL6pR0tY3uI5oA7sD9fG1hJ3kL5zX7cV9bN1mQ3wE5rT7y", "android.googleapis.com"],
    ["Firefox (Mozilla autopush)", "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABnK7Qh3s9mX2vL5pR8tY1uI4oA7sD0fG3hJ6kL9zX2cV5bN8mQ1wE4rT7y", "updates.push.services.mozilla.com"],
    ["Edge on Windows (WNS)", "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD3kL9zX2cV5bN8mQ1wE4rT7yU0iO3pA6sD9fG2hJ5kL8zX1cV4bN7m", "wns2-par02p.notify.windows.com"],
    ["Safari (Apple)", "https://web.push.apple.com/QGuQyavXutnMH3d9mL2vR8tY1uI4oA7sD0fG3hJ6kL9zX2cV5bN8mQ1wE4rT7y", "web.push.apple.com"],
  ])("%s's endpoint is accepted (201), its name resolved once", async (_name, endpoint, host) => {
    const user = await signIn();
    const res = await add(user, subscription(endpoint));
    expect(res.status).toBe(201);
    expect(resolvedNames).toEqual([host]);
    expect((await rowsOf(user)).map((row) => row.endpoint)).toEqual([endpoint]);
  });

  test("an origin the deployer lists (PUSH_EXTRA_ORIGINS) is admitted as it is, without resolving; its address on another port is not", async () => {
    const user = await signIn();
    const restore = setEnvVars({ PUSH_EXTRA_ORIGINS: "https://127.0.0.1:8443, https://push.internal.example" });
    try {
      expect((await add(user, subscription("https://127.0.0.1:8443/push/one"))).status).toBe(201);
      expect((await add(user, subscription("https://push.internal.example/push/two"))).status).toBe(201);
      const other = await add(user, subscription("https://127.0.0.1:8444/push/three"));
      expect(other.status).toBe(400);
      expect(errorOf(other).message).toMatch(/^endpoint: /);
    } finally {
      restore();
    }
    expect(resolvedNames).toEqual([]);
    expect(await rowsOf(user)).toHaveLength(2);
  });
});

describe(`at most ${PUSH_SUBSCRIPTION_LIMIT} browsers per user (issue 50)`, () => {
  test("the eleventh replaces the first; the first's pending deliveries are left with no browser (then gone); another user's are untouched", async () => {
    const [user, other] = [await signIn(), await signIn()];
    const otherRow = pushSubscriptionSchema.parse((await add(other, subscription())).body);
    const added = [];
    for (let i = 0; i < PUSH_SUBSCRIPTION_LIMIT; i++) added.push(pushSubscriptionSchema.parse((await add(user, subscription())).body));
    const rule = await db().alertRule.create({ data: { userId: user.userId, kind: "new_ath", coinId: "pls", coinSymbol: "PLS", coinName: "PulseChain", level: 1 } });
    const firing = await db().alertFiring.create({ data: { ruleId: rule.id, userId: user.userId, crossing: 1, firedAt: new Date(), message: "PLS made a new all-time high: $1.00", url: "/coins/pls", value: 1 } });
    await db().alertDelivery.create({ data: { firingId: firing.id, channel: "webpush", target: `push:${added[0]!.id}`, subscriptionId: added[0]!.id, nextAttemptAt: new Date() } });

    const eleventh = await add(user, subscription(), { ...JSON_WRITE, "user-agent": FIREFOX_ANDROID });
    expect(eleventh.status).toBe(201);
    const newest = pushSubscriptionSchema.parse(eleventh.body);
    const listed = pushSubscriptionListSchema.parse((await get(user)).body);
    expect(listed.map((row) => row.id)).toEqual([...added.slice(1).map((row) => row.id), newest.id]);
    expect(await db().alertDelivery.findMany({ where: { firingId: firing.id }, select: { subscriptionId: true, status: true } })).toEqual([{ subscriptionId: null, status: "pending" }]);
    expect((await rowsOf(other)).map((row) => row.id)).toEqual([otherRow.id]);

    // Adding one of the ten again changes nothing: it is already there.
    const again = await add(user, { ...subscription((await rowsOf(user))[0]!.endpoint) });
    expect(again.status).toBe(200);
    expect(await rowsOf(user)).toHaveLength(PUSH_SUBSCRIPTION_LIMIT);
  });

  test("25 different browsers added at once through the API: all 201, and the user ends with the 10 newest", async () => {
    const user = await signIn();
    const responses = await Promise.all(Array.from({ length: 25 }, () => add(user, subscription())));
    expect(responses.map((res) => res.status)).toEqual(Array(25).fill(201));
    const ids = responses.map((res) => pushSubscriptionSchema.parse(res.body).id).sort((a, b) => a - b);
    expect((await rowsOf(user)).map((row) => row.id)).toEqual(ids.slice(-PUSH_SUBSCRIPTION_LIMIT));
  }, 60_000);

  test("40 direct calls at once for two users: neither ever ends with more than 10", async () => {
    const [a, b] = [await signIn(), await signIn()];
    await Promise.all(Array.from({ length: 40 }, (_, i) => addPushSubscription(getDb(), (i % 2 ? a : b).userId, subscription(), CHROME_LINUX)));
    expect(await rowsOf(a)).toHaveLength(PUSH_SUBSCRIPTION_LIMIT);
    expect(await rowsOf(b)).toHaveLength(PUSH_SUBSCRIPTION_LIMIT);
  }, 60_000);
});
