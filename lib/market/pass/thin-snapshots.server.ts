// Snapshot thinning (I/O): run when no instance has in the last hour (thinning.ts), and noted in
// the market state so the next instance knows.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { thinSnapshots } from "./pass-writes.server";
import { readMarketState, writeMarketState } from "../state.server";
import { thinningDue } from "./thinning";

/** Thins snapshots when no instance has in the last hour; returns how many it removed. */
export async function thinAtMostHourly(db: PrismaClient, now: Date): Promise<number> {
  const last = await readMarketState(db, "snapshots-thinned");
  if (!thinningDue(last?.at ?? null, now)) return 0;
  const removed = await thinSnapshots(db, now);
  await writeMarketState(db, "snapshots-thinned", { at: now.toISOString(), removed });
  return removed;
}
