// When snapshot thinning runs (pure): at most once an hour, whichever process runs the maintenance
// (lib/jobs/maintenance.server.ts: the worker, or the cron route).
import { HOUR_MS } from "./pass/publish";

export const THIN_EVERY_MS = HOUR_MS;

/** Whether to thin now, given when any instance last did (null: never). */
export function thinningDue(lastAt: string | null, now: Date): boolean {
  // A last run "in the future" (a clock set back) does not block thinning.
  const sinceLast = lastAt ? now.getTime() - Date.parse(lastAt) : Infinity;
  return !(sinceLast >= 0 && sinceLast < THIN_EVERY_MS);
}
