// The check of a request's API key (issue 55), for lib/api/'s wrapper, which calls it only for a
// request carrying `Authorization: Bearer …`: a request without a key costs no database read.
// A token that is not shaped like a key is refused before the database (a probe of junk costs
// nothing); a well-formed one is one lookup of its SHA-256 on the unique index, the same cost
// whether 10 keys are stored or 100,000, and no timing tells how much of a key was right.
import "server-only";
import { getDb } from "@/lib/db/get-db.server";
import { hashApiKey, isWellFormedApiKey } from "./key-format";

/** The live key `token` is, or null: malformed, unknown or revoked (the caller answers 401 for each). */
export async function findLiveApiKey(token: string): Promise<{ id: string } | null> {
  if (!isWellFormedApiKey(token)) return null;
  const row = await getDb().apiKey.findUnique({ where: { hash: hashApiKey(token) }, select: { id: true, revokedAt: true } });
  return row && row.revokedAt === null ? { id: row.id } : null;
}
