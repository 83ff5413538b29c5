// The delivery outbox's worker: sends the AlertDelivery rows a market pass wrote with its firings.
//
// What "exactly once" means here. A firing and its deliveries are written in one transaction
// (unique per rule and crossing), so a retried pass or a second worker never makes a second row
// for one browser. This worker then claims each due row for a short time with one conditional
// UPDATE (only rows nobody else holds), so two drains at once never send one row; a worker killed
// before sending leaves its rows pending, and once the claim has run out the next drain (any
// worker, the next pass) sends them. What it cannot promise: a crash after the push service
// accepted a message but before the row is marked sent leaves the row pending, and it is sent
// again when the claim expires. No protocol closes that gap (the push service gives no way to ask
// "did you already take this one?"). The notification's `tag` ("firing-<id>") makes the browser
// replace the first copy with the second instead of showing two, and the push Topic (one per rule)
// lets the push service drop the older copy while the browser is offline. So: at least once to
// the push service, and at most one notification on the screen for one firing.
import "server-only";
import { randomUUID } from "node:crypto";
import type { Agent } from "node:https";
import type { PrismaClient } from "@/lib/db/create-client";
import { runInOrder } from "@/lib/shared/in-batches";
import { PUSH_TITLE, PUSH_TTL_SECONDS, sendPush, vapidDetails, type SendResult } from "./web-push.server";

/** How long a claim holds a row; a drain stops starting sends well before its claim runs out. */
export const CLAIM_MS = 60_000;
/** Sends to the push services in flight at once. */
export const SEND_CONCURRENCY = 16;
/** Attempts before a row that keeps getting 429, 5xx or no answer is given up ("failed"). */
export const MAX_ATTEMPTS = 5;
/** The first retry waits this long, each next one twice as long (30 s, 1, 2, 4 min), capped. */
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;
const BATCH = 100;

export type DrainCounts = { sent: number; gone: number; retried: number; failed: number };

export type DrainOptions = {
  /** Who is draining (the worker's or pass's holder id): written into claimedBy, for the record. */
  holder: string;
  /** The clock the rows are judged by (due, claim expired); tests move it. */
  now?: Date;
  /** Tests: an https.Agent trusting the local push service. */
  agent?: Agent;
  /** At most this many rows per drain (the rest wait for the next). */
  limit?: number;
  log?: (line: string) => void;
};

type Claimed = Awaited<ReturnType<typeof claimBatch>>[number];

/**
 * Claims and sends every due Web Push delivery (up to `limit`), and says what became of them.
 * Rows without a subscription (the browser was removed) become "gone"; without VAPID keys every
 * due row fails ("push_unavailable") rather than wait for a configuration that may never come.
 */
export async function drainOutbox(db: PrismaClient, options: DrainOptions): Promise<DrainCounts> {
  const log = options.log ?? ((line: string) => console.info(line));
  const limit = options.limit ?? 1_000;
  const counts: DrainCounts = { sent: 0, gone: 0, retried: 0, failed: 0 };
  let handled = 0;
  while (handled < limit) {
    // Read the clock per batch: a claim must last CLAIM_MS from when it is made, not from when
    // the drain began.
    const now = options.now ?? new Date();
    const claim = `${options.holder}:${randomUUID().slice(0, 8)}`;
    const batch = await claimBatch(db, claim, now, Math.min(BATCH, limit - handled));
    if (!batch.length) break;
    handled += batch.length;
    const finished = await sendBatch(db, batch, claim, now, counts, { agent: options.agent, log });
    if (!finished || batch.length < BATCH) break;
  }
  if (handled) log(`[alerts] outbox webpush: ${counts.sent} sent, ${counts.gone} gone, ${counts.retried} retried, ${counts.failed} failed`);
  return counts;
}

/**
 * One conditional UPDATE takes the due rows nobody holds (SQLite runs it as one atomic
 * statement), under a claim id of this drain's own; the rows read back are exactly the ones won.
 */
async function claimBatch(db: PrismaClient, claim: string, now: Date, take: number) {
  const free = { status: "pending", channel: "webpush", nextAttemptAt: { lte: now }, OR: [{ claimedUntil: null }, { claimedUntil: { lte: now } }] };
  const due = await db.alertDelivery.findMany({ where: free, orderBy: [{ nextAttemptAt: "asc" }, { id: "asc" }], take, select: { id: true } });
  if (!due.length) return [];
  await db.alertDelivery.updateMany({
    where: { ...free, id: { in: due.map((row) => row.id) } },
    data: { claimedBy: claim, claimedUntil: new Date(now.getTime() + CLAIM_MS) },
  });
  return db.alertDelivery.findMany({
    where: { claimedBy: claim, status: "pending" },
    orderBy: { id: "asc" },
    select: {
      id: true,
      attempts: true,
      subscriptionId: true,
      subscription: { select: { endpoint: true, p256dh: true, auth: true } },
      firing: { select: { id: true, ruleId: true, message: true, url: true, firedAt: true } },
    },
  });
}

type Outcome =
  | { status: "sent" }
  | { status: "gone"; reason: string }
  | { status: "failed"; reason: string }
  | { status: "retry"; reason: string; retryAfterS: number | null };

async function sendBatch(
  db: PrismaClient,
  batch: Claimed[],
  claim: string,
  now: Date,
  counts: DrainCounts,
  options: { agent?: Agent; log: (line: string) => void },
): Promise<boolean> {
  const vapid = vapidDetails();
  const started = Date.now();
  const goneSubscriptions = new Set<number>();
  let finished = true;
  await runInOrder(batch.length, SEND_CONCURRENCY, async (index) => {
    const row = batch[index]!;
    // Past this point the claim could run out mid-send and another drain take the row: leave the
    // rest unsent (still pending, claimed until the claim expires) for the next drain.
    if (Date.now() - started > CLAIM_MS / 2) {
      finished = false;
      return;
    }
    const outcome = await deliver(row, now, vapid !== null, goneSubscriptions, options.agent);
    if (outcome.status === "gone" && row.subscriptionId !== null) goneSubscriptions.add(row.subscriptionId);
    await record(db, row, claim, now, outcome, counts, options.log);
  });
  return finished;
}

async function deliver(row: Claimed, now: Date, configured: boolean, goneSubscriptions: Set<number>, agent?: Agent): Promise<Outcome> {
  if (!row.subscription || row.subscriptionId === null || goneSubscriptions.has(row.subscriptionId)) return { status: "gone", reason: "subscription removed" };
  if (!configured) return { status: "failed", reason: "push_unavailable" };
  // A push service would drop it after the TTL anyway; an alert a day late is noise.
  if (now.getTime() - row.firing.firedAt.getTime() > PUSH_TTL_SECONDS * 1000) return { status: "failed", reason: "expired" };
  const result = await sendPush(
    row.subscription,
    { title: PUSH_TITLE, body: row.firing.message, url: row.firing.url, tag: `firing-${row.firing.id}` },
    { agent, topic: `rule-${row.firing.ruleId}` },
  );
  return outcomeOf(result);
}

/** What a push service's answer means for the row. */
export function outcomeOf(result: SendResult): Outcome {
  if (result.ok) return { status: "sent" };
  const reason = result.status ? `HTTP ${result.status}` : result.error;
  if (result.status === 404 || result.status === 410) return { status: "gone", reason };
  if (result.status === 0 || result.status === 429 || result.status >= 500) return { status: "retry", reason, retryAfterS: result.retryAfterS };
  return { status: "failed", reason };
}

/** The wait before attempt `attempts + 1`: the exponential backoff, or longer when the push service asked. */
export function retryDelayMs(attempts: number, retryAfterS: number | null): number {
  const backoff = Math.min(BACKOFF_BASE_MS * 2 ** (attempts - 1), BACKOFF_MAX_MS);
  return Math.max(backoff, Math.min((retryAfterS ?? 0) * 1000, BACKOFF_MAX_MS));
}

/**
 * Writes the outcome, only while this drain still holds the row. A gone subscription is deleted,
 * and its other pending rows marked gone with it, in one transaction. Every outcome but "sent" gets
 * a log line naming the delivery and what happened, never the endpoint or the user.
 */
async function record(db: PrismaClient, row: Claimed, claim: string, now: Date, outcome: Outcome, counts: DrainCounts, log: (line: string) => void): Promise<void> {
  const mine = { id: row.id, claimedBy: claim };
  const attempts = row.attempts + 1;
  if (outcome.status === "sent") {
    await db.alertDelivery.updateMany({ where: mine, data: { status: "sent", sentAt: new Date(), attempts, claimedUntil: null, lastError: null } });
    // Counted in the drain's summary line: one line per sent push would drown the ones that matter.
    counts.sent++;
    return;
  }
  if (outcome.status === "gone") {
    const subscriptionId = row.subscriptionId;
    await db.$transaction([
      db.alertDelivery.updateMany({ where: mine, data: { status: "gone", attempts, claimedUntil: null, lastError: outcome.reason } }),
      ...(subscriptionId !== null && row.subscription
        ? [
            db.alertDelivery.updateMany({ where: { subscriptionId, status: "pending" }, data: { status: "gone", claimedUntil: null, lastError: outcome.reason } }),
            db.pushSubscription.deleteMany({ where: { id: subscriptionId } }),
          ]
        : []),
    ]);
    counts.gone++;
    log(`[alerts] delivery ${row.id} webpush gone (${outcome.reason})`);
    return;
  }
  if (outcome.status === "retry" && attempts < MAX_ATTEMPTS) {
    const delay = retryDelayMs(attempts, outcome.retryAfterS);
    await db.alertDelivery.updateMany({
      where: mine,
      data: { attempts, nextAttemptAt: new Date(now.getTime() + delay), claimedUntil: null, lastError: outcome.reason },
    });
    counts.retried++;
    log(`[alerts] delivery ${row.id} webpush retry ${attempts}/${MAX_ATTEMPTS} in ${Math.round(delay / 1000)}s (${outcome.reason})`);
    return;
  }
  await db.alertDelivery.updateMany({ where: mine, data: { status: "failed", attempts, claimedUntil: null, lastError: outcome.reason } });
  counts.failed++;
  log(`[alerts] delivery ${row.id} webpush failed after ${attempts} attempt${attempts === 1 ? "" : "s"} (${outcome.reason})`);
}
