// The seed's sample history in the browser suite's shared database: a spec that prices coins (or
// writes real history as a pass would) makes their sample rows go, as the app does; these put
// them back afterwards, so the specs after it still see a fresh install's charts.
import type { PrismaClient } from "@/lib/db/create-client";

type SnapshotRow = Awaited<ReturnType<PrismaClient["priceSnapshot"]["findMany"]>>[number];

/** The sample rows of `coinIds` (or of every coin), to put back later. */
export function saveSampleHistory(db: PrismaClient, coinIds?: readonly string[]): Promise<SnapshotRow[]> {
  return db.priceSnapshot.findMany({ where: { sample: true, ...(coinIds && { coinId: { in: [...coinIds] } }) } });
}

/** Writes back those of `saved` deleted since. */
export async function restoreSampleHistory(db: PrismaClient, saved: readonly SnapshotRow[]): Promise<void> {
  const left = new Set((await db.priceSnapshot.findMany({ where: { sample: true }, select: { id: true } })).map((row) => row.id));
  await db.priceSnapshot.createMany({ data: saved.filter((row) => !left.has(row.id)) });
}
