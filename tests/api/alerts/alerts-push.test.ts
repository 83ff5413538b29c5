// The two Web Push routes of issue 39 end to end: real handlers, a real SQLite file, real SIWE
// sessions, and the test notification sent by the real `web-push` to the local push service,
// which checks its VAPID JWT and decrypts it with the browser's own key.
import webPush from "web-push";

const { generateVAPIDKeys } = webPush;
import * as testRoute from "@/app/api/alerts/test/route";
import * as vapidRoute from "@/app/api/push/vapid-key/route";
import { PUBLIC_CACHE_CONTROL } from "@/lib/api/responses";
import { testNotificationSchema, vapidKeySchema } from "@/lib/alerts/schemas";
import { PUSH_DEADLINE_MS } from "@/lib/alerts/push-request.server";
import { RATE_LIMIT_BUCKETS } from "@/lib/security/rate-limit-buckets";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { admitPushServices, startPushService, type PushService, type TestSubscription } from "@/tests/helpers/push-service";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { SAME_SITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";

const { db } = useTestDatabase({ seed: false });
useAuthEnvironment();

const vapid = generateVAPIDKeys();
const KEYS = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:ops@example.com" };
let service: PushService;
let restoreAdmitted: () => void;

beforeAll(async () => {
  service = await startPushService();
  restoreAdmitted = setEnvVars(admitPushServices(service));
  // The route sends without an agent of its own: Node's default one must trust the service.
  service.trustGlobally();
});
afterAll(async () => {
  restoreAdmitted?.();
  await service?.close();
});
beforeEach(() => {
  service.messages.length = 0;
  service.refusals.length = 0;
});

/** Runs `body` with the VAPID variables set (or, given {}, unset). */
async function withKeys<T>(values: Record<string, string>, body: () => Promise<T>): Promise<T> {
  const restore = setEnvVars({ VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "", VAPID_SUBJECT: "", ...values });
  try {
    return await body();
  } finally {
    restore();
  }
}

const sendTest = (user: SignedIn) => user.browser.request(testRoute.POST, "/api/alerts/test", { method: "POST", headers: SAME_SITE });

async function subscribe(user: SignedIn, browser: TestSubscription) {
  return db().pushSubscription.create({ data: { userId: user.userId, endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth, label: "Chrome on Linux" } });
}

describe("GET /api/push/vapid-key", () => {
  test("is the public key when browser alerts are configured, public and cacheable", async () => {
    const res = await withKeys(KEYS, () => call(vapidRoute.GET, "/api/push/vapid-key"));
    expect(res.status).toBe(200);
    expect(vapidKeySchema.parse(res.body)).toEqual({ publicKey: vapid.publicKey });
    expect(res.text).not.toContain(vapid.privateKey);
    expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
  });

  test("is null without the keys (the page then says browser alerts are not available)", async () => {
    const res = await withKeys({}, () => call(vapidRoute.GET, "/api/push/vapid-key"));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publicKey: null });
  });

  test("other methods are 405", async () => {
    const res = await call(vapidRoute.POST, "/api/push/vapid-key", { method: "POST", headers: SAME_SITE });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });
});

describe("POST /api/alerts/test", () => {
  test("signed out is 401, and nothing is sent", async () => {
    const res = await withKeys(KEYS, () => call(testRoute.POST, "/api/alerts/test", { method: "POST", headers: SAME_SITE }));
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe("unauthenticated");
    expect(service.requests()).toBe(0);
  });

  test("from another site's page is 403, even signed in", async () => {
    const user = await signIn();
    await subscribe(user, service.createSubscription());
    const res = await withKeys(KEYS, () =>
      user.browser.request(testRoute.POST, "/api/alerts/test", { method: "POST", headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }),
    );
    expect(res.status).toBe(403);
    expect(service.messages).toEqual([]);
  });

  test("without VAPID keys is 503 push_unavailable", async () => {
    const user = await signIn();
    await subscribe(user, service.createSubscription());
    const res = await withKeys({}, () => sendTest(user));
    expect(res.status).toBe(503);
    expect(errorOf(res)).toEqual({ code: "push_unavailable", message: expect.any(String) });
    expect(service.messages).toEqual([]);
  });

  test("reaches each of the user's browsers (decrypted by the push service); a gone browser is removed; other users' are left alone", async () => {
    const [user, other] = [await signIn(), await signIn()];
    const [phone, laptop, gone, theirs] = [0, 1, 2, 3].map(() => service.createSubscription(vapid.publicKey)) as [TestSubscription, TestSubscription, TestSubscription, TestSubscription];
    await subscribe(user, phone);
    await subscribe(user, laptop);
    const goneRow = await subscribe(user, gone);
    await subscribe(other, theirs);
    service.answer(gone, { status: 410 });

    const res = await withKeys(KEYS, () => sendTest(user));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(testNotificationSchema.parse(res.body)).toEqual({ subscriptions: 3, sent: 2, failed: 1 });

    expect(service.messages.map((m) => m.subscriptionId).sort()).toEqual([phone.id, laptop.id].sort());
    for (const message of service.messages) {
      expect(message.json).toEqual({ title: "PulseCompare", body: "Test notification from PulseCompare", url: "/alerts", tag: "test" });
      expect(message.text).not.toContain(user.address.slice(2).toLowerCase());
    }
    expect(await db().pushSubscription.findUnique({ where: { id: goneRow.id } })).toBeNull();
    expect(await db().pushSubscription.count({ where: { userId: other.userId } })).toBe(1);
  });

  test("a stored endpoint the policy refuses (stored before issue 50) is removed, never sent to; the admitted browser gets the test", async () => {
    // On loopback, but not an origin PUSH_EXTRA_ORIGINS lists.
    const unlisted = await startPushService();
    try {
      const user = await signIn();
      const phone = service.createSubscription(vapid.publicKey);
      const stranger = unlisted.createSubscription(vapid.publicKey);
      await subscribe(user, phone);
      const refusedRow = await subscribe(user, stranger);
      const lines: string[] = [];
      const log = jest.spyOn(console, "info").mockImplementation((line: string) => void lines.push(line));
      let res;
      try {
        res = await withKeys(KEYS, () => sendTest(user));
      } finally {
        log.mockRestore();
      }
      expect(res.body).toEqual({ subscriptions: 2, sent: 1, failed: 1 });
      expect(unlisted.requests()).toBe(0);
      expect(service.messages.map((message) => message.subscriptionId)).toEqual([phone.id]);
      expect(await db().pushSubscription.findUnique({ where: { id: refusedRow.id } })).toBeNull();
      expect(lines).toContain(`[alerts] test notification: subscription ${refusedRow.id} gone (endpoint refused), removed`);
    } finally {
      await unlisted.close();
    }
  });

  test("a user with no browser subscribed gets zeros", async () => {
    const user = await signIn();
    const res = await withKeys(KEYS, () => sendTest(user));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ subscriptions: 0, sent: 0, failed: 0 });
  });

  test("a push service that fails (500) counts as failed and keeps the subscription", async () => {
    const user = await signIn();
    const browser = service.createSubscription();
    const row = await subscribe(user, browser);
    service.answer(browser, { status: 500 });
    const res = await withKeys(KEYS, () => sendTest(user));
    expect(res.body).toEqual({ subscriptions: 1, sent: 0, failed: 1 });
    expect(await db().pushSubscription.findUnique({ where: { id: row.id } })).not.toBeNull();
  });
});

describe("POST /api/alerts/test: bounded", () => {
  const limit = RATE_LIMIT_BUCKETS["test-notification"].rules.find((rule) => rule.key === "address")!.points;

  test(`has its own budget: ${limit} tests in 10 minutes per user, then 429 rate_limited and nothing sent`, async () => {
    const user = await signIn();
    const browser = service.createSubscription(vapid.publicKey);
    await subscribe(user, browser);
    await withKeys(KEYS, async () => {
      for (let i = 0; i < limit; i++) expect((await sendTest(user)).status).toBe(200);
      const before = service.requests();
      const refused = await sendTest(user);
      expect(refused.status).toBe(429);
      expect(errorOf(refused).code).toBe("rate_limited");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
      expect(service.requests()).toBe(before);
    });
    expect(service.messages.filter((m) => m.subscriptionId === browser.id)).toHaveLength(limit);
  });

  test(`push services that never answer: the route answers within one send deadline (${PUSH_DEADLINE_MS / 1000} s) for all the user's browsers, counting them failed`, async () => {
    const user = await signIn();
    const quick = service.createSubscription(vapid.publicKey);
    // More stuck browsers than are sent to at once (4): one deadline for the request, not one per round.
    const stuck = Array.from({ length: 5 }, () => service.createSubscription(vapid.publicKey));
    for (const browser of stuck) service.stall(browser, "never");
    try {
      await subscribe(user, quick);
      for (const browser of stuck) await subscribe(user, browser);
      const started = Date.now();
      const res = await withKeys(KEYS, () => sendTest(user));
      expect(Date.now() - started).toBeLessThan(PUSH_DEADLINE_MS + 3_000);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ subscriptions: 6, sent: 1, failed: 5 });
      expect(service.messages.map((m) => m.subscriptionId)).toEqual([quick.id]);
    } finally {
      for (const browser of stuck) service.release(browser);
    }
  }, PUSH_DEADLINE_MS + 15_000);
});
