// One webhook update, handled once. Telegram re-sends an update its webhook did not answer in
// time (or answered with an error), and may do so while the first attempt is still running: the
// update's id is claimed with an INSERT (its primary key) before the bot sees it, so a second
// delivery finds it taken and is answered 200 without running again. If handling fails (the Bot
// API did not answer), the claim is dropped and the route answers 503, so Telegram's next attempt
// runs it; an answer that did reach the chat before the failure may then be sent twice, which is
// the lesser harm than a command never answered.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import type { Update } from "grammy/types";
import { getTelegramBot } from "./bot.server";

/** Handled updates are kept a day: Telegram gives up on an update after 24 hours. */
export const HANDLED_UPDATE_TTL_MS = 24 * 60 * 60_000;

export type UpdateOutcome = "handled" | "duplicate" | "no_bot";

export async function handleTelegramUpdate(db: PrismaClient, update: Update): Promise<UpdateOutcome> {
  const bot = getTelegramBot();
  if (!bot) return "no_bot";
  const claimed = await db.$executeRaw`INSERT INTO "TelegramUpdate" ("updateId", "receivedAt") VALUES (${update.update_id}, ${new Date()}) ON CONFLICT DO NOTHING`;
  if (claimed === 0) return "duplicate";
  try {
    await bot.handleUpdate(update);
  } catch (error) {
    await db.telegramUpdate.deleteMany({ where: { updateId: update.update_id } });
    throw error;
  }
  await sweepNowAndThen(db);
  return "handled";
}

/** At most one sweep a minute per process: each deletes about a minute's worth of day-old ids (the receivedAt index finds them). */
const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

async function sweepNowAndThen(db: PrismaClient): Promise<void> {
  if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = Date.now();
  await sweepHandledUpdates(db).catch((error: unknown) => console.error(`[telegram] sweeping handled updates failed: ${error instanceof Error ? error.message : String(error)}`));
}

/** Forgets handled updates older than a day (handling an update runs it at most once a minute). */
export async function sweepHandledUpdates(db: PrismaClient, now = new Date()): Promise<number> {
  const { count } = await db.telegramUpdate.deleteMany({ where: { receivedAt: { lt: new Date(now.getTime() - HANDLED_UPDATE_TTL_MS) } } });
  return count;
}
