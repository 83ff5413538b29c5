// The whole-table maintenance job: snapshot thinning (lib/market/thin-snapshots.server.ts, at most
// hourly across processes, in batches that yield). Only the worker's schedule
// (scripts/market-worker.ts, every MAINTENANCE_EVERY_MS) and the cron route
// (GET /api/cron/maintenance) run it: never the pass, and never the schedule of a web process that
// serves pages. A Node host without a worker has its scheduler call the cron route (docs/operations.md).
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { thinAtMostHourly } from "@/lib/market/thin-snapshots.server";

/** The worker asks this often; the thinning itself runs at most once an hour (lib/market/thinning.ts). */
export const MAINTENANCE_EVERY_MS = 10 * 60_000;

export type MaintenanceReport = { snapshotsThinned: number; ms: number };

export async function runMaintenance(db: PrismaClient, options: { now?: Date; signal?: AbortSignal; batchRows?: number } = {}): Promise<MaintenanceReport> {
  const started = performance.now();
  const snapshotsThinned = await thinAtMostHourly(db, options.now ?? new Date(), { signal: options.signal, batchRows: options.batchRows });
  return { snapshotsThinned, ms: Math.round(performance.now() - started) };
}
