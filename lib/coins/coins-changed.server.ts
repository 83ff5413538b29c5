// What a writer calls after a write that changed coins (a pass, a listing, an operator's edit, a
// rename, a take-down, the backfill), once its transaction has committed. The write itself has
// already moved the coins version (triggers on Coin, in the same transaction); this publishes the
// read model built from the new rows, so every instance loads it instead of reading every row,
// and drops this process's coin-tagged caches and pages so its next read probes at once.
import "server-only";
import { invalidatePublicData } from "../cache/invalidate.server";
import type { PrismaClient } from "../db/create-client";
import { assembleSnapshot, publishedVersion, publishReadModel, readCoinPages, readCoinsVersion } from "./read-model.server";

export async function coinsChanged(db: PrismaClient): Promise<void> {
  try {
    // A pass that changed nothing (every quote failed) moved no version: the stored one stands.
    if ((await publishedVersion(db)) === (await readCoinsVersion(db))) return;
    const read = await readCoinPages(db);
    // Pages that straddled another write every time are not published: that write's own
    // coinsChanged publishes, and an instance that finds the read model older builds from rows.
    if (read.stable) await publishReadModel(db, read, await assembleSnapshot(read));
  } catch (error) {
    // Never the writer's failure: its write stands, and instances fall back to the rows.
    console.warn(`[coins] could not publish the read model: ${String(error)}`);
  } finally {
    invalidatePublicData(["coins"]);
  }
}
