// Runs once when a server instance starts. Nothing here sees or answers a request before Next:
// on a Node host the edge in front (deploy/nginx/) answers what the site does not serve.
// - Everywhere on Node (Vercel and `next dev` included): checks the environment (lib/config/env.ts).
// - Everywhere on Node: says at start when the rate limits' client address cannot be trusted
//   (lib/security/trust-warnings.server.ts).
// - On a Node host (`npm start`, the standalone server.js): drains on SIGTERM instead of exiting at
//   once (lib/http/shutdown.server.ts: health answers 503 "draining" while the server still accepts
//   for SHUTDOWN_ANNOUNCE_S, then open requests finish, the alerts' delivery in flight stops
//   sending and the refresh pass in flight ends or gives its lease up, all within
//   SHUTDOWN_GRACE_S), and starts the background jobs' schedule (lib/jobs/schedule.server.ts): the
//   market pass at MARKET_REFRESH_INTERVAL_MINUTES and the alerts' delivery every 10 s, never the
//   whole-table maintenance (a process that serves pages does not run it: the worker or the cron
//   route does, docs/operations.md). On Vercel the cron routes in vercel.json run the jobs instead,
//   and in development the schedule stays off so `npm run dev` works offline on the seed data (run
//   `npm run market:refresh` to refresh by hand).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Every server start checks the whole environment first (`next dev`, `next start`, the
  // standalone server, a Vercel function's cold start): a bad variable stops it here with every
  // bad one named (lib/config/env.ts), not on the first request that reads it.
  const { getEnv } = await import("./lib/config/env");
  const env = getEnv();
  const { warnAboutClientAddresses } = await import("./lib/security/trust-warnings.server");
  warnAboutClientAddresses();
  if (process.env.VERCEL || process.env.NODE_ENV !== "production") return;
  const { addDrainWork, installGracefulShutdown } = await import("./lib/http/shutdown.server");
  installGracefulShutdown({ graceMs: env.SHUTDOWN_GRACE_S * 1000, announceMs: env.SHUTDOWN_ANNOUNCE_S * 1000, http: true });
  const { startMarketSchedule, stopMarketSchedule } = await import("./lib/jobs/schedule.server");
  const { abandonPassesInFlight } = await import("./lib/market/run.server");
  startMarketSchedule();
  // The schedule's pass and a cron route's (a request, waited for as one) give their leases up
  // if the grace ends first.
  addDrainWork("market passes", { stop: stopMarketSchedule, abandon: async () => void (await abandonPassesInFlight()) });
}
