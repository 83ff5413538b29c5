// The pass's writes to its coins (I/O, each in a few statements: pass-writes.ts): the published
// prices with their snapshots, the moves held back, the new low-liquidity flags, the re-rank
// when any of those changed what the rankings see, and the contract failures and quarantines
// (quarantine.server.ts).
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import type { ContractChanges } from "./quarantine";
import { writeContractStates } from "./quarantine.server";
import { flagLowLiquidity, rerank, storePendingMoves, writePublishedPrices, type PendingMoveRow, type PublishedPrice } from "./pass-writes.server";

export async function writePrices(
  db: PrismaClient,
  writes: { rows: readonly PublishedPrice[]; pendingMoves: readonly PendingMoveRow[]; newlyLow: readonly string[]; contract: Pick<ContractChanges, "failures" | "cleared"> },
): Promise<void> {
  await writePublishedPrices(db, writes.rows);
  await storePendingMoves(db, writes.pendingMoves);
  await flagLowLiquidity(db, writes.newlyLow);
  await writeContractStates(db, writes.contract);
  if (writes.rows.length > 0 || writes.newlyLow.length > 0) await rerank(db);
}
