// The market pass job: a leased refresh pass (lib/market/run.server.ts: the prices written and
// published), then the alerts judged on what it changed (lib/alerts/evaluate.server.ts), while the
// pass still holds its lease: a pass that lost it (its writes were skipped, it was given up, or
// another refresher took over since) leaves them to the one that holds it. The firings wait in the
// outbox for the delivery job (deliver.server.ts), which runs on its own cadence. The schedule,
// the worker, the cron route and `npm run market:refresh` all run this.
import "server-only";
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/db/create-client";
import { errorMessage } from "@/lib/errors/error-message";
import { evaluateAlerts } from "@/lib/alerts/evaluate.server";
import { MARKET_REFRESH_LEASE, holdsLease } from "@/lib/market/lease.server";
import { refreshMarket, type RefreshOutcome } from "@/lib/market/run.server";

export type MarketPassOptions = Parameters<typeof refreshMarket>[1];

export async function runMarketPass(db: PrismaClient, options: MarketPassOptions = {}): Promise<RefreshOutcome> {
  const holder = options.holder ?? randomUUID();
  const outcome = await refreshMarket(db, { ...options, holder });
  if (!outcome.ran) return outcome;
  const { report } = outcome;
  if (!report.leaseLost && report.changed.length > 0 && (await holdsLease(db, MARKET_REFRESH_LEASE, holder))) {
    report.alerts = await evaluateAlertsOfPass(db, report.changed, options);
  }
  return outcome;
}

/** The evaluation never fails the pass: its prices are written; the rules wait for the next one. */
async function evaluateAlertsOfPass(db: PrismaClient, updated: readonly string[], options: { log?: (line: string) => void; now?: () => Date }) {
  try {
    return await evaluateAlerts(db, updated, { now: options.now?.() });
  } catch (error) {
    const message = errorMessage(error);
    (options.log ?? console.warn)(`[alerts] evaluation failed: ${message}`);
    return { error: message };
  }
}
