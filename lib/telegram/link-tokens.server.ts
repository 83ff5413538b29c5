// A user's Telegram chat for alerts (issue 40 item 2): the one-time "Connect Telegram" token, what
// /alerts shows about the link, linking a chat when the bot receives /start <token>, and unlinking.
// Scoped by the user's id (the site) or by the chat's id (the bot): nobody reads or changes another
// user's link. Only the chat id is stored: what delivery needs, and nothing about the person.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { DomainError } from "@/lib/errors/domain-error";
import type { PrismaClient } from "@/lib/db/create-client";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import { TELEGRAM_LINK_TTL_MS, type TelegramConnect, type TelegramLinkStatus, type TelegramLinkView } from "@/lib/telegram/schemas";
import { botLink, telegramConfig } from "./config.server";

const SWEEP_AFTER_MS = 24 * 60 * 60_000;

/** The token in the link and /start: 32 random bytes in base64url (43 of Telegram's A-Z a-z 0-9 _ -). */
export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this is stored: a leaked database gives no link that works. */
export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * "Connect Telegram": a token bound to the user, valid TELEGRAM_LINK_TTL_MS and once, as the
 * t.me deep link that opens the bot with /start <token>. Swept here, so the table stays small
 * without a job: this user's spent tokens, and everyone's expired a day ago (kept that long so a
 * late /start still hears "expired" rather than "not valid"; the expiresAt index finds them).
 */
export async function createLinkToken(db: PrismaClient, userId: number, now = new Date()): Promise<TelegramConnect> {
  const config = telegramConfig();
  if (!config) throw new DomainError("telegram_unavailable", "Telegram alerts are not available on this site.");
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_TTL_MS);
  await db.$transaction([
    db.telegramLinkToken.deleteMany({
      where: { OR: [{ userId, OR: [{ expiresAt: { lte: now } }, { usedAt: { not: null } }] }, { expiresAt: { lte: new Date(now.getTime() - SWEEP_AFTER_MS) } }] },
    }),
    db.telegramLinkToken.create({ data: { tokenHash: hashLinkToken(token), userId, expiresAt, createdAt: now } }),
  ]);
  return { url: botLink(config.username, token), expiresAt: expiresAt.toISOString() };
}

/** The user's link as /alerts shows it: never the chat id. */
export async function telegramLinkOf(db: PrismaClient, userId: number): Promise<TelegramLinkView> {
  const botUsername = telegramConfig()?.username ?? null;
  const link = await db.telegramLink.findUnique({ where: { userId }, select: { status: true, linkedAt: true, unlinkedAt: true } });
  if (!link) return { botUsername, status: "none", since: null };
  const status = link.status as TelegramLinkStatus;
  const since = status === "linked" ? link.linkedAt : (link.unlinkedAt ?? link.linkedAt);
  return { botUsername, status, since: since.toISOString() };
}

export type ConsumeOutcome = { kind: "ok"; userId: number } | { kind: "refused"; reason: "unknown" | "used" | "expired" };

/**
 * Uses a token once: one conditional UPDATE (unused and unexpired) marks it used and returns its
 * user, so two /start with one token (a double tap, Telegram re-sending) link at most once. A
 * refused token is then looked up only to say why.
 */
export async function consumeLinkToken(db: PrismaClient, token: string, now = new Date()): Promise<ConsumeOutcome> {
  const tokenHash = hashLinkToken(token);
  const won = await db.$queryRaw<{ userId: number | bigint }[]>`
    UPDATE "TelegramLinkToken" SET "usedAt" = ${sqlDateTime(now)}
    WHERE "tokenHash" = ${tokenHash} AND "usedAt" IS NULL AND "expiresAt" > ${sqlDateTime(now)}
    RETURNING "userId"`;
  if (won.length === 1) return { kind: "ok", userId: Number(won[0]!.userId) };
  const row = await db.telegramLinkToken.findUnique({ where: { tokenHash }, select: { usedAt: true } });
  return { kind: "refused", reason: !row ? "unknown" : row.usedAt ? "used" : "expired" };
}

/**
 * Links the chat to the user: their one link (made, or re-linked) now points at this chat. A chat
 * linked to another user before moves to this one (the other user's link is stopped), in the same
 * transaction, so a chat never belongs to two users.
 */
export async function linkChat(db: PrismaClient, userId: number, chatId: string, now = new Date()): Promise<void> {
  await db.$transaction([
    db.telegramLink.updateMany({ where: { chatId, userId: { not: userId } }, data: { chatId: null, status: "stopped", unlinkedAt: now } }),
    db.telegramLink.upsert({
      where: { userId },
      create: { userId, chatId, status: "linked", linkedAt: now },
      update: { chatId, status: "linked", linkedAt: now, unlinkedAt: null },
    }),
  ]);
}

/** The user linked to this chat, if any. */
export async function linkedUserOf(db: PrismaClient, chatId: string): Promise<number | null> {
  const link = await db.telegramLink.findFirst({ where: { chatId, status: "linked" }, select: { userId: true } });
  return link?.userId ?? null;
}

/**
 * Unlinks: the link keeps its row (the page says "stopped" or "blocked" and since when) but no chat
 * id, and its pending deliveries are given up. `where` is the user's own link (the site), the
 * chat's (/stop in the bot), or the link a send found blocked (the outbox). False when nothing was linked.
 */
export async function unlinkTelegram(db: PrismaClient, where: { userId: number } | { chatId: string } | { id: number; chatId: string }, status: "stopped" | "blocked", now = new Date()): Promise<boolean> {
  const link = await db.telegramLink.findFirst({ where: { ...where, status: "linked" }, select: { id: true, chatId: true } });
  if (!link) return false;
  const [unlinked] = await db.$transaction([
    db.telegramLink.updateMany({ where: { id: link.id, chatId: link.chatId, status: "linked" }, data: { chatId: null, status, unlinkedAt: now } }),
    db.alertDelivery.updateMany({ where: { telegramLinkId: link.id, status: "pending" }, data: { status: "gone", claimedUntil: null, lastError: `chat ${status}` } }),
  ]);
  return unlinked.count > 0;
}
