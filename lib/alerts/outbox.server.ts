// The delivery outbox's worker: sends the AlertDelivery rows a market pass wrote with its firings,
// to browsers (Web Push) and to linked Telegram chats.
//
// What "exactly once" means here. A firing and its deliveries are written in one transaction
// (unique per rule and crossing), so a retried pass or a second worker never makes a second row
// for one browser or chat. This worker then claims each due row for a short time with one
// conditional UPDATE (only rows nobody else holds), so two drains at once never send one row; a
// worker killed before sending leaves its rows pending, and once the claim has run out the next
// drain (any worker, the next pass) sends them. What it cannot promise: a crash after the push
// service or Telegram accepted a message but before the row is marked sent leaves the row pending,
// and it is sent again when the claim expires. No protocol closes that gap: neither the push
// service nor the Bot API has an idempotency key or a way to ask "did you already take this one?".
// For a browser, the notification's `tag` ("firing-<id>") makes it replace the first copy with the
// second instead of showing two, and the push Topic (one per rule) lets the push service drop the
// older copy while the browser is offline: at least once to the push service, at most one
// notification on the screen. For Telegram a second copy would show as a second message: at least
// once, with the window for a duplicate being one send's round trip before a crash.
//
// Each channel is drained on its own, both at once: a slow channel (Telegram's 30 messages a
// second make 1,000 chats take about 35 s) never holds the other's rows back.
//
// Bounded in time, whatever the far end does. Every send has a deadline (a push endpoint is a URL
// any signed-in stranger hands us, and the server at it may answer slowly, never, or without end):
// SEND_DEADLINE_MS, after which it is aborted and retried later. No send starts later than
// CLAIM_MS / 2 into its batch's claim, so each one has been aborted, at the latest, and its outcome
// written while the claim still holds: a send in flight is never still running when another drain
// may take its row (exactly-once is kept by aborting first, not by a claim stretched to fit).
// And a drain has a budget (DRAIN_BUDGET_MS): it starts no send after it and returns at it without
// waiting for the sends still in flight, which end by their deadline and record their outcome then.
import "server-only";
import { randomUUID } from "node:crypto";
import type { Agent } from "node:https";
import { setTimeout as sleep } from "node:timers/promises";
import type { PrismaClient } from "@/lib/db/create-client";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import { errorMessage } from "@/lib/errors/error-message";
import { runInOrder } from "@/lib/shared/in-batches";
import { getTelegramApi } from "@/lib/telegram/api.server";
import { unlinkTelegram } from "@/lib/telegram/link-tokens.server";
import type { Outcome } from "./outbox-outcome";
import { sendTelegramAlert } from "./telegram-delivery.server";
import { PUSH_DEADLINE_MS } from "./push-request.server";
import { PUSH_TITLE, PUSH_TTL_SECONDS, sendPush, vapidDetails, type SendResult } from "./web-push.server";

/**
 * How long a claim holds a row. A batch starts no send after half of it (30 s), and every send
 * ends within SEND_DEADLINE_MS (10 s; a Telegram send may add auto-retry's inline wait of at most
 * 5 s): the outcome is written with 15 s of the claim to spare.
 */
export const CLAIM_MS = 60_000;
/** The longest one send may take before it is aborted (and retried later, like no answer at all). */
export const SEND_DEADLINE_MS = { webpush: PUSH_DEADLINE_MS, telegram: 10_000 } as const;
/**
 * A drain's time budget, per channel: no send starts after it, and the drain returns at it
 * without waiting for sends in flight. 40 s: Telegram's 30 a second send 1,000 chats in about
 * 35 s, and healthy push services answer 1,000 sends (16 at a time) in a few seconds; what is left
 * waits for the next pass (5 minutes by default), and the pass is never held longer than this.
 */
export const DRAIN_BUDGET_MS = 40_000;
/**
 * Sends in flight at once, per channel. Telegram's are held by the bot Api's throttler (30 a second
 * overall, 1 a second per chat), so enough are in flight to keep it at its rate while a few wait on
 * a chat that just had one.
 */
export const SEND_CONCURRENCY = { webpush: 16, telegram: 32 } as const;
export type Channel = keyof typeof SEND_CONCURRENCY;
const CHANNELS = Object.keys(SEND_CONCURRENCY) as Channel[];
/** Attempts before a row that keeps getting 429, 5xx or no answer is given up ("failed"). */
export const MAX_ATTEMPTS = 5;
/** The first retry waits this long, each next one twice as long (30 s, 1, 2, 4 min), capped. */
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;
const BATCH = 100;
/**
 * Rows per channel per drain by default: 1,000 web pushes (issue 39's figure), and 2,000 Telegram
 * messages, above the 1,000 chats a busy pass may reach, which Telegram's 30 a second sends in
 * about 35 s (each batch of 100 in about 3.5 s, far inside the claim).
 */
export const DRAIN_LIMIT = { webpush: 1_000, telegram: 2_000 } as const;

/**
 * What a drain did by the time it returned. `inFlight` (only when not 0): sends still running when
 * its budget ran out; each records its outcome when it ends (by its deadline), uncounted here.
 */
export type DrainCounts = { sent: number; gone: number; retried: number; failed: number; inFlight?: number };

export type DrainOptions = {
  /** Who is draining (the worker's or pass's holder id): written into claimedBy, for the record. */
  holder: string;
  /** The clock the rows are judged by (due, claim expired); tests move it. */
  now?: Date;
  /** Tests: an https.Agent trusting the local push service. */
  agent?: Agent;
  /** At most this many rows per channel per drain (the rest wait for the next); default DRAIN_LIMIT. */
  limit?: number;
  /** Only these channels (tests, the bench). */
  channels?: readonly Channel[];
  log?: (line: string) => void;
  /** The drain's time budget (default DRAIN_BUDGET_MS); tests shorten it. */
  budgetMs?: number;
  /** Each web push's deadline (default SEND_DEADLINE_MS.webpush); tests shorten it. */
  pushDeadlineMs?: number;
  /** Stop now (a shutdown): no send starts from then on, and the drain returns without waiting for those in flight. */
  signal?: AbortSignal;
};

type Claimed = Awaited<ReturnType<typeof claimBatch>>[number];

/**
 * Claims and sends every due delivery (up to `limit` per channel), each channel on its own and
 * both at once, and says what became of them (summed). Rows whose target is gone (the browser was
 * removed, the chat unlinked) become "gone"; without VAPID keys, or without a bot, every due row
 * of that channel fails ("push_unavailable", "telegram_unavailable") rather than wait for a
 * configuration that may never come.
 */
export async function drainOutbox(db: PrismaClient, options: DrainOptions): Promise<DrainCounts> {
  const channels = options.channels ?? CHANNELS;
  const results = await Promise.all(channels.map((channel) => drainChannel(db, channel, options)));
  const total = results.reduce((sum, counts) => ({ sent: sum.sent + counts.sent, gone: sum.gone + counts.gone, retried: sum.retried + counts.retried, failed: sum.failed + counts.failed }), { sent: 0, gone: 0, retried: 0, failed: 0 });
  const inFlight = results.reduce((sum, counts) => sum + (counts.inFlight ?? 0), 0);
  return inFlight ? { ...total, inFlight } : total;
}

/** Drains still sending in the background after their budget (tests wait for them before closing the database). */
const unfinished = new Set<Promise<unknown>>();

/** Resolves when every drain of this process has ended, including sends left running past a budget. */
export async function outboxSendsSettled(): Promise<void> {
  while (unfinished.size) await Promise.all([...unfinished]);
}

type DrainState = { counts: DrainCounts; handled: number; inFlight: number; sendUntil: number };

async function drainChannel(db: PrismaClient, channel: Channel, options: DrainOptions): Promise<DrainCounts> {
  const log = options.log ?? ((line: string) => console.info(line));
  const budgetMs = options.budgetMs ?? DRAIN_BUDGET_MS;
  const state: DrainState = { counts: { sent: 0, gone: 0, retried: 0, failed: 0 }, handled: 0, inFlight: 0, sendUntil: Date.now() + budgetMs };
  const work = drainBatches(db, channel, options, state, log);
  const tracked = work.catch((error: unknown) => log(`[alerts] outbox ${channel}: drain failed after its budget: ${errorMessage(error)}`));
  unfinished.add(tracked);
  void tracked.finally(() => unfinished.delete(tracked));
  // The budget's end (or a stop) returns now: the sends in flight go on to their deadline alone.
  const stopTimer = new AbortController();
  const stopped = options.signal ? AbortSignal.any([options.signal, stopTimer.signal]) : stopTimer.signal;
  const overBudget = sleep(budgetMs, true, { signal: stopped }).catch(() => true);
  try {
    await Promise.race([work, overBudget]);
  } finally {
    stopTimer.abort();
  }
  const counts: DrainCounts = { ...state.counts, ...(state.inFlight && { inFlight: state.inFlight }) };
  if (state.handled) {
    const left = state.inFlight ? `, ${state.inFlight} still in flight past the drain's budget` : "";
    log(`[alerts] outbox ${channel}: ${counts.sent} sent, ${counts.gone} gone, ${counts.retried} retried, ${counts.failed} failed${left}`);
  }
  return counts;
}

async function drainBatches(db: PrismaClient, channel: Channel, options: DrainOptions, state: DrainState, log: (line: string) => void): Promise<void> {
  const limit = options.limit ?? DRAIN_LIMIT[channel];
  const stopped = () => Date.now() >= state.sendUntil || options.signal?.aborted === true;
  while (state.handled < limit && !stopped()) {
    // Read the clock per batch: a claim must last CLAIM_MS from when it is made, not from when
    // the drain began.
    const now = options.now ?? new Date();
    const claimedAt = Date.now();
    const claim = `${options.holder}:${randomUUID().slice(0, 8)}`;
    const batch = await claimBatch(db, channel, claim, now, Math.min(BATCH, limit - state.handled));
    if (!batch.length) break;
    state.handled += batch.length;
    // No send starts past half the claim (nor past the drain's budget): see CLAIM_MS.
    const sendBy = Math.min(state.sendUntil, claimedAt + CLAIM_MS / 2);
    const finished = await sendBatch(db, channel, batch, claim, now, state, { agent: options.agent, log, sendBy, signal: options.signal, pushDeadlineMs: options.pushDeadlineMs });
    if (!finished || batch.length < BATCH) break;
  }
}

/**
 * One conditional UPDATE takes the due rows nobody holds (SQLite runs it as one atomic
 * statement), under a claim id of this drain's own; the rows read back are exactly the ones won.
 *
 * Which due rows: each user's in turn (issue 50). Every user's oldest due row comes before anyone's
 * second, every second before anyone's third, and so on, oldest first within a turn: one account
 * with thousands of due rows (dead browsers by the hundred) takes one place per turn, and every
 * other user's rows are claimed in the first batches, long before their 24 h expiry. With only one
 * user's rows due they fill the batch, so no row waits for another drain while there is room.
 */
async function claimBatch(db: PrismaClient, channel: Channel, claim: string, now: Date, take: number) {
  const free = { status: "pending", channel, nextAttemptAt: { lte: now }, OR: [{ claimedUntil: null }, { claimedUntil: { lte: now } }] };
  const at = sqlDateTime(now);
  const due = await db.$queryRaw<{ id: number | bigint }[]>`
    SELECT "id" FROM (
      SELECT d."id", d."nextAttemptAt",
        ROW_NUMBER() OVER (PARTITION BY f."userId" ORDER BY d."nextAttemptAt", d."id") AS "turn"
      FROM "AlertDelivery" d JOIN "AlertFiring" f ON f."id" = d."firingId"
      WHERE d."status" = 'pending' AND d."channel" = ${channel} AND d."nextAttemptAt" <= ${at}
        AND (d."claimedUntil" IS NULL OR d."claimedUntil" <= ${at})
    )
    ORDER BY "turn", "nextAttemptAt", "id"
    LIMIT ${take}`;
  if (!due.length) return [];
  await db.alertDelivery.updateMany({
    where: { ...free, id: { in: due.map((row) => Number(row.id)) } },
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
      telegramLinkId: true,
      telegramLink: { select: { chatId: true, status: true } },
      firing: { select: { id: true, ruleId: true, message: true, url: true, firedAt: true } },
    },
  });
}

async function sendBatch(
  db: PrismaClient,
  channel: Channel,
  batch: Claimed[],
  claim: string,
  now: Date,
  state: DrainState,
  options: { agent?: Agent; log: (line: string) => void; sendBy: number; signal?: AbortSignal; pushDeadlineMs?: number },
): Promise<boolean> {
  const tooLate = () => Date.now() >= options.sendBy || options.signal?.aborted === true;
  const send = channel === "webpush" ? pushSender(now, options.agent, options.pushDeadlineMs ?? SEND_DEADLINE_MS.webpush) : telegramSender(now, tooLate);
  const unsent: number[] = [];
  await runInOrder(batch.length, SEND_CONCURRENCY[channel], async (index) => {
    const row = batch[index]!;
    // Past this point a send could outlive the claim (or the drain's budget): leave the rest
    // unsent for the next drain. A batch of 100 Telegram rows to 100 chats takes about 3.5 s at
    // Telegram's rate, far inside it.
    if (tooLate()) {
      unsent.push(row.id);
      return;
    }
    state.inFlight++;
    try {
      const outcome = await send(row);
      if (outcome === null) unsent.push(row.id);
      else await record(db, channel, row, claim, now, outcome, state.counts, options.log);
    } finally {
      state.inFlight--;
    }
  });
  // Rows never tried are handed back at once rather than at the claim's end: nothing was sent.
  if (unsent.length) await db.alertDelivery.updateMany({ where: { id: { in: unsent }, claimedBy: claim, status: "pending" }, data: { claimedUntil: null } });
  return unsent.length === 0;
}

/** A firing older than the push TTL (a day) is not sent on any channel: an alert a day late is noise. */
const expired = (row: Claimed, now: Date) => now.getTime() - row.firing.firedAt.getTime() > PUSH_TTL_SECONDS * 1000;

function pushSender(now: Date, agent: Agent | undefined, deadlineMs: number): (row: Claimed) => Promise<Outcome> {
  const configured = vapidDetails() !== null;
  const goneSubscriptions = new Set<number>();
  return async (row) => {
    if (!row.subscription || row.subscriptionId === null || goneSubscriptions.has(row.subscriptionId)) return { status: "gone", reason: "subscription removed" };
    if (!configured) return { status: "failed", reason: "push_unavailable" };
    if (expired(row, now)) return { status: "failed", reason: "expired" };
    const result = await sendPush(
      row.subscription,
      { title: PUSH_TITLE, body: row.firing.message, url: row.firing.url, tag: `firing-${row.firing.id}` },
      { agent, topic: `rule-${row.firing.ruleId}`, deadlineMs },
    );
    const outcome = outcomeOf(result);
    if (outcome.status === "gone") goneSubscriptions.add(row.subscriptionId);
    return outcome;
  };
}

/** `tooLate`: a row whose chat's turn comes after the batch's last moment to start a send is not sent (null). */
function telegramSender(now: Date, tooLate: () => boolean): (row: Claimed) => Promise<Outcome | null> {
  const api = getTelegramApi();
  const goneLinks = new Set<number>();
  // One chat's rows go one after another (Telegram takes 1 a second per chat anyway, and the
  // throttler would hold the second in line): a chat found blocked by the first is not asked again.
  const chatTurns = new Map<number, Promise<unknown>>();
  const sendOne = async (row: Claimed): Promise<Outcome | null> => {
    if (tooLate()) return null;
    const link = row.telegramLink;
    if (!link || row.telegramLinkId === null || link.status !== "linked" || link.chatId === null || goneLinks.has(row.telegramLinkId)) {
      return { status: "gone", reason: "chat unlinked" };
    }
    if (!api) return { status: "failed", reason: "telegram_unavailable" };
    if (expired(row, now)) return { status: "failed", reason: "expired" };
    const outcome = await sendTelegramAlert(api, link.chatId, row.firing, AbortSignal.timeout(SEND_DEADLINE_MS.telegram));
    if (outcome.status === "gone") goneLinks.add(row.telegramLinkId);
    return outcome;
  };
  return (row) => {
    if (row.telegramLinkId === null) return sendOne(row);
    const turn = (chatTurns.get(row.telegramLinkId) ?? Promise.resolve()).then(() => sendOne(row));
    chatTurns.set(row.telegramLinkId, turn.catch(() => undefined));
    return turn;
  };
}

/** What a push service's answer means for the row. */
export function outcomeOf(result: SendResult): Outcome {
  if (result.ok) return { status: "sent" };
  if (result.refused) return { status: "gone", reason: result.error };
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
 * and its other pending rows marked gone with it, in one transaction; a chat that blocked the bot
 * is unlinked (status "blocked", no chat id), its other pending rows gone with it. Every outcome
 * but "sent" gets a log line naming the delivery and what happened, never the endpoint, the chat
 * or the user.
 */
async function record(db: PrismaClient, channel: Channel, row: Claimed, claim: string, now: Date, outcome: Outcome, counts: DrainCounts, log: (line: string) => void): Promise<void> {
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
    if (outcome.chatGone && row.telegramLinkId !== null && row.telegramLink?.chatId) {
      await unlinkTelegram(db, { id: row.telegramLinkId, chatId: row.telegramLink.chatId }, "blocked");
    }
    counts.gone++;
    log(`[alerts] delivery ${row.id} ${channel} gone (${outcome.reason})`);
    return;
  }
  if (outcome.status === "retry" && attempts < MAX_ATTEMPTS) {
    const delay = outcome.exact && outcome.retryAfterS !== null ? outcome.retryAfterS * 1000 : retryDelayMs(attempts, outcome.retryAfterS);
    await db.alertDelivery.updateMany({
      where: mine,
      data: { attempts, nextAttemptAt: new Date(now.getTime() + delay), claimedUntil: null, lastError: outcome.reason },
    });
    counts.retried++;
    log(`[alerts] delivery ${row.id} ${channel} retry ${attempts}/${MAX_ATTEMPTS} in ${Math.round(delay / 1000)}s (${outcome.reason})`);
    return;
  }
  await db.alertDelivery.updateMany({ where: mine, data: { status: "failed", attempts, claimedUntil: null, lastError: outcome.reason } });
  counts.failed++;
  log(`[alerts] delivery ${row.id} ${channel} failed after ${attempts} attempt${attempts === 1 ? "" : "s"} (${outcome.reason})`);
}
