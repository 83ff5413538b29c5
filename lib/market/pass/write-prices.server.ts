// The pass's writes to its coins (I/O, each in a few statements: pass-writes.ts): the published
// prices with their snapshots, the moves held back, the new low-liquidity flags, and the re-rank
// when any of those changed what the rankings see.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { flagLowLiquidity, rerank, storePendingMoves, writePublishedPrices, type PublishedPrice } from "../pass-writes.server";

export async function writePrices(
  db: PrismaClient,
  writes: { rows: readonly PublishedPrice[]; pendingMoves: readonly { id: string; pendingPrice: number; pendingSince: Date }[]; newlyLow: readonly string[] },
): Promise<void> {
  await writePublishedPrices(db, writes.rows);
  await storePendingMoves(db, writes.pendingMoves);
  await flagLowLiquidity(db, writes.newlyLow);
  if (writes.rows.length > 0 || writes.newlyLow.length > 0) await rerank(db);
}
