// A signed-in user's bag snapshots: the date and the two totals, scoped by the user's id like the
// watchlist (another user's snapshot is "not found"). Balances, tokens and addresses are never
// stored: the bag is read in the browser, and only its totals are sent here.
import "server-only";
import { DomainError } from "@/lib/errors/domain-error";
import type { PrismaClient } from "@/lib/db/create-client";
import { findOrCreate } from "@/lib/db/find-or-create";
import type { BagSnapshot } from "@/lib/account/schemas";

/** The newest this many are listed: years of daily snapshots. */
export const BAG_SNAPSHOTS_LISTED = 500;

type Row = { id: number; takenAt: Date; totalToday: number; totalAtHighs: number };

function toSnapshot(row: Row): BagSnapshot {
  return { id: row.id, takenAt: row.takenAt.toISOString(), totalToday: row.totalToday, totalAtHighs: row.totalAtHighs };
}

const columns = { id: true, takenAt: true, totalToday: true, totalAtHighs: true } as const;

export async function listBagSnapshots(db: PrismaClient, userId: number): Promise<BagSnapshot[]> {
  const rows = await db.bagSnapshot.findMany({ where: { userId }, select: columns, orderBy: [{ takenAt: "desc" }, { id: "desc" }], take: BAG_SNAPSHOTS_LISTED });
  return rows.map(toSnapshot);
}

/**
 * Keeps the totals as a snapshot. The same totals sent twice in one minute (a double click, a
 * retried request) are one snapshot: the second answer is the first row, not a new one.
 */
export async function saveBagSnapshot(
  db: PrismaClient,
  userId: number,
  totals: { totalToday: number; totalAtHighs: number },
  now = new Date(),
): Promise<{ snapshot: BagSnapshot; created: boolean }> {
  // Every coin's high is at least its price today, so the bag's is too; anything else was not made by the page.
  if (totals.totalAtHighs < totals.totalToday) throw new DomainError("inconsistent_totals", "totalAtHighs cannot be below totalToday: a bag at its all-time highs is worth at least what it is worth today.");
  const fingerprint = `${Math.floor(now.getTime() / 60_000)}|${totals.totalToday}|${totals.totalAtHighs}`;
  const { row, created } = await findOrCreate(
    () => db.bagSnapshot.findUnique({ where: { userId_fingerprint: { userId, fingerprint } }, select: columns }),
    () => db.bagSnapshot.create({ data: { userId, takenAt: now, fingerprint, ...totals }, select: columns }),
  );
  return { snapshot: toSnapshot(row), created };
}

/** Removes one of this user's snapshots; false when there is no such row of theirs. */
export async function removeBagSnapshot(db: PrismaClient, userId: number, id: number): Promise<boolean> {
  const { count } = await db.bagSnapshot.deleteMany({ where: { id, userId } });
  return count > 0;
}
