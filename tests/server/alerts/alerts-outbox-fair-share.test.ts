// The outbox's fair share (issue 50): each drain claims every user's due rows in turn (everyone's
// oldest, then everyone's second, ...), so one account with thousands of due rows cannot hold other
// users' alerts back past their 24 h expiry. Real SQLite file, real web-push to the local push
// service for the rows that are sent.
import webPush from "web-push";
import { DRAIN_LIMIT, drainOutbox } from "@/lib/alerts/outbox.server";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { usePushService } from "./outbox-helpers";

const { db } = useTestDatabase({ seed: false });
const vapid = webPush.generateVAPIDKeys();
const service = usePushService(vapid);
beforeEach(async () => {
  service.messages.length = 0;
  await db().alertDelivery.deleteMany({});
});

const T0 = new Date("2026-11-27T12:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
let users = 0;

async function userWithRule() {
  const user = await db().user.create({ data: { address: `0x${(++users).toString(16).padStart(40, "0")}` } });
  const rule = await db().alertRule.create({ data: { userId: user.id, kind: "new_ath", coinId: "pls", coinSymbol: "PLS", coinName: "PulseChain", level: 1 } });
  return { user, rule };
}

/**
 * `count` due web-push rows of one user, due from `dueAt` (a second apart), for browsers that are
 * no longer there (no subscription: each is "gone" without a request, as fast as a row can be).
 */
async function deadRows(count: number, dueAt: Date) {
  const { user, rule } = await userWithRule();
  const perFiring = 10;
  for (let f = 0; f * perFiring < count; f++) {
    const firing = await db().alertFiring.create({
      data: { ruleId: rule.id, userId: user.id, crossing: f + 1, firedAt: dueAt, message: "PLS made a new all-time high: $1.00", url: "/coins/pls", value: 1 },
    });
    await db().alertDelivery.createMany({
      data: Array.from({ length: Math.min(perFiring, count - f * perFiring) }, (_, i) => ({
        firingId: firing.id,
        channel: "webpush",
        target: `push:dead-${f}-${i}`,
        nextAttemptAt: new Date(dueAt.getTime() + (f * perFiring + i) * 1000),
      })),
    });
  }
  return user;
}

test("user A has 2,000 due rows (older), user B 1: B's row is claimed and sent in the first drain", async () => {
  await deadRows(2_000, at(-3_600));
  const { user, rule } = await userWithRule();
  const browser = service.createSubscription(vapid.publicKey);
  const subscription = await db().pushSubscription.create({ data: { userId: user.id, endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth, label: "Chrome on Linux" } });
  const firing = await db().alertFiring.create({ data: { ruleId: rule.id, userId: user.id, crossing: 1, firedAt: T0, message: "PLS made a new all-time high: $1.00", url: "/coins/pls", value: 1 } });
  const row = await db().alertDelivery.create({ data: { firingId: firing.id, channel: "webpush", target: `push:${subscription.id}`, subscriptionId: subscription.id, nextAttemptAt: T0 } });

  const counts = await drainOutbox(db(), { holder: "worker-a", now: at(1), agent: service.agent, channels: ["webpush"], log: () => undefined });

  expect(counts).toEqual({ sent: 1, gone: DRAIN_LIMIT.webpush - 1, retried: 0, failed: 0 });
  expect(await db().alertDelivery.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "sent", attempts: 1 });
  expect(service.messages.map((message) => message.subscriptionId)).toEqual([browser.id]);
  // A's rows wait their turn, oldest first: the next drain takes the rest.
  expect(await db().alertDelivery.count({ where: { status: "pending" } })).toBe(2_000 - (DRAIN_LIMIT.webpush - 1));
}, 120_000);

test("in turns: everyone's oldest due row before anyone's second, oldest first within a turn", async () => {
  const a = await deadRows(5, at(-100));
  const b = await deadRows(2, at(-50));
  const c = await deadRows(1, at(-10));
  const handled: number[] = [];
  // Three rows per drain: the first takes each user's oldest, A's before B's before C's (by age).
  await drainOutbox(db(), { holder: "worker-a", now: at(1), limit: 3, channels: ["webpush"], log: () => undefined });
  const gone = await db().alertDelivery.findMany({ where: { status: "gone" }, select: { firing: { select: { userId: true } } } });
  handled.push(...gone.map((row) => row.firing.userId));
  expect(handled.sort()).toEqual([a.id, b.id, c.id].sort());

  // The next: A's second and B's second (C has none left), then A's third.
  await drainOutbox(db(), { holder: "worker-a", now: at(2), limit: 3, channels: ["webpush"], log: () => undefined });
  const pending = await db().alertDelivery.findMany({ where: { status: "pending" }, select: { firing: { select: { userId: true } } } });
  expect(pending.map((row) => row.firing.userId)).toEqual([a.id, a.id]);
});

test("one user's rows alone fill the drain: none is left for the next drain while there is room", async () => {
  await deadRows(250, at(-600));
  const counts = await drainOutbox(db(), { holder: "worker-a", now: at(1), channels: ["webpush"], log: () => undefined });
  expect(counts).toEqual({ sent: 0, gone: 250, retried: 0, failed: 0 });
  expect(await db().alertDelivery.count({ where: { status: "pending" } })).toBe(0);
}, 60_000);
