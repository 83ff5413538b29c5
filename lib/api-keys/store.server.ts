// A wallet's API keys in the database (issue 55): list, create, revoke. Every read and write is
// scoped by the signed-in user's id, so another wallet's key is "not found", as on the watchlist.
// The key itself exists only in the answer to its creation; the row holds its SHA-256.
import "server-only";
import { DomainError } from "@/lib/errors/domain-error";
import type { PrismaClient } from "@/lib/db/create-client";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import { displayPrefix, generateApiKey, generateApiKeyId, hashApiKey } from "./key-format";
import { API_KEY_LIMIT } from "./schemas";

export type ApiKeyRow = { id: string; name: string; prefix: string; createdAt: Date };

const VISIBLE = { id: true, name: true, prefix: true, createdAt: true } as const;

/** The user's live keys, oldest first. */
export function listLiveApiKeys(db: PrismaClient, userId: number): Promise<ApiKeyRow[]> {
  return db.apiKey.findMany({ where: { userId, revokedAt: null }, select: VISIBLE, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

/**
 * Creates a key for the user: its row, and the key itself for the one answer that carries it. At
 * most API_KEY_LIMIT live keys per user, also under concurrent creates: the count and the insert
 * are one statement, and SQLite runs writes one at a time, so two creates cannot both see 4 (an
 * interactive transaction would hold the same guarantee at the cost of two round trips and a
 * BUSY retry; lib/alerts/rules.server.ts does the same for alert rules).
 */
export async function createApiKey(db: PrismaClient, userId: number, name: string, now = new Date()): Promise<ApiKeyRow & { secret: string }> {
  const secret = generateApiKey();
  const row = { id: generateApiKeyId(), name, prefix: displayPrefix(secret), createdAt: now };
  const inserted = await db.$executeRawUnsafe(
    `INSERT INTO "ApiKey" ("id", "userId", "name", "hash", "prefix", "createdAt")
     SELECT ?, ?, ?, ?, ?, ?
     WHERE (SELECT count(*) FROM "ApiKey" WHERE "userId" = ? AND "revokedAt" IS NULL) < ?`,
    row.id,
    userId,
    row.name,
    hashApiKey(secret),
    row.prefix,
    sqlDateTime(now),
    userId,
    API_KEY_LIMIT,
  );
  if (inserted === 0) {
    throw new DomainError("too_many_api_keys", `You have ${API_KEY_LIMIT} API keys, the most a wallet can hold. Revoke one to create another.`);
  }
  return { ...row, secret };
}

/** Revokes one of the user's live keys; false when they have no such live key (another's, unknown, or revoked already). */
export async function revokeApiKey(db: PrismaClient, userId: number, id: string, now = new Date()): Promise<boolean> {
  const { count } = await db.apiKey.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: now } });
  return count > 0;
}
