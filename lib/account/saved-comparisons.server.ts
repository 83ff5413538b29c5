// A user's saved comparisons, scoped by the signed-in user's id like the watchlist: another
// user's row is "not found", never readable or removable.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { toCoin } from "@/lib/coins/serialize";
import { findOrCreate } from "@/lib/db/find-or-create";
import { recordSave } from "@/lib/trending/pair-counts.server";
import type { SavedComparison } from "@/lib/account/schemas";
import { assertCoinsExist } from "../coins/coins-exist.server";

const withCoins = { coin1: true, coin2: true } as const;
type CoinRow = Parameters<typeof toCoin>[0];
type Row = { id: number; coin1Id: string; coin2Id: string; savedAt: Date; coin1: CoinRow; coin2: CoinRow };

function toSaved(row: Row): SavedComparison {
  return {
    id: row.id,
    coin1Id: row.coin1Id,
    coin2Id: row.coin2Id,
    savedAt: row.savedAt.toISOString(),
    coin1: toCoin(row.coin1),
    coin2: toCoin(row.coin2),
  };
}

/** Newest first; a deleted coin takes the comparisons it was in with it (foreign key cascade). */
export async function listSavedComparisons(db: PrismaClient, userId: number): Promise<SavedComparison[]> {
  const rows = await db.savedComparison.findMany({
    where: { userId },
    include: withCoins,
    orderBy: [{ savedAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toSaved);
}

/**
 * Saves coin 1 at coin 2's market cap. Saving the same ordered pair again returns the row saved
 * first (its date stays), so a double submit never makes two cards. A new row counts one save of
 * the pair for the most-compared ranking; a re-save does not, and removing it later keeps the
 * count (the pair was saved once).
 */
export async function saveComparison(
  db: PrismaClient,
  userId: number,
  coin1Id: string,
  coin2Id: string,
): Promise<{ saved: SavedComparison; created: boolean }> {
  const { row, created } = await findOrCreate(
    () => db.savedComparison.findUnique({ where: { userId_coin1Id_coin2Id: { userId, coin1Id, coin2Id } }, include: withCoins }),
    async () => {
      await assertCoinsExist(db, [coin1Id, coin2Id]);
      return db.savedComparison.create({ data: { userId, coin1Id, coin2Id }, include: withCoins });
    },
  );
  if (created) await countSave(db, coin1Id, coin2Id);
  return { saved: toSaved(row), created };
}

/** The count is a popularity hint: failing to count must not fail a save that has happened. */
async function countSave(db: PrismaClient, coin1Id: string, coin2Id: string): Promise<void> {
  try {
    await recordSave(db, coin1Id, coin2Id);
  } catch (error) {
    console.error(`[saved-comparisons] counting a save of ${coin1Id}/${coin2Id} failed`, error);
  }
}

/** Removes one of this user's saved comparisons; false when there is no such row of theirs. */
export async function removeSavedComparison(db: PrismaClient, userId: number, id: number): Promise<boolean> {
  const { count } = await db.savedComparison.deleteMany({ where: { id, userId } });
  return count > 0;
}
