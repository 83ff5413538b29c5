// The Node host's market schedule: a pass shortly after the server starts, then one every
// MARKET_REFRESH_INTERVAL_MINUTES. Each pass takes the lease first, so with several instances
// only one refreshes per interval; the others find the lease held and skip. After it, the open
// listing orders are checked (lib/orders/open-orders.server.ts). On Vercel the cron routes do both
// instead (instrumentation.ts does not start the schedule there).
import "server-only";
import { getDb } from "@/lib/db/get-db.server";
import { getEnv } from "@/lib/config/env";
import { configuredListingDeps } from "@/lib/listings/coins.server";
import { checkOpenOrders, summarizeOrderCheck } from "@/lib/orders/open-orders.server";
import { summarizeReport } from "./report-summary";
import { refreshMarket } from "./run.server";

const FIRST_PASS_DELAY_MS = 5_000;

let started = false;

export type ScheduleOptions = {
  /** Defaults to MARKET_REFRESH_INTERVAL_MINUTES; 0 turns the schedule off. */
  intervalMs?: number;
  firstDelayMs?: number;
  /** One pass; defaults to a leased refresh of the app's database, then the open orders' check. */
  pass?: () => Promise<string | null>;
  log?: (line: string) => void;
};

/** Starts the schedule once per process; returns false when it is off or already running. */
export function startMarketSchedule(options: ScheduleOptions = {}): boolean {
  const intervalMs = options.intervalMs ?? getEnv().MARKET_REFRESH_INTERVAL_MINUTES * 60_000;
  const log = options.log ?? ((line: string) => console.warn(line));
  const pass = options.pass ?? (() => scheduledPass(log));
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

/**
 * A leased market pass, then the check of open listing orders (every instance runs that one: it
 * is idempotent, and a paid order waits no longer for another instance's lease). Either failing
 * leaves the other to run.
 */
async function scheduledPass(log: (line: string) => void): Promise<string | null> {
  const lines: string[] = [];
  try {
    const outcome = await refreshMarket(getDb(), { log });
    if (outcome.ran) lines.push(`[market] pass done: ${summarizeReport(outcome.report)}`);
  } catch (error) {
    lines.push(`[market] pass failed: ${String(error)}`);
  }
  try {
    const summary = summarizeOrderCheck(await checkOpenOrders(getDb(), configuredListingDeps()));
    if (summary) lines.push(summary);
  } catch (error) {
    lines.push(`[orders] check failed: ${String(error)}`);
  }
  return lines.length > 0 ? lines.join("\n") : null;
}

/** Tests start the schedule more than once per process. */
export function resetMarketScheduleForTests(): void {
  started = false;
}
