// `npm run market:worker`: the background jobs' schedule (lib/jobs/schedule.server.ts) in a process
// of its own that serves no pages: a deploy runs its web instances with
// MARKET_REFRESH_INTERVAL_MINUTES=0 and one worker beside them (several would only take turns: each
// pass takes the lease). It runs the market pass job then the open orders' check at the interval,
// the alerts' delivery every DELIVERY_EVERY_MS (10 s), and the whole-table maintenance (snapshot
// thinning, at most hourly, in batches) every MAINTENANCE_EVERY_MS: the only schedule that runs
// the maintenance (a web process never does). Each pass ends in one JSON line on stdout
// (scheduledPassRecord), as does each delivery and maintenance that did something; anything else
// goes to stderr. On SIGTERM or SIGINT it drains like the server (lib/http/shutdown.server.ts): no
// new job starts, the delivery in flight stops sending, the pass in flight may finish within
// SHUTDOWN_GRACE_S, and is given up (its lease released) when it does not.
import "./load-env";
import { getEnv } from "../lib/config/env";
import { getDb } from "../lib/db/get-db.server";
import { addDrainWork, installGracefulShutdown } from "../lib/http/shutdown.server";
import { abandonPassesInFlight } from "../lib/market/run.server";
import { deliverAlerts, summarizeDelivery } from "../lib/jobs/deliver.server";
import { MAINTENANCE_EVERY_MS, runMaintenance } from "../lib/jobs/maintenance.server";
import { runScheduledPass, scheduledPassRecord, startMarketSchedule, stopMarketSchedule } from "../lib/jobs/schedule.server";

const env = getEnv();
// The same variable as the web instances', but 0 there means "the worker refreshes", so the
// worker takes the default then (the lease lasts just under the same 5 minutes).
const intervalMinutes = env.MARKET_REFRESH_INTERVAL_MINUTES || 5;

installGracefulShutdown({ graceMs: env.SHUTDOWN_GRACE_S * 1000, http: false, log: (line) => console.error(line) });
addDrainWork("the market schedule", {
  stop: stopMarketSchedule,
  abandon: async () => void (await abandonPassesInFlight()),
});

startMarketSchedule({
  intervalMs: intervalMinutes * 60_000,
  firstDelayMs: 0,
  keepAlive: true,
  log: (line) => console.log(line),
  async pass() {
    const startedAt = new Date();
    // The per-coin lines stay out of the log: the record counts them by source.
    const pass = await runScheduledPass(() => {});
    return JSON.stringify(scheduledPassRecord(pass, startedAt, new Date()));
  },
  async deliver() {
    const report = await deliverAlerts(getDb(), { log: (line) => console.error(line) });
    // A drain that found nothing to send says nothing (one runs every 10 s).
    return summarizeDelivery(report) === null ? null : JSON.stringify({ at: new Date().toISOString(), event: "delivery", ...report });
  },
  maintenance: {
    everyMs: MAINTENANCE_EVERY_MS,
    async run(signal) {
      const report = await runMaintenance(getDb(), { signal });
      return report.snapshotsThinned === 0 ? null : JSON.stringify({ at: new Date().toISOString(), event: "maintenance", ...report });
    },
  },
});
console.error(`[worker] a market refresh pass every ${intervalMinutes} min, the alerts' delivery every 10 s, maintenance every ${MAINTENANCE_EVERY_MS / 60_000} min (pid ${process.pid})`);
