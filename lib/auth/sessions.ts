// Server-side session rows. The session cookie only names one; deleting the row signs out
// everywhere that cookie went, before its JWT would expire.
import "server-only";
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/db/create-client";
import { SESSION_MAX_AGE_SECONDS } from "./config";

export type SessionUser = { sessionId: string; id: number; address: string; createdAt: Date };

export async function createSession(db: PrismaClient, userId: number, now = new Date()): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db.authSession.deleteMany({ where: { expiresAt: { lte: now } } });
  await db.authSession.create({
    data: { id, userId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) },
  });
  return id;
}

export async function findSessionUser(db: PrismaClient, sessionId: string, now = new Date()): Promise<SessionUser | null> {
  const session = await db.authSession.findUnique({ where: { id: sessionId }, include: { user: true } });
  if (!session || session.expiresAt <= now) return null;
  return { sessionId, id: session.user.id, address: session.user.address, createdAt: session.user.createdAt };
}

export async function deleteSession(db: PrismaClient, sessionId: string): Promise<void> {
  await db.authSession.deleteMany({ where: { id: sessionId } });
}
