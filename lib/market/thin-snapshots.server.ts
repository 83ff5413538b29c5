// Snapshot thinning: maintenance over the whole PriceSnapshot table, run by the maintenance job
// (lib/jobs/maintenance.server.ts: the worker, or the cron route; never a web process's schedule,
// and never the pass) when no process has in the last hour (thinning.ts), and noted in the market
// state so the next one knows. The DELETE runs in batches that yield between them, so a process
// that also answers (a cron route) keeps answering while it runs.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import { chunk } from "@/lib/shared/in-batches";
import { DAILY_AFTER_MS, THIN_AFTER_MS } from "./pass/publish";
import { readMarketState, writeMarketState } from "./state.server";
import { thinningDue } from "./thinning";

/**
 * Rows one DELETE removes at most: at 5,000 a statement holds the database (and, with the local
 * libSQL client, the event loop) for milliseconds, not for the whole table.
 */
export const THIN_BATCH_ROWS = 5_000;
/**
 * Coins whose old snapshots one statement's window reads: the rows are partitioned per coin, so a
 * group of coins is thinned exactly as the whole table would be. At 10 coins a window reads about
 * 10 x 1,000 rows (30 days hourly, then daily) through the (coinId, takenAt) index.
 */
export const THIN_COINS_PER_WINDOW = 10;

export type ThinOptions = {
  /** THIN_BATCH_ROWS by default (tests make it small). */
  batchRows?: number;
  /** A shutdown: no batch starts after it (the next run thins what is left). */
  signal?: AbortSignal;
};

/** Thins snapshots when no process has in the last hour; returns how many it removed. */
export async function thinAtMostHourly(db: PrismaClient, now: Date, options: ThinOptions = {}): Promise<number> {
  const last = await readMarketState(db, "snapshots-thinned");
  if (!thinningDue(last?.at ?? null, now)) return 0;
  const removed = await thinSnapshots(db, now, options);
  // A thinning stopped halfway is not noted: the next run does it again.
  if (!options.signal?.aborted) await writeMarketState(db, "snapshots-thinned", { at: now.toISOString(), removed });
  return removed;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Deletes snapshots the history no longer needs: all of the last 2 days stay; up to 30 days, the
 * first of each hour (UTC); before that, the first of each day. A few coins at a time and at most
 * `batchRows` rows per statement, yielding between statements. Deleting a later row of an hour
 * or a day never changes which row is its first, so the batches leave exactly the rows one
 * statement over the whole table would. Returns how many it removed.
 */
export async function thinSnapshots(db: PrismaClient, now: Date, options: ThinOptions = {}): Promise<number> {
  const batchRows = options.batchRows ?? THIN_BATCH_ROWS;
  const dailyBefore = sqlDateTime(new Date(now.getTime() - DAILY_AFTER_MS));
  const thinBefore = sqlDateTime(new Date(now.getTime() - THIN_AFTER_MS));
  // Every snapshot's coin is a Coin row (the snapshots go with their coin).
  const coins = await db.coin.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  let removed = 0;
  for (const group of chunk(coins.map((coin) => coin.id), THIN_COINS_PER_WINDOW)) {
    for (;;) {
      if (options.signal?.aborted) return removed;
      const deleted = await db.$executeRawUnsafe(
        `DELETE FROM "PriceSnapshot" WHERE "id" IN (
           SELECT "id" FROM (
             SELECT "id", ROW_NUMBER() OVER (
               PARTITION BY "coinId", CASE WHEN "takenAt" >= ? THEN strftime('%Y-%m-%dT%H', "takenAt") ELSE date("takenAt") END
               ORDER BY "takenAt", "id") AS nth
             FROM "PriceSnapshot" WHERE "coinId" IN (${group.map(() => "?").join(",")}) AND "takenAt" < ?
           ) WHERE nth > 1 LIMIT ?
         )`,
        dailyBefore,
        ...group,
        thinBefore,
        batchRows,
      );
      removed += deleted;
      await yieldToEventLoop();
      if (deleted < batchRows) break;
    }
  }
  return removed;
}
