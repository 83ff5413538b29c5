// How often each ordered pair was compared on the home page and saved, for the most-compared
// ranking. Counts only: no user, address or IP is stored. HEX at BTC's market cap and BTC at
// HEX's are two pairs, as with saved comparisons.
import "server-only";
import { DomainError } from "@/lib/errors/domain-error";
import { assertCoinsExist } from "@/lib/coins/coins-exist.server";
import { cachedPublic } from "@/lib/cache/public-cache.server";
import { toCoin } from "@/lib/coins/serialize";
import type { PrismaClient } from "@/lib/db/create-client";
import { isForeignKeyViolation, isUniqueViolation } from "@/lib/db/errors";
import type { MostComparedPair } from "@/lib/coins/schemas";

type Counter = "comparisons" | "saves";

/** Counts one comparison of coin 1 at coin 2's market cap (the home page's Compare Now). */
export function recordComparison(db: PrismaClient, coin1Id: string, coin2Id: string): Promise<void> {
  return increment(db, coin1Id, coin2Id, "comparisons");
}

/** Counts one new saved comparison of the pair (a re-save of the same pair is not counted). */
export function recordSave(db: PrismaClient, coin1Id: string, coin2Id: string): Promise<void> {
  return increment(db, coin1Id, coin2Id, "saves");
}

/**
 * Adds 1 in the database, never read-modify-write in here: on SQLite Prisma runs this upsert as
 * one `INSERT ... ON CONFLICT DO UPDATE SET n = n + 1`, so concurrent counts are neither lost nor
 * doubled. Should Prisma ever split it into a read and an insert, the losing insert (P2002) is
 * retried as the increment. A coin we do not list is 422 (the foreign key refuses the row).
 */
async function increment(db: PrismaClient, coin1Id: string, coin2Id: string, counter: Counter): Promise<void> {
  if (coin1Id === coin2Id) throw new DomainError("invalid_input", "coin1Id and coin2Id must be two different coins.");
  const where = { coin1Id_coin2Id: { coin1Id, coin2Id } };
  const add = counter === "comparisons" ? { comparisons: { increment: 1 } } : { saves: { increment: 1 } };
  const first = counter === "comparisons" ? { comparisons: 1 } : { saves: 1 };
  try {
    await db.pairCount.upsert({ where, create: { coin1Id, coin2Id, ...first }, update: add, select: { coin1Id: true } });
  } catch (error) {
    if (isUniqueViolation(error)) {
      await db.pairCount.update({ where, data: add, select: { coin1Id: true } });
      return;
    }
    if (isForeignKeyViolation(error)) await assertCoinsExist(db, [coin1Id, coin2Id]);
    throw error;
  }
}

/** The longest most-compared list the API serves (?limit=100). */
export const MOST_COMPARED_MAX = 100;

/**
 * The most-compared ranking from the public cache. Counting does not invalidate it: a count is a
 * popularity hint, and a ranking that is up to the time ceiling old reads the same to a visitor,
 * while invalidating on every Compare Now would rebuild it on every count in a traffic spike.
 */
export async function getMostComparedPairs(db: PrismaClient, limit = 10): Promise<MostComparedPair[]> {
  const ranked = await cachedPublic("most-compared", ["pair-counts", "coins"], () => listMostComparedPairs(db, MOST_COMPARED_MAX));
  return ranked.slice(0, limit);
}

/**
 * The most-compared pairs, best first: by comparisons + saves, then the most recently counted,
 * then by ids (so equal pairs keep a stable order). A deleted coin takes its pairs with it
 * (foreign key cascade).
 */
export async function listMostComparedPairs(db: PrismaClient, limit = 10): Promise<MostComparedPair[]> {
  // Prisma cannot order by a sum, so one raw query picks the pairs and a second loads their coins.
  const ranked = await db.$queryRaw<{ coin1Id: string; coin2Id: string }[]>`
    SELECT "coin1Id", "coin2Id" FROM "PairCount"
    WHERE "comparisons" + "saves" > 0
    ORDER BY "comparisons" + "saves" DESC, "updatedAt" DESC, "coin1Id" ASC, "coin2Id" ASC
    LIMIT ${limit}`;
  if (ranked.length === 0) return [];
  const rows = await db.pairCount.findMany({
    where: { OR: ranked.map(({ coin1Id, coin2Id }) => ({ coin1Id, coin2Id })) },
    include: { coin1: true, coin2: true },
  });
  const byKey = new Map(rows.map((row) => [`${row.coin1Id}/${row.coin2Id}`, row]));
  const pairs: MostComparedPair[] = [];
  for (const { coin1Id, coin2Id } of ranked) {
    const row = byKey.get(`${coin1Id}/${coin2Id}`);
    if (!row) continue; // its coin was deleted between the two queries
    pairs.push({
      rank: pairs.length + 1,
      coin1: toCoin(row.coin1),
      coin2: toCoin(row.coin2),
      comparisons: row.comparisons,
      saves: row.saves,
    });
  }
  return pairs;
}
