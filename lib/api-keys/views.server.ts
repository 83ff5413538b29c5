// A wallet's keys as /developers shows them (issue 55): each live key's visible fields, its quota
// and its use of it in the last day, which is what the rate-limit store has counted for it in the
// "api-key" bucket (lib/api/ counts every keyed request there by the key's id), read without
// counting anything. What the route handlers call.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { peekRateLimit } from "@/lib/security/rate-limit.server";
import { DAY, apiKeyQuota } from "./quota";
import type { ApiKeyView, CreatedApiKey } from "./schemas";
import { createApiKey, listLiveApiKeys, type ApiKeyRow } from "./store.server";

/** Requests counted in the key's current day window (0 when it has none). */
async function usedLastDay(id: string): Promise<number> {
  const uses = await peekRateLimit("api-key", { ip: "", apiKey: id });
  return uses.find((use) => use.rule.durationSeconds === DAY)?.used ?? 0;
}

const viewOf = (row: ApiKeyRow, used: number): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  usedLastDay: used,
  ...apiKeyQuota(),
});

/** The user's live keys, oldest first, each with its use today. */
export async function listApiKeys(db: PrismaClient, userId: number): Promise<ApiKeyView[]> {
  const rows = await listLiveApiKeys(db, userId);
  return Promise.all(rows.map(async (row) => viewOf(row, await usedLastDay(row.id))));
}

/** A new key for the user, with the key itself: the one answer that ever carries it. */
export async function issueApiKey(db: PrismaClient, userId: number, name: string): Promise<CreatedApiKey> {
  const { secret, ...row } = await createApiKey(db, userId, name);
  // A new id has nothing counted yet.
  return { ...viewOf(row, 0), secret };
}
