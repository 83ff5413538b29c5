// One webhook update, handled once. Telegram re-sends an update its webhook did not answer in
// time (or answered with an error), and may do so while the first attempt is still running: the
// update's id is claimed with an INSERT (its primary key) before the bot sees it, so a second
// delivery finds it taken and is answered 200 without running again.
//
// How handling can fail decides what Telegram is told (refusalOf):
// - The Bot API refused a call for good (a 4xx other than 401, 404 and 429: 403, the chat blocked
//   the bot; 400, a message it will not take). Sending the update again gets the same refusal, for
//   ever, so the update counts as handled: the refusal is logged (the method and Telegram's words,
//   never the chat or the text), the claim is kept and the route answers 200.
// - Anything else is an outage: a dropped connection, a 5xx, a 429 whose retry_after is longer
//   than the wait allowed in line (MAX_INLINE_RETRY_S, lib/telegram/api.server.ts), a 401 or 404
//   (the site's own token or TELEGRAM_API_ROOT is wrong, not the update), the database. The claim
//   is dropped and the route answers 503, so Telegram's next attempt runs it; an answer that did
//   reach the chat before the failure may then be sent twice, which is the lesser harm than a
//   command never answered.
import "server-only";
import { BotError, GrammyError } from "grammy";
import type { PrismaClient } from "@/lib/db/create-client";
import { errorMessage } from "@/lib/errors/error-message";
import type { Update } from "grammy/types";
import { getTelegramBot } from "./bot.server";

/** Handled updates are kept a day: Telegram gives up on an update after 24 hours. */
export const HANDLED_UPDATE_TTL_MS = 24 * 60 * 60_000;

/** "refused": handled, but the Bot API refused an answer for good (logged; not sent again). */
export type UpdateOutcome = "handled" | "refused" | "duplicate" | "no_bot";

/** 4xx answers that are not about the update: too many requests, and the site's own token or API root. */
const NOT_FINAL = new Set([401, 404, 429]);

/** The Bot API's final refusal behind a handler's error, or null for an outage. */
export function refusalOf(error: unknown): GrammyError | null {
  const cause = error instanceof BotError ? error.error : error;
  if (!(cause instanceof GrammyError)) return null;
  return cause.error_code >= 400 && cause.error_code < 500 && !NOT_FINAL.has(cause.error_code) ? cause : null;
}

export async function handleTelegramUpdate(db: PrismaClient, update: Update): Promise<UpdateOutcome> {
  const bot = getTelegramBot();
  if (!bot) return "no_bot";
  const claimed = await db.$executeRaw`INSERT INTO "TelegramUpdate" ("updateId", "receivedAt") VALUES (${update.update_id}, ${new Date()}) ON CONFLICT DO NOTHING`;
  if (claimed === 0) return "duplicate";
  let outcome: UpdateOutcome = "handled";
  try {
    await bot.handleUpdate(update);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) {
      await db.telegramUpdate.deleteMany({ where: { updateId: update.update_id } });
      throw error;
    }
    // Telegram's description names the reason ("Forbidden: bot was blocked by the user"), not the chat.
    console.warn(`[telegram] update ${update.update_id}: the Bot API refused ${refusal.method} for good (${refusal.error_code}: ${refusal.description.slice(0, 200)}); answered 200, not retried`);
    outcome = "refused";
  }
  await sweepNowAndThen(db);
  return outcome;
}

/** At most one sweep a minute per process: each deletes about a minute's worth of day-old ids (the receivedAt index finds them). */
const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

async function sweepNowAndThen(db: PrismaClient): Promise<void> {
  if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = Date.now();
  await sweepHandledUpdates(db).catch((error: unknown) => console.error(`[telegram] sweeping handled updates failed: ${errorMessage(error)}`));
}

/** Forgets handled updates older than a day (handling an update runs it at most once a minute). */
export async function sweepHandledUpdates(db: PrismaClient, now = new Date()): Promise<number> {
  const { count } = await db.telegramUpdate.deleteMany({ where: { receivedAt: { lt: new Date(now.getTime() - HANDLED_UPDATE_TTL_MS) } } });
  return count;
}
