// The background jobs' schedule, one per process: the market pass (lib/jobs/market-pass.server.ts)
// shortly after the start, then every MARKET_REFRESH_INTERVAL_MINUTES, followed by the open
// listing orders' check (lib/orders/open-orders.server.ts); the alerts' delivery
// (lib/jobs/deliver.server.ts) on its own short cadence, DELIVERY_EVERY_MS; and, in the worker
// only, the whole-table maintenance (lib/jobs/maintenance.server.ts). Each job's next run is
// timed from the end of its last, so a job never overlaps itself in a process; the jobs run beside
// each other (a delivery that hangs holds no pass). Each pass takes the lease first, so with
// several instances only one refreshes per interval; the others find the lease held and skip.
// The Node host's server runs it (instrumentation.ts) without the maintenance: a web process that
// serves pages never runs a whole-table job. `npm run market:worker` (scripts/market-worker.ts)
// runs it with the maintenance, in a process of its own, for deploys whose web instances run with
// MARKET_REFRESH_INTERVAL_MINUTES=0. On Vercel the cron routes run the same jobs instead
// (instrumentation.ts does not start the schedule there).
import "server-only";
import { getDb } from "@/lib/db/get-db.server";
import { getEnv } from "@/lib/config/env";
import { configuredListingDeps } from "@/lib/listings/coins.server";
import { checkOpenOrders, summarizeOrderCheck, type OpenOrdersReport } from "@/lib/orders/open-orders.server";
import { countFailures, passVerdict } from "../market/pass/pass-verdict";
import { summarizeReport } from "../market/pass/report-summary";
import type { RefreshOutcome } from "../market/run.server";
import { deliverAlerts, resumeDeliveriesForTests, stopDeliveries, summarizeDelivery, type DeliverOptions } from "./deliver.server";
import { runMarketPass } from "./market-pass.server";

const FIRST_PASS_DELAY_MS = 5_000;
/**
 * The outbox's cadence: a drain 10 s after the last one ended. A drain ends by its budget
 * (DRAIN_BUDGET_MS), so a retry due in 30 s goes out within 40 s of being written, whatever the
 * pass is doing.
 */
export const DELIVERY_EVERY_MS = 10_000;

/** One job on its cadence: what it runs (told when a stop begins) and how its failure is logged. */
type Cadence = { everyMs: number; firstDelayMs: number; run: (signal: AbortSignal) => Promise<string | null>; failed: string };
/** The schedule running in this process: each job's next timer and its run in flight. */
type Running = { stopped: boolean; stop: AbortController; jobs: { cadence: Cadence; timer?: NodeJS.Timeout; run?: Promise<void> }[] };

let started = false;
let running: Running | undefined;

export type ScheduleOptions = {
  /** Defaults to MARKET_REFRESH_INTERVAL_MINUTES; 0 turns the schedule off (every job of it). */
  intervalMs?: number;
  firstDelayMs?: number;
  /** One pass; defaults to the market pass job on the app's database, then the open orders' check. */
  pass?: () => Promise<string | null>;
  /** The delivery's cadence, DELIVERY_EVERY_MS by default; 0 turns it off. */
  deliveryEveryMs?: number;
  /** One delivery; defaults to a drain of the app's database's outbox, with these options (tests: the push agent). */
  deliver?: () => Promise<string | null>;
  delivery?: DeliverOptions;
  /**
   * Whole-table maintenance and its cadence: off unless given. The worker gives it; the web
   * process's schedule does not (a request must never wait behind it).
   */
  maintenance?: { everyMs: number; run: (signal: AbortSignal) => Promise<string | null> };
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
  if (started || intervalMs === 0) return false;
  started = true;
  const cadences: Cadence[] = [
    { everyMs: intervalMs, firstDelayMs: options.firstDelayMs ?? FIRST_PASS_DELAY_MS, run: options.pass ?? (() => scheduledPass(log)), failed: "[market] pass failed" },
  ];
  const deliveryEveryMs = options.deliveryEveryMs ?? DELIVERY_EVERY_MS;
  if (deliveryEveryMs > 0) {
    const deliver = options.deliver ?? (async () => summarizeDelivery(await deliverAlerts(getDb(), { log, ...options.delivery })));
    cadences.push({ everyMs: deliveryEveryMs, firstDelayMs: deliveryEveryMs, run: deliver, failed: "[alerts] delivery failed" });
  }
  if (options.maintenance) {
    cadences.push({ everyMs: options.maintenance.everyMs, firstDelayMs: options.maintenance.everyMs, run: options.maintenance.run, failed: "[maintenance] failed" });
  }
  const schedule: Running = { stopped: false, stop: new AbortController(), jobs: cadences.map((cadence) => ({ cadence })) };
  running = schedule;
  for (const job of schedule.jobs) {
    const later = (ms: number) => {
      if (schedule.stopped) return;
      job.timer = setTimeout(tick, ms);
      if (!options.keepAlive) job.timer.unref();
    };
    const runOnce = async () => {
      try {
        const summary = await job.cadence.run(schedule.stop.signal);
        if (summary) log(summary);
      } catch (error) {
        // A job that throws (database down) must not take the process with it; the next run retries.
        log(`${job.cadence.failed}: ${String(error)}`);
      }
    };
    const tick = async () => {
      job.timer = undefined;
      if (schedule.stopped) return;
      job.run = runOnce();
      await job.run;
      job.run = undefined;
      // The next run is timed from the end of this one, so a job never overlaps itself in a process.
      later(job.cadence.everyMs);
    };
    later(job.cadence.firstDelayMs);
  }
  return true;
}

/**
 * Stops the schedule (a drain, lib/http/shutdown.server.ts): no job starts from now on, and the
 * promise resolves when the runs in flight have ended. The maintenance starts no batch after it; a
 * delivery in flight stops sending (the
 * rows wait for the next worker): the shutdown waits for prices, not for push services. So does a
 * cron route's delivery in this process.
 */
export async function stopMarketSchedule(): Promise<void> {
  stopDeliveries();
  if (!running) return;
  const schedule = running;
  schedule.stopped = true;
  schedule.stop.abort();
  for (const job of schedule.jobs) clearTimeout(job.timer);
  await Promise.all(schedule.jobs.map((job) => job.run));
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
    market = { outcome: await runMarketPass(getDb(), { log }) };
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
    leaseLost: report.leaseLost,
    plsCrossCheck: report.crossCheck && { differencePct: report.crossCheck.differencePct, agrees: report.crossCheck.agrees },
    alerts: report.alerts,
  };
}

/** Tests start the schedule more than once per process. */
export function resetMarketScheduleForTests(): void {
  if (running) {
    running.stopped = true;
    running.stop.abort();
    for (const job of running.jobs) clearTimeout(job.timer);
  }
  running = undefined;
  started = false;
  resumeDeliveriesForTests();
}
