// Push endpoints that answer slowly, without end, or never (issue 50, item 1), against the local
// HTTPS push service (tests/helpers/push-service.ts `stall`): each send has one deadline whatever
// the server trickles and reads at most a few KB of its answer; the outbox's drain returns at its
// budget and runs on its own cadence, outside the market pass (issue 51): the market passes go on
// on time while a drain is stuck, and a retry goes out at the next drain with no pass running; a
// row whose send was given up is retried and delivered once; the heap stays flat over 100 such
// sends. The passes are real market pass jobs on a real SQLite file with a scripted price source
// (as in alerts-evaluate.test.ts): the lease, the alert evaluation and the drain are the production ones;
// the chain adds nothing to what is tested here (the on-chain passes are alerts-on-chain.test.ts).
import v8 from "node:v8";
import vm from "node:vm";
import webPush from "web-push";
import { CLAIM_MS, DRAIN_BUDGET_MS, SEND_DEADLINE_MS, drainOutbox, outboxSendsSettled } from "@/lib/alerts/outbox.server";
import { PUSH_ANSWER_CAP_BYTES, PUSH_DEADLINE_MS } from "@/lib/alerts/push-request.server";
import { sendPush } from "@/lib/alerts/web-push.server";
import { MARKET_REFRESH_LEASE } from "@/lib/market/lease.server";
import { deliverAlerts, type DeliveryReport } from "@/lib/jobs/deliver.server";
import { runMarketPass } from "@/lib/jobs/market-pass.server";
import type { PriceSource, Quote, SourceResult } from "@/lib/market/types";
import { DELIVERY_EVERY_MS, resetMarketScheduleForTests, startMarketSchedule, stopMarketSchedule } from "@/lib/jobs/schedule.server";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { admitPushServices, startPushService, type PushService, type StallMode, type TestSubscription } from "@/tests/helpers/push-service";
import { useTestDatabase } from "@/tests/helpers/test-database";

jest.setTimeout(60_000);

const { db } = useTestDatabase({ seed: true });

const vapid = webPush.generateVAPIDKeys();
let service: PushService;
let restoreEnv: () => void;

beforeAll(async () => {
  service = await startPushService();
  restoreEnv = setEnvVars({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:ops@example.com", ...admitPushServices(service) });
  await db().coin.updateMany({ where: { quoteSource: "pulsex" }, data: { quoteSource: "dexscreener" } });
});
afterAll(async () => {
  resetMarketScheduleForTests();
  // Sends left running past a drain's budget end by their deadline: none may outlive the database.
  await outboxSendsSettled();
  restoreEnv?.();
  await service?.close();
});
beforeEach(async () => {
  await db().alertDelivery.deleteMany({});
  await db().refreshLease.deleteMany({ where: { name: MARKET_REFRESH_LEASE } });
});
const stalled: TestSubscription[] = [];
afterEach(() => {
  resetMarketScheduleForTests();
  for (const subscription of stalled.splice(0)) service.release(subscription);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PAYLOAD = { title: "PulseCompare", body: "a test", url: "/alerts", tag: "t" };

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

/** A browser at the local push service that answers as `how` says (or normally). */
function browser(how?: StallMode): TestSubscription {
  const subscription = service.createSubscription(vapid.publicKey);
  if (how) {
    service.stall(subscription, how);
    stalled.push(subscription);
  }
  return subscription;
}

let users = 0;

/** A user with these browsers subscribed (rows as the subscribe route stores them). */
async function userWith(browsers: TestSubscription[]) {
  const user = await db().user.create({ data: { address: `0x${(++users).toString(16).padStart(40, "d")}` } });
  const subscriptions = [];
  for (const subscription of browsers) {
    subscriptions.push(await db().pushSubscription.create({ data: { userId: user.id, endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth, label: "Chrome on Linux" } }));
  }
  return { user, subscriptions };
}

/** A firing of a rule of the user's, with one pending web push per browser, due now (what a pass's evaluation writes). */
async function fired(owner: Awaited<ReturnType<typeof userWith>>) {
  const rule = await db().alertRule.create({
    data: { userId: owner.user.id, kind: "price", coinId: "ptgc", coinSymbol: "pTGC", coinName: "The Grays Currency", direction: "above", level: 1 },
  });
  const firing = await db().alertFiring.create({ data: { ruleId: rule.id, userId: owner.user.id, crossing: 1, firedAt: new Date(), message: "pTGC's price went above $1.00: $1.01", url: "/coins/ptgc", value: 1.01 } });
  const deliveries = [];
  for (const subscription of owner.subscriptions) {
    deliveries.push(await db().alertDelivery.create({ data: { firingId: firing.id, channel: "webpush", target: `push:${subscription.id}`, subscriptionId: subscription.id, nextAttemptAt: new Date() } }));
  }
  return deliveries;
}

/** pTGC at this price (the other coins fail: only pTGC changes). */
function ptgcAt(price: () => number): PriceSource {
  return {
    name: "dexscreener",
    async fetchQuotes(requests) {
      const result: SourceResult = { quotes: new Map(), failures: [] };
      for (const { coinId } of requests) {
        if (coinId === "ptgc") result.quotes.set(coinId, { price: price(), marketCap: price() * 1e9, change24h: null, liquidityUsd: 1e8 } satisfies Quote);
        else result.failures.push({ coinId, reason: "not in the answer" });
      }
      return result;
    },
  };
}

test("the bounds hold together: no send outlives the claim of the batch it started in", () => {
  // A batch starts no send after CLAIM_MS / 2; a Telegram send may add auto-retry's 5 s inline wait.
  expect(PUSH_DEADLINE_MS).toBe(10_000);
  expect(SEND_DEADLINE_MS.webpush).toBe(PUSH_DEADLINE_MS);
  expect(CLAIM_MS / 2 + Math.max(SEND_DEADLINE_MS.webpush, SEND_DEADLINE_MS.telegram + 5_000)).toBeLessThan(CLAIM_MS);
  expect(DRAIN_BUDGET_MS).toBeLessThan(5 * 60_000);
  expect(PUSH_ANSWER_CAP_BYTES).toBeLessThanOrEqual(16 * 1024);
});

test("one send, with the real deadline: a 201 that trickles or streams is sent at once and its connection cut; an endpoint that never answers is given up at 10 s", async () => {
  const [trickle, endless, never] = [browser("trickle"), browser("endless"), browser("never")];
  const started = Date.now();
  const timed = async (target: TestSubscription) => ({ result: await sendPush(target, PAYLOAD, { agent: service.agent }), ms: Date.now() - started });
  const [a, b, c] = await Promise.all([timed(trickle), timed(endless), timed(never)]);

  expect(a.result).toEqual({ ok: true, status: 201 });
  expect(b.result).toEqual({ ok: true, status: 201 });
  // The outcome is the status line: the body's trickle does not hold the sender.
  expect(Math.max(a.ms, b.ms)).toBeLessThan(PUSH_DEADLINE_MS / 2);
  // No answer at all: given up at the deadline, with the code only (never the endpoint's host).
  expect(c.result).toEqual({ ok: false, status: 0, retryAfterS: null, error: "ETIMEDOUT" });
  expect(c.ms).toBeGreaterThanOrEqual(PUSH_DEADLINE_MS - 50);
  expect(c.ms).toBeLessThan(PUSH_DEADLINE_MS + 3_000);
  // Every stalled answer has been hung up on: the endless one after a few KB, the trickle at the deadline.
  await until("every stalled connection closed", () => service.streaming() === 0, 3_000);
  for (const target of [trickle, endless]) expect(service.messages.filter((m) => m.subscriptionId === target.id)).toHaveLength(1);
});

test("market passes run on time while a delivery is stuck: the outbox drains on its own cadence, a trickling, an endless and a never-answering endpoint hold no pass; the healthy browser gets its alert", async () => {
  const [healthy, trickle, endless, never] = [browser(), browser("trickle"), browser("endless"), browser("never")];
  const owner = await userWith([healthy, trickle, endless, never]);
  const rule = await db().alertRule.create({
    data: { userId: owner.user.id, kind: "price", coinId: "ptgc", coinSymbol: "pTGC", coinName: "The Grays Currency", direction: "above", level: 1 },
  });
  // Pass 1 at $0.90, then $1.01 from pass 2 on: pass 2 fires, one delivery per browser.
  const starts: number[] = [];
  const reports: Awaited<ReturnType<typeof runMarketPass>>[] = [];
  const drains: DeliveryReport[] = [];
  // A drain's budget far longer than the passes' interval: were the drain inside the pass, each
  // pass after the firing would start a budget late.
  const budgetMs = 3_000;
  const intervalMs = 200;
  startMarketSchedule({
    intervalMs,
    firstDelayMs: 0,
    deliveryEveryMs: 100,
    log: () => {},
    async pass() {
      starts.push(Date.now());
      const price = starts.length === 1 ? 0.9 : 1.01;
      reports.push(await runMarketPass(db(), { sources: [ptgcAt(() => price)], holder: "worker-a", log: () => {} }));
      return null;
    },
    async deliver() {
      drains.push(await deliverAlerts(db(), { pushAgent: service.agent, log: () => {}, budgetMs, pushDeadlineMs: 6_000 }));
      return null;
    },
  });
  await until("the sends in flight", () => service.streaming() > 0);
  // While that drain waits on its endpoints (the drains before it found nothing), passes go on at their interval.
  const drainsBefore = drains.length;
  const during = starts.length;
  await until("three more passes", () => starts.length >= during + 3);
  expect(drains).toHaveLength(drainsBefore);
  await until("the stuck drain's end at its budget", () => drains.length > drainsBefore);
  await stopMarketSchedule();
  const stuck = drains[drainsBefore]!;

  const firings = await db().alertFiring.findMany({ where: { ruleId: rule.id }, include: { deliveries: true } });
  expect(firings).toHaveLength(1);
  expect(firings[0]!.deliveries).toHaveLength(4);
  const second = reports[1]!;
  if (!second.ran) throw new Error(second.reason);
  expect(second.report.alerts).toMatchObject({ fired: 1, deliveries: 4 });
  // The drain sent to the three that answered 201 and returned at its budget with the fourth in flight.
  expect(stuck).toMatchObject({ sent: 3, gone: 0, retried: 0, failed: 0, inFlight: 1 });
  // Every pass started within its interval (and its own work) after the one before: no drain held one.
  const gaps = starts.slice(1).map((start, i) => start - starts[i]!);
  for (const gap of gaps) expect(gap).toBeLessThan(intervalMs + 1_000);
  expect(service.messages.filter((m) => m.subscriptionId === healthy.id)).toHaveLength(1);

  // The never-answering send ends at its deadline (6 s) and its row waits for a retry.
  await outboxSendsSettled();
  const neverRow = firings[0]!.deliveries.find((delivery) => delivery.subscriptionId === owner.subscriptions[3]!.id)!;
  expect(await db().alertDelivery.findUniqueOrThrow({ where: { id: neverRow.id } })).toMatchObject({ status: "pending", attempts: 1, lastError: "ETIMEDOUT", claimedUntil: null });
});

test("the outbox drains on its own cadence with no pass running: a retry due in 3 s goes out within the schedule's delivery interval (10 s) of being due", async () => {
  const target = browser();
  const owner = await userWith([target]);
  const [row] = await fired(owner);
  // A send that failed once, its retry due in 3 s (as the outbox writes a retry).
  const dueAt = Date.now() + 3_000;
  await db().alertDelivery.update({ where: { id: row!.id }, data: { attempts: 1, lastError: "HTTP 503", nextAttemptAt: new Date(dueAt) } });
  let passes = 0;
  // The production schedule with its own delivery cadence and the default drain; the pass's first run is far off.
  startMarketSchedule({ intervalMs: 60_000, firstDelayMs: 60_000, log: () => {}, delivery: { pushAgent: service.agent }, pass: async () => (passes++, null) });
  await until("the retry sent", async () => (await db().alertDelivery.findUniqueOrThrow({ where: { id: row!.id } })).status === "sent", DELIVERY_EVERY_MS + 8_000);
  const sent = await db().alertDelivery.findUniqueOrThrow({ where: { id: row!.id } });
  expect(passes).toBe(0);
  expect(sent.sentAt!.getTime()).toBeGreaterThanOrEqual(dueAt);
  expect(sent.sentAt!.getTime() - dueAt).toBeLessThanOrEqual(DELIVERY_EVERY_MS + 1_000);
  expect(DELIVERY_EVERY_MS).toBeLessThanOrEqual(10_000);
  expect(service.messages.filter((m) => m.subscriptionId === target.id)).toHaveLength(1);
});

test("a shutdown does not wait behind a delivery: stopping the schedule stops the drain's sending, and the drain ends", async () => {
  const never = browser("never");
  const owner = await userWith([never]);
  await fired(owner);
  let ended = 0;
  startMarketSchedule({
    intervalMs: 60_000,
    firstDelayMs: 60_000,
    deliveryEveryMs: 10,
    log: () => {},
    async deliver() {
      // Budget and deadline well past the test's wait: only the stop ends this drain early.
      await deliverAlerts(db(), { pushAgent: service.agent, log: () => {}, budgetMs: 30_000, pushDeadlineMs: 30_000 });
      ended = Date.now();
      return null;
    },
  });
  await until("the send in flight", () => service.streaming() === 1);
  const stopping = Date.now();
  await stopMarketSchedule();
  expect(ended).toBeGreaterThan(0);
  expect(ended - stopping).toBeLessThan(1_000);
  // The row is left as it is (claimed, pending) for a later drain; the send goes on to its deadline alone.
  service.release(never);
  await outboxSendsSettled();
});

test("a row whose endpoint never answered is retried after the deadline and delivered once when it recovers; a second drain meanwhile takes nothing", async () => {
  const never = browser("never");
  const owner = await userWith([never]);
  const [row] = await fired(owner);
  const drain = (now?: Date, holder = "worker-a") => drainOutbox(db(), { holder, now, agent: service.agent, log: () => {}, channels: ["webpush"], pushDeadlineMs: 1_000 });

  const first = drain();
  await until("the send in flight", () => service.streaming() === 1);
  const claimed = await db().alertDelivery.findUniqueOrThrow({ where: { id: row!.id } });
  // While it is in flight another drain (another worker) finds nothing to take.
  expect(await drain(undefined, "worker-b")).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 });
  expect(await first).toEqual({ sent: 0, gone: 0, retried: 1, failed: 0 });
  const waiting = await db().alertDelivery.findUniqueOrThrow({ where: { id: row!.id } });
  expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastError: "ETIMEDOUT", claimedUntil: null });
  // Given up, and its outcome written, well before its claim would have lapsed.
  expect(Date.now()).toBeLessThan(claimed.claimedUntil!.getTime() - CLAIM_MS / 2);
  await until("the connection closed", () => service.streaming() === 0, 1_000);
  // Not due before the backoff: nothing is sent.
  expect(await drain(undefined, "worker-b")).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 });

  service.release(never);
  const later = new Date(waiting.nextAttemptAt.getTime() + 1_000);
  const [a, b] = await Promise.all([drain(later, "worker-a"), drain(later, "worker-b")]);
  expect(a.sent + b.sent).toBe(1);
  expect(await drain(new Date(later.getTime() + 600_000))).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 });
  expect(service.messages.filter((m) => m.subscriptionId === never.id)).toHaveLength(1);
  expect(await db().alertDelivery.findUniqueOrThrow({ where: { id: row!.id } })).toMatchObject({ status: "sent", attempts: 2 });
});

test("the heap grows by less than 5 MB over 100 sends to endpoints that stream without end", async () => {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  const owners = [];
  for (let i = 0; i < 10; i++) owners.push(await userWith(Array.from({ length: 10 }, () => browser("endless"))));
  for (const owner of owners) await fired(owner);
  gc();
  const before = process.memoryUsage().heapUsed;
  // The drain, or 20 s (today's sender never finishes: the heap is measured anyway).
  let timer: NodeJS.Timeout | undefined;
  const counts = await Promise.race([
    drainOutbox(db(), { holder: "worker-a", agent: service.agent, log: () => {}, channels: ["webpush"] }),
    new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 20_000))),
  ]);
  clearTimeout(timer);
  await until("every stream hung up on", () => service.streaming() === 0, 5_000).catch(() => {});
  gc();
  const grown = process.memoryUsage().heapUsed - before;
  expect(grown).toBeLessThan(5 * 1024 * 1024);
  expect(counts).toEqual({ sent: 100, gone: 0, retried: 0, failed: 0 });
  expect(service.streaming()).toBe(0);
  console.log(`100 endless answers: heap ${(grown / 1024 / 1024).toFixed(2)} MB, ${(service.streamedBytes() / 1024 / 1024).toFixed(1)} MB written by the service`);
});
