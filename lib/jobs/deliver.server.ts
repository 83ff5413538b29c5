// The alerts' delivery job: one drain of the outbox (lib/alerts/outbox.server.ts, its budget and
// claim rules unchanged), on its own cadence, not inside the market pass: a retry due in 30 s goes
// out at the next drain (the worker and the Node host drain every DELIVERY_EVERY_MS,
// lib/jobs/schedule.server.ts; Vercel calls GET /api/cron/deliver), and a push service that hangs
// holds no pass. Sending never throws out of here: rows not sent stay pending for the next drain.
import "server-only";
import { randomUUID } from "node:crypto";
import type { Agent } from "node:https";
import type { PrismaClient } from "@/lib/db/create-client";
import { errorMessage } from "@/lib/errors/error-message";
import { drainOutbox, type DrainCounts, type DrainOptions } from "@/lib/alerts/outbox.server";

export type DeliveryReport = (DrainCounts & { ms: number }) | { error: string };

export type DeliverOptions = {
  log?: (line: string) => void;
  /** Tests: an https.Agent trusting the local push service the deliveries go to. */
  pushAgent?: Agent;
} & Partial<Pick<DrainOptions, "budgetMs" | "pushDeadlineMs">>;

/**
 * The drains running in this process, each with the way to stop it (a shutdown stops them, it
 * does not wait for them), and whether a shutdown has begun (a drain starting after it is stopped
 * at once). On globalThis: the schedule (instrumentation's module graph) and the cron route (a
 * route bundle's) each load this module, and a shutdown stops both.
 */
const DRAINS_KEY = Symbol.for("pulsecompare.outbox-drains");
const drains = ((globalThis as unknown as { [DRAINS_KEY]?: { stopping: boolean; inFlight: Set<AbortController> } })[DRAINS_KEY] ??= { stopping: false, inFlight: new Set() });

/** One drain of the outbox: what it sent and how long it took, or why it failed. */
export async function deliverAlerts(db: PrismaClient, options: DeliverOptions = {}): Promise<DeliveryReport> {
  const stop = new AbortController();
  if (drains.stopping) stop.abort();
  drains.inFlight.add(stop);
  const started = performance.now();
  try {
    const counts = await drainOutbox(db, {
      holder: `deliver-${randomUUID()}`,
      agent: options.pushAgent,
      log: options.log,
      signal: stop.signal,
      budgetMs: options.budgetMs,
      pushDeadlineMs: options.pushDeadlineMs,
    });
    return { ...counts, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const message = errorMessage(error);
    (options.log ?? console.warn)(`[alerts] outbox drain failed: ${message}`);
    return { error: message };
  } finally {
    drains.inFlight.delete(stop);
  }
}

/**
 * Stops this process's drains (a shutdown's first step): each starts no send from now on and
 * returns without waiting for those in flight (each ends by its deadline), so the shutdown does
 * not wait on a slow push service. Rows not sent stay pending.
 */
export function stopDeliveries(): void {
  drains.stopping = true;
  for (const stop of drains.inFlight) stop.abort();
}

/** Tests stop and start schedules in one process. */
export function resumeDeliveriesForTests(): void {
  drains.stopping = false;
}

/** The worker's and the server's log line for a drain that did something (null: nothing to say). */
export function summarizeDelivery(report: DeliveryReport): string | null {
  if ("error" in report) return `[alerts] delivery failed: ${report.error}`;
  const { sent, gone, retried, failed, inFlight } = report;
  if (sent + gone + retried + failed + (inFlight ?? 0) === 0) return null;
  return `[alerts] delivered in ${report.ms} ms: ${sent} sent, ${retried} to retry, ${gone} gone, ${failed} failed${inFlight ? `, ${inFlight} still in flight` : ""}`;
}
