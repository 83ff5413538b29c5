// The Node host's market schedule: a pass shortly after the server starts, then one every
// MARKET_REFRESH_INTERVAL_MINUTES. Each pass takes the lease first, so with several instances
// only one refreshes per interval; the others find the lease held and skip. After it, the open
// listing orders are checked (lib/orders/open-orders.server.ts). On Vercel the cron routes do both
// instead (instrumentation.ts does not start the schedule there). `npm run market:worker`
// (scripts/market-worker.ts) runs the same schedule in a process of its own, for deploys whose
// web instances run with MARKET_REFRESH_INTERVAL_MINUTES=0.
import "server-only";
import { getDb } from "@/lib/db/get-db.server";
import { getEnv } from "@/lib/config/env";
import { configuredListingDeps } from "@/lib/listings/coins.server";
import { checkOpenOrders, summarizeOrderCheck, type OpenOrdersReport } from "@/lib/orders/open-orders.server";
import { countFailures, passVerdict } from "../market/pass/pass-verdict";
import { summarizeReport } from "../market/pass/report-summary";
import { refreshMarket, resumePassDrainsForTests, stopPassDrains, type RefreshOutcome } from "../market/run.server";

const FIRST_PASS_DELAY_MS = 5_000;

let started = false;
/** The schedule running in this process: its next pass's timer and the pass in flight. */
let running: { stopped: boolean; timer?: NodeJS.Timeout; pass?: Promise<void> } | undefined;

export type ScheduleOptions = {
  /** Defaults to MARKET_REFRESH_INTERVAL_MINUTES; 0 turns the schedule off. */
  intervalMs?: number;
  firstDelayMs?: number;
  /** One pass; defaults to a leased refresh of the app's database, then the open orders' check. */
  pass?: () => Promise<string | null>;
  log?: (line: string) => void;
  /**
   * Whether the timers keep the process alive: not in the server (its listener does; false by
   * default), but in `npm run market:worker`, where they are all there is.
   */
  keepAlive?: boolean;
};

/** Starts the schedule once per process; returns false when it is off or already running. */
export function startMarketSchedule(options: ScheduleOptions = {}): boolean {
  const intervalMs = options.intervalMs ?? getEnv().MARKET_REFRESH_INTERVAL_MINUTES * 60_000;
  const log = options.log ?? ((line: string) => console.warn(line));
  const pass = options.pass ?? (() => scheduledPass(log));
  if (started || intervalMs === 0) return false;
  started = true;
  const schedule: NonNullable<typeof running> = { stopped: false };
  running = schedule;
  const later = (ms: number) => {
    if (schedule.stopped) return;
    schedule.timer = setTimeout(tick, ms);
    if (!options.keepAlive) schedule.timer.unref();
  };

  const runPass = async () => {
    try {
      const summary = await pass();
      if (summary) log(summary);
    } catch (error) {
      // A pass that throws (database down) must not take the server with it; the next one retries.
      log(`[market] pass failed: ${String(error)}`);
    }
  };
  const tick = async () => {
    schedule.timer = undefined;
    if (schedule.stopped) return;
    schedule.pass = runPass();
    await schedule.pass;
    schedule.pass = undefined;
    // The next pass is timed from the end of this one, so passes never overlap in a process.
    later(intervalMs);
  };
  later(options.firstDelayMs ?? FIRST_PASS_DELAY_MS);
  return true;
}

/**
 * Stops the schedule (a drain, lib/http/shutdown.server.ts): no pass starts from now on, and the
 * promise resolves when the pass in flight, if any, has ended. A pass already sending its alerts
 * stops sending (the rows wait for the next worker): the shutdown waits for prices, not for push
 * services. So does a cron route's pass in this process.
 */
export async function stopMarketSchedule(): Promise<void> {
  stopPassDrains();
  if (!running) return;
  running.stopped = true;
  clearTimeout(running.timer);
  await running.pass;
}

/** What one scheduled pass did: the market pass (its outcome, or the error it threw) and the open orders' check. */
export type ScheduledPass = {
  market: { outcome: RefreshOutcome } | { error: string };
  orders: { report: OpenOrdersReport } | { error: string };
};

/**
 * A leased market pass, then the check of open listing orders (every instance runs that one: it
 * is idempotent, and a paid order waits no longer for another instance's lease). Either failing
 * leaves the other to run.
 */
export async function runScheduledPass(log: (line: string) => void): Promise<ScheduledPass> {
  let market: ScheduledPass["market"];
  try {
    market = { outcome: await refreshMarket(getDb(), { log }) };
  } catch (error) {
    market = { error: String(error) };
  }
  let orders: ScheduledPass["orders"];
  try {
    orders = { report: await checkOpenOrders(getDb(), configuredListingDeps()) };
  } catch (error) {
    orders = { error: String(error) };
  }
  return { market, orders };
}

/** The server's log lines for a pass (the worker logs one JSON line instead: lib/market/worker-line.ts). */
async function scheduledPass(log: (line: string) => void): Promise<string | null> {
  const { market, orders } = await runScheduledPass(log);
  const lines: string[] = [];
  if ("error" in market) lines.push(`[market] pass failed: ${market.error}`);
  else if (market.outcome.ran) lines.push(`[market] pass done: ${summarizeReport(market.outcome.report)}`);
  if ("error" in orders) lines.push(`[orders] check failed: ${orders.error}`);
  else {
    const summary = summarizeOrderCheck(orders.report);
    if (summary) lines.push(summary);
  }
  return lines.length > 0 ? lines.join("\n") : null;
}

/**
 * A pass as one JSON-able record, the worker's log line: counts and the verdict (a "failed" pass
 * published nothing, lib/market/pass/pass-verdict.ts), never the per-coin lists, which the cron route
 * and `npm run market:refresh` give.
 */
export function scheduledPassRecord(pass: ScheduledPass, startedAt: Date, finishedAt: Date) {
  const { market, orders } = pass;
  return {
    at: finishedAt.toISOString(),
    event: "market-pass",
    durationMs: finishedAt.getTime() - startedAt.getTime(),
    market: "error" in market ? { error: firstLine(market.error) } : marketRecord(market.outcome),
    orders: "error" in orders ? { error: firstLine(orders.error) } : { found: orders.report.found, rechecked: orders.report.rechecked, expired: orders.report.expired, notSettled: orders.report.errors.length },
  };
}

/** viem's errors go on for lines (URL, body, details): the first says what failed. */
const firstLine = (text: string) => text.split("\n", 1)[0]!;

function marketRecord(outcome: RefreshOutcome) {
  if (!outcome.ran) return { ran: false, reason: outcome.reason };
  const { report } = outcome;
  return {
    ran: true,
    status: passVerdict(report),
    updated: report.updated.length,
    failed: report.failed.length,
    failures: countFailures(report.failed),
    heldBack: report.heldBack.length,
    lowLiquidity: report.lowLiquidity.length,
    deferred: report.deferred.length,
    quarantined: report.quarantine.started.length,
    snapshotsThinned: report.snapshotsThinned,
    leaseLost: report.leaseLost,
    plsCrossCheck: report.crossCheck && { differencePct: report.crossCheck.differencePct, agrees: report.crossCheck.agrees },
    alerts: report.alerts,
    deliveries: report.deliveries,
  };
}

/** Tests start the schedule more than once per process. */
export function resetMarketScheduleForTests(): void {
  if (running) {
    running.stopped = true;
    clearTimeout(running.timer);
  }
  running = undefined;
  started = false;
  resumePassDrainsForTests();
}
