// Server-side session rows. The session cookie only names one; deleting the row signs out
// everywhere that cookie went, before its JWT would expire.
//
// A session ends at the first of: sign-out (the row is deleted), its absolute lifetime (7 days
// after the signature, `expiresAt`), or 24 hours without use (`lastSeenAt`, a sliding window).
import "server-only";
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/db/create-client";
import { SESSION_IDLE_TIMEOUT_MS, SESSION_LAST_SEEN_REFRESH_MS, SESSION_MAX_AGE_SECONDS } from "./config.server";

export type SessionUser = {
  sessionId: string;
  id: number;
  address: string;
  /** When the user (the wallet) first signed in here. */
  createdAt: Date;
  /** When this session's Sign-In with Ethereum message was signed (the session row's createdAt). */
  signedInAt: Date;
};

/** Sessions that can never be used again: past their lifetime, or idle for too long. */
function deadSessions(now: Date) {
  return { OR: [{ expiresAt: { lte: now } }, { lastSeenAt: { lte: new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS) } }] };
}

export async function createSession(db: PrismaClient, userId: number, now = new Date()): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  // Clearing dead rows here keeps the table small without a cron job.
  await db.authSession.deleteMany({ where: deadSessions(now) });
  await db.authSession.create({
    data: { id, userId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) },
  });
  return id;
}

/**
 * The live session's user, or null: unknown, past its 7 days, or idle for more than 24 hours
 * (such a row is deleted: it can never be used again). Using the session moves `lastSeenAt`.
 */
export async function findSessionUser(db: PrismaClient, sessionId: string, now = new Date()): Promise<SessionUser | null> {
  const session = await db.authSession.findUnique({ where: { id: sessionId }, include: { user: true } });
  if (!session || session.expiresAt <= now) return null;
  const idleMs = now.getTime() - session.lastSeenAt.getTime();
  if (idleMs > SESSION_IDLE_TIMEOUT_MS) {
    await deleteSession(db, sessionId);
    return null;
  }
  // Not a write per request: every signed-in page view asks who is signed in, and the account
  // pages read and write on top, so writing lastSeenAt each time would turn reads into writes
  // (and contend for SQLite's one writer). The idle window is 24 hours, so recording use to
  // within 5 minutes is plenty: a session may end up to 5 minutes early, never late.
  if (idleMs >= SESSION_LAST_SEEN_REFRESH_MS) await touchSession(db, sessionId, now);
  return {
    sessionId,
    id: session.user.id,
    address: session.user.address,
    createdAt: session.user.createdAt,
    signedInAt: session.createdAt,
  };
}

/**
 * Moves lastSeenAt to now. Conditional, so of concurrent requests at most one writes; a failed
 * write is logged and ignored: the session was valid when read, and the next request retries.
 */
async function touchSession(db: PrismaClient, sessionId: string, now: Date): Promise<void> {
  try {
    await db.authSession.updateMany({
      where: { id: sessionId, lastSeenAt: { lte: new Date(now.getTime() - SESSION_LAST_SEEN_REFRESH_MS) } },
      data: { lastSeenAt: now },
    });
  } catch (error) {
    console.warn(`[auth] could not record session use: ${(error as Error).message.split("\n")[0]}`);
  }
}

export async function deleteSession(db: PrismaClient, sessionId: string): Promise<void> {
  await db.authSession.deleteMany({ where: { id: sessionId } });
}
