// `npm run market:worker`: the market refresh schedule (lib/jobs/schedule.server.ts) in a process
// of its own that serves no pages: a deploy runs its web instances with
// MARKET_REFRESH_INTERVAL_MINUTES=0 and one worker beside them (several would only take turns: each
// pass takes the lease). Each pass is a market refresh, then the open orders' check, and ends in
// one JSON line on stdout (scheduledPassRecord); anything else goes to stderr. On SIGTERM or SIGINT
// it drains like the server (lib/http/shutdown.server.ts): no new pass starts, the pass in flight
// may finish within SHUTDOWN_GRACE_S, and is given up (its lease released) when it does not.
import "./load-env";
import { getEnv } from "../lib/config/env";
import { addDrainWork, installGracefulShutdown } from "../lib/http/shutdown.server";
import { abandonPassesInFlight } from "../lib/market/run.server";
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
});
console.error(`[worker] a market refresh pass every ${intervalMinutes} min (pid ${process.pid})`);
