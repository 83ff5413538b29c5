// The Node host's market schedule: a pass shortly after the server starts, then one every
// MARKET_REFRESH_INTERVAL_MINUTES. Each pass takes the lease first, so with several instances
// only one refreshes per interval; the others find the lease held and skip. On Vercel the cron
// route does this instead (instrumentation.ts does not start the schedule there).
import "server-only";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { summarizeReport } from "./report-summary";
import { refreshMarket } from "./run";

const FIRST_PASS_DELAY_MS = 5_000;

let started = false;

export type ScheduleOptions = {
  /** Defaults to MARKET_REFRESH_INTERVAL_MINUTES; 0 turns the schedule off. */
  intervalMs?: number;
  firstDelayMs?: number;
  /** One pass; defaults to a leased refresh of the app's database. */
  pass?: () => Promise<string | null>;
  log?: (line: string) => void;
};

/** Starts the schedule once per process; returns false when it is off or already running. */
export function startMarketSchedule(options: ScheduleOptions = {}): boolean {
  const intervalMs = options.intervalMs ?? getEnv().MARKET_REFRESH_INTERVAL_MINUTES * 60_000;
  const log = options.log ?? ((line: string) => console.warn(line));
  const pass = options.pass ?? (() => leasedPass(log));
  if (started || intervalMs === 0) return false;
  started = true;

  const tick = async () => {
    try {
      const summary = await pass();
      if (summary) log(summary);
    } catch (error) {
      // A pass that throws (database down) must not take the server with it; the next one retries.
      log(`[market] pass failed: ${String(error)}`);
    } finally {
      // The next pass is timed from the end of this one, so passes never overlap in a process.
      setTimeout(tick, intervalMs).unref();
    }
  };
  setTimeout(tick, options.firstDelayMs ?? FIRST_PASS_DELAY_MS).unref();
  return true;
}

async function leasedPass(log: (line: string) => void): Promise<string | null> {
  const outcome = await refreshMarket(getDb(), { log });
  if (!outcome.ran) return null;
  return `[market] pass done: ${summarizeReport(outcome.report)}`;
}

/** Tests start the schedule more than once per process. */
export function resetMarketScheduleForTests(): void {
  started = false;
}
