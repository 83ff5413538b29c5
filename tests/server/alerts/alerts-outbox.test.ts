// The delivery outbox end to end: rows written as a market pass's evaluation writes them (a rule,
// its firing, one delivery per browser) in a real SQLite file, sent by the real `web-push` to a
// local push service that checks the VAPID JWT and decrypts what the phone would show.
import { createPrivateKey, sign } from "node:crypto";
import https from "node:https";
import webPush from "web-push";

const { generateRequestDetails, generateVAPIDKeys } = webPush;
import { drainOutbox, MAX_ATTEMPTS } from "@/lib/alerts/outbox.server";
import { createPrismaClient } from "@/lib/db/create-client";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { admitPushServices, startPushService, type TestSubscription } from "@/tests/helpers/push-service";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { slowReads, usePushService } from "./outbox-helpers";

const { db } = useTestDatabase({ seed: false });

const vapid = generateVAPIDKeys();
const SUBJECT = "mailto:ops@example.com";
const service = usePushService(vapid, SUBJECT);
beforeEach(async () => {
  service.messages.length = 0;
  service.refusals.length = 0;
  // Each test drains only its own rows.
  await db().alertDelivery.deleteMany({});
});

const T0 = new Date("2026-11-27T12:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const MESSAGE = "PLSX reached 50% of HEX's market cap: $1.44B";

let users = 0;

/** A user with these browsers subscribed (stored as the subscribe endpoint stores them). */
async function userWith(browsers: TestSubscription[]) {
  const address = `0x${(++users).toString(16).padStart(40, "0")}`;
  const user = await db().user.create({ data: { address } });
  const subscriptions = [];
  for (const browser of browsers) {
    subscriptions.push(
      await db().pushSubscription.create({
        data: { userId: user.id, endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth, label: "Chrome on Linux" },
      }),
    );
  }
  const rule = await db().alertRule.create({
    data: { userId: user.id, kind: "reach", coinId: "plsx", otherCoinId: "hex", coinSymbol: "PLSX", coinName: "PulseX", otherSymbol: "HEX", otherName: "HEX", direction: "above", level: 0.5 },
  });
  return { user, subscriptions, rule };
}

/** What the evaluation writes when the rule crosses: the firing and a pending delivery per browser. */
async function fire(owner: Awaited<ReturnType<typeof userWith>>, crossing = 1, firedAt = T0) {
  const firing = await db().alertFiring.create({
    data: { ruleId: owner.rule.id, userId: owner.user.id, crossing, firedAt, message: MESSAGE, url: "/compare/plsx-vs-hex", value: 0.5 },
  });
  const deliveries = [];
  for (const subscription of owner.subscriptions) {
    deliveries.push(
      await db().alertDelivery.create({
        data: { firingId: firing.id, channel: "webpush", target: `push:${subscription.id}`, subscriptionId: subscription.id, nextAttemptAt: firedAt },
      }),
    );
  }
  return { firing, deliveries };
}

const delivery = (id: number) => db().alertDelivery.findUniqueOrThrow({ where: { id } });
const drain = (now: Date, holder = "worker-a", lines: string[] = []) => drainOutbox(db(), { holder, now, agent: service.agent, log: (line) => lines.push(line) });

test("the phone reads exactly the firing's line, its page and a tag; nothing personal; the row is sent", async () => {
  const browser = service.createSubscription(vapid.publicKey);
  const owner = await userWith([browser]);
  const { firing, deliveries } = await fire(owner);
  const lines: string[] = [];

  expect(await drain(at(1), "worker-a", lines)).toEqual({ sent: 1, gone: 0, retried: 0, failed: 0 });

  expect(service.messages).toHaveLength(1);
  const [message] = service.messages;
  expect(message!.subscriptionId).toBe(browser.id);
  expect(message!.json).toEqual({ title: "PulseCompare", body: MESSAGE, url: "/compare/plsx-vs-hex", tag: `firing-${firing.id}` });
  expect(message!.text).not.toContain(owner.user.address.slice(2));
  expect(message!.text).not.toMatch(/userId|address|balance/i);
  expect(message).toMatchObject({ ttl: "86400", urgency: "normal", topic: `rule-${owner.rule.id}`, vapidKey: vapid.publicKey });

  const row = await delivery(deliveries[0]!.id);
  expect(row).toMatchObject({ status: "sent", attempts: 1, claimedUntil: null, lastError: null });
  expect(row.sentAt).toBeInstanceOf(Date);
  // The log names the delivery and its outcome, never the endpoint or the user.
  expect(lines).toEqual(["[alerts] outbox webpush: 1 sent, 0 gone, 0 retried, 0 failed"]);
  for (const line of lines) {
    expect(line).not.toContain(service.origin);
    expect(line).not.toContain(browser.id);
    expect(line).not.toContain(owner.user.address);
  }

  // Sent is final: the next drain sends nothing.
  expect(await drain(at(600))).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 });
  expect(service.messages).toHaveLength(1);
});

describe("the local push service checks the VAPID JWT as a real one does", () => {
  const other = generateVAPIDKeys();

  /** A request web-push itself would send (encrypted body, VAPID headers), with its Authorization replaced. */
  function post(browser: TestSubscription, authorization?: string): Promise<number> {
    const details = generateRequestDetails({ endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } }, "hello", {
      vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      contentEncoding: "aes128gcm",
    });
    const headers = { ...details.headers, ...(authorization && { Authorization: authorization }) };
    return new Promise((resolve, reject) => {
      const request = https.request(details.endpoint, { method: "POST", headers, agent: service.agent }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      });
      request.on("error", reject);
      request.end(details.body);
    });
  }

  /** An ES256 JWT over these claims, signed by `keys` (JOSE's raw r||s signature). */
  function jwt(claims: Record<string, unknown>, keys: { publicKey: string; privateKey: string }): string {
    const point = Buffer.from(keys.publicKey, "base64url");
    const key = createPrivateKey({
      key: { kty: "EC", crv: "P-256", d: keys.privateKey, x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
      format: "jwk",
    });
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const unsigned = `${encode({ typ: "JWT", alg: "ES256" })}.${encode(claims)}`;
    return `${unsigned}.${sign("sha256", Buffer.from(unsigned), { key, dsaEncoding: "ieee-p1363" }).toString("base64url")}`;
  }

  const now = () => Math.floor(Date.now() / 1000);
  const good = () => ({ aud: service.origin, exp: now() + 3600, sub: SUBJECT });

  test("a JWT made the same way by hand is accepted (the checks below refuse for their reason only)", async () => {
    const browser = service.createSubscription();
    expect(await post(browser)).toBe(201);
    expect(await post(browser, `vapid t=${jwt(good(), vapid)}, k=${vapid.publicKey}`)).toBe(201);
    expect(service.messages.map((m) => m.text)).toEqual(["hello", "hello"]);
  });

  test.each([
    ["signed by another key than k (forged)", () => `vapid t=${jwt(good(), other)}, k=${vapid.publicKey}`, "bad signature"],
    ["claims changed after signing", () => {
      const [head, , signature] = jwt(good(), vapid).split(".");
      const body = Buffer.from(JSON.stringify({ ...good(), exp: now() + 7200 })).toString("base64url");
      return `vapid t=${head}.${body}.${signature}, k=${vapid.publicKey}`;
    }, "bad signature"],
    ["expired", () => `vapid t=${jwt({ ...good(), exp: now() - 60 }, vapid)}, k=${vapid.publicKey}`, "expired"],
    ["expiring more than 24 h ahead", () => `vapid t=${jwt({ ...good(), exp: now() + 25 * 3600 }, vapid)}, k=${vapid.publicKey}`, "expires more than 24 h ahead"],
    ["for another push service", () => `vapid t=${jwt({ ...good(), aud: "https://push.example" }, vapid)}, k=${vapid.publicKey}`, "wrong audience"],
    ["without a contact", () => `vapid t=${jwt({ aud: service.origin, exp: now() + 3600 }, vapid)}, k=${vapid.publicKey}`, "no contact (sub)"],
    ["the old WebPush scheme", () => `WebPush ${jwt(good(), vapid)}`, "no vapid authorization"],
  ])("refuses a JWT %s (401), and nothing reaches the phone", async (_name, authorization, reason) => {
    const browser = service.createSubscription();
    expect(await post(browser, authorization())).toBe(401);
    expect(service.refusals).toEqual([{ subscriptionId: browser.id, status: 401, reason }]);
    expect(service.messages).toEqual([]);
  });

  test("a message signed with another VAPID key than the browser subscribed with is refused (403); the outbox gives it up", async () => {
    const browser = service.createSubscription(other.publicKey);
    const owner = await userWith([browser]);
    const { deliveries } = await fire(owner);
    expect(await drain(at(1))).toEqual({ sent: 0, gone: 0, retried: 0, failed: 1 });
    expect(service.refusals).toEqual([{ subscriptionId: browser.id, status: 403, reason: "VAPID key is not the subscription's" }]);
    expect(await delivery(deliveries[0]!.id)).toMatchObject({ status: "failed", attempts: 1, lastError: "HTTP 403" });
  });
});

test("410 from the push service removes the subscription and marks its pending rows gone; the user's other browser still gets it", async () => {
  const [lost, kept] = [service.createSubscription(), service.createSubscription()];
  const owner = await userWith([lost, kept]);
  const first = await fire(owner, 1);
  // A later firing for the same browser, not yet due: gone with it.
  const second = await fire(owner, 2, at(3600));
  service.answer(lost, { status: 410 });

  expect(await drain(at(1))).toEqual({ sent: 1, gone: 1, retried: 0, failed: 0 });
  expect(service.messages.map((m) => m.subscriptionId)).toEqual([kept.id]);
  expect(await db().pushSubscription.findMany({ where: { userId: owner.user.id }, select: { id: true } })).toEqual([{ id: owner.subscriptions[1]!.id }]);
  expect(await delivery(first.deliveries[0]!.id)).toMatchObject({ status: "gone", subscriptionId: null, lastError: "HTTP 410" });
  expect(await delivery(second.deliveries[0]!.id)).toMatchObject({ status: "gone", subscriptionId: null });
  expect(await delivery(second.deliveries[1]!.id)).toMatchObject({ status: "pending" });

  // 404 means the same.
  const other = service.createSubscription();
  const owner2 = await userWith([other]);
  const third = await fire(owner2);
  service.answer(other, { status: 404 });
  expect(await drain(at(2))).toEqual({ sent: 0, gone: 1, retried: 0, failed: 0 });
  expect(await db().pushSubscription.count({ where: { userId: owner2.user.id } })).toBe(0);
  expect(await delivery(third.deliveries[0]!.id)).toMatchObject({ status: "gone" });
});

test("a row whose subscription was removed (by the user) is gone without a request", async () => {
  const browser = service.createSubscription();
  const owner = await userWith([browser]);
  const { deliveries } = await fire(owner);
  await db().pushSubscription.delete({ where: { id: owner.subscriptions[0]!.id } });
  const before = service.requests();
  expect(await drain(at(1))).toEqual({ sent: 0, gone: 1, retried: 0, failed: 0 });
  expect(service.requests()).toBe(before);
  expect(await delivery(deliveries[0]!.id)).toMatchObject({ status: "gone", lastError: "subscription removed" });
});

test("429 with Retry-After waits as asked, then delivers once", async () => {
  const browser = service.createSubscription();
  const owner = await userWith([browser]);
  const { deliveries } = await fire(owner);
  service.answer(browser, { status: 429, retryAfter: "120" });

  const lines: string[] = [];
  expect(await drain(at(1), "worker-a", lines)).toEqual({ sent: 0, gone: 0, retried: 1, failed: 0 });
  expect(lines).toEqual([`[alerts] delivery ${deliveries[0]!.id} webpush retry 1/5 in 120s (HTTP 429)`, "[alerts] outbox webpush: 0 sent, 0 gone, 1 retried, 0 failed"]);
  const waiting = await delivery(deliveries[0]!.id);
  expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastError: "HTTP 429", claimedUntil: null });
  expect(waiting.nextAttemptAt).toEqual(at(121));

  // Not due yet: no request.
  const before = service.requests();
  expect(await drain(at(60))).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 });
  expect(service.requests()).toBe(before);

  expect(await drain(at(121))).toEqual({ sent: 1, gone: 0, retried: 0, failed: 0 });
  expect(await drain(at(400))).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 });
  expect(service.messages.filter((m) => m.subscriptionId === browser.id)).toHaveLength(1);
  expect(await delivery(deliveries[0]!.id)).toMatchObject({ status: "sent", attempts: 2 });
});

test(`500 on every attempt backs off exponentially and gives up after ${MAX_ATTEMPTS} attempts`, async () => {
  const browser = service.createSubscription();
  const owner = await userWith([browser]);
  const { deliveries } = await fire(owner);
  service.answer(browser, ...Array.from({ length: MAX_ATTEMPTS + 1 }, () => ({ status: 500 })));

  let now = at(1);
  const waits: number[] = [];
  for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
    expect(await drain(now)).toEqual({ sent: 0, gone: 0, retried: 1, failed: 0 });
    const row = await delivery(deliveries[0]!.id);
    waits.push((row.nextAttemptAt.getTime() - now.getTime()) / 1000);
    now = row.nextAttemptAt;
  }
  expect(waits).toEqual([30, 60, 120, 240]);
  expect(await drain(now)).toEqual({ sent: 0, gone: 0, retried: 0, failed: 1 });
  expect(await delivery(deliveries[0]!.id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "HTTP 500" });
  expect(service.refusals.filter((r) => r.subscriptionId === browser.id)).toHaveLength(MAX_ATTEMPTS);

  // Failed is final.
  expect(await drain(at(24 * 3600))).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 });
  expect(service.messages).toEqual([]);
});

test("a stored endpoint the policy refuses (stored before issue 50) is deleted before anything is sent to it; the user's admitted browser still gets the firing", async () => {
  // On loopback, so nothing could leave the machine even without the guard, but not an origin
  // PUSH_EXTRA_ORIGINS lists: to the app it is an address no push service lives at.
  const unlisted = await startPushService();
  try {
    const refused = unlisted.createSubscription(vapid.publicKey);
    const admitted = service.createSubscription(vapid.publicKey);
    const owner = await userWith([refused, admitted]);
    const rows = [...(await fire(owner, 1)).deliveries, ...(await fire(owner, 2)).deliveries];
    const lines: string[] = [];

    expect(await drain(at(1), "worker-a", lines)).toEqual({ sent: 2, gone: 2, retried: 0, failed: 0 });
    expect(unlisted.requests()).toBe(0);
    expect(service.messages.map((message) => message.subscriptionId)).toEqual([admitted.id, admitted.id]);
    expect(await db().pushSubscription.findMany({ where: { userId: owner.user.id }, select: { id: true } })).toEqual([{ id: owner.subscriptions[1]!.id }]);
    const refusedRows = rows.filter((row) => row.target === `push:${owner.subscriptions[0]!.id}`);
    for (const row of refusedRows) expect(await delivery(row.id)).toMatchObject({ status: "gone", subscriptionId: null, lastError: "endpoint refused" });
    expect(lines).toContain(`[alerts] delivery ${refusedRows[0]!.id} webpush gone (endpoint refused)`);
    for (const line of lines) expect(line).not.toContain(unlisted.origin);
  } finally {
    await unlisted.close();
  }
});

test("no answer at all (connection refused) is retried like a 5xx", async () => {
  const closed = await startPushService();
  const browser = closed.createSubscription();
  await closed.close();
  const restore = setEnvVars(admitPushServices(service, closed));
  try {
    const owner = await userWith([browser]);
    const { deliveries } = await fire(owner);
    expect(await drain(at(1))).toEqual({ sent: 0, gone: 0, retried: 1, failed: 0 });
    expect(await delivery(deliveries[0]!.id)).toMatchObject({ status: "pending", attempts: 1, lastError: "ECONNREFUSED" });
  } finally {
    restore();
  }
});

test("drains at once (six, on two database clients) send each row exactly once", async () => {
  const browsers = Array.from({ length: 8 }, () => service.createSubscription());
  const owners = [];
  for (let i = 0; i < 4; i++) owners.push(await userWith(browsers.slice(i * 2, i * 2 + 2)));
  const rows = [];
  for (const owner of owners) for (let crossing = 1; crossing <= 5; crossing++) rows.push(...(await fire(owner, crossing)).deliveries);
  expect(rows).toHaveLength(40);

  const second = createPrismaClient({ url: process.env.DATABASE_URL! });
  try {
    // Three drains on each client, started together. Each read of the outbox is held back a
    // moment (a slow database), so every drain has read the same due rows before any claims
    // them: only the claim's own condition keeps two drains from taking one row.
    const results = await Promise.all(
      [db(), second, db(), second, db(), second].map((client, i) =>
        drainOutbox(slowReads(client), { holder: `worker-${i}`, now: at(1), agent: service.agent, log: () => {} }),
      ),
    );
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(40);
    expect(results.reduce((sum, r) => sum + r.retried + r.failed + r.gone, 0)).toBe(0);
  } finally {
    await second.$disconnect();
  }
  const received = service.messages.map((m) => `${m.subscriptionId} ${(m.json as { tag: string }).tag}`);
  expect(received).toHaveLength(40);
  expect(new Set(received).size).toBe(40);
  expect(await db().alertDelivery.count({ where: { id: { in: rows.map((row) => row.id) }, status: "sent" } })).toBe(40);
});

test("a worker that died holding rows: nobody sends them while its claim lasts, then the next drain sends each once", async () => {
  const browser = service.createSubscription();
  const owner = await userWith([browser]);
  const { deliveries } = await fire(owner);
  // What a worker killed between claiming and sending leaves behind.
  await db().alertDelivery.update({ where: { id: deliveries[0]!.id }, data: { claimedBy: "worker-dead:1234abcd", claimedUntil: at(61) } });

  expect(await drain(at(30), "worker-b")).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 });
  expect(service.messages).toEqual([]);

  expect(await drain(at(62), "worker-b")).toEqual({ sent: 1, gone: 0, retried: 0, failed: 0 });
  expect(await drain(at(200), "worker-c")).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 });
  expect(service.messages).toHaveLength(1);
  expect(await delivery(deliveries[0]!.id)).toMatchObject({ status: "sent", claimedBy: expect.stringMatching(/^worker-b:/) });
});

test("without VAPID keys, due rows fail as push_unavailable instead of waiting for ever", async () => {
  const browser = service.createSubscription();
  const owner = await userWith([browser]);
  const { deliveries } = await fire(owner);
  const restore = setEnvVars({ VAPID_PRIVATE_KEY: "" });
  try {
    expect(await drain(at(1))).toEqual({ sent: 0, gone: 0, retried: 0, failed: 1 });
  } finally {
    restore();
  }
  expect(await delivery(deliveries[0]!.id)).toMatchObject({ status: "failed", lastError: "push_unavailable" });
  expect(service.messages).toEqual([]);
});

test("an alert a day old is not sent (the push TTL): failed as expired", async () => {
  const browser = service.createSubscription();
  const owner = await userWith([browser]);
  const { deliveries } = await fire(owner);
  expect(await drain(at(24 * 3600 + 60))).toEqual({ sent: 0, gone: 0, retried: 0, failed: 1 });
  expect(await delivery(deliveries[0]!.id)).toMatchObject({ status: "failed", lastError: "expired" });
});
