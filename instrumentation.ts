// Runs once when a server instance starts.
// - Everywhere on Node: stamps each request with its TCP peer's address, for the rate limits'
//   client IP (lib/security/peer-address.server.ts says why route handlers cannot learn it otherwise).
// - On a Node host (`npm start`, the standalone server.js): drains on SIGTERM instead of exiting at
//   once (lib/http/shutdown.server.ts: health answers 503 "draining", open requests finish, the
//   refresh pass in flight ends or gives its lease up, all within SHUTDOWN_GRACE_S); answers the
//   full coin list before Next's pipeline (lib/api/coin-list-fast-path.server.ts), and starts the
//   market refresh schedule. On Vercel the cron route in vercel.json refreshes instead, and in
//   development the schedule stays off so `npm run dev` works offline on the seed data (run
//   `npm run market:refresh` to refresh by hand).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installPeerAddressHook } = await import("./lib/security/peer-address.server");
  installPeerAddressHook();
  if (process.env.VERCEL || process.env.NODE_ENV !== "production") return;
  const { getEnv } = await import("./lib/config/env");
  const { addDrainWork, installGracefulShutdown } = await import("./lib/http/shutdown.server");
  // Before the fast path's hook, so that it counts the requests the fast path answers too.
  installGracefulShutdown({ graceMs: getEnv().SHUTDOWN_GRACE_S * 1000, http: true });
  // `next start` and the standalone server both run in the directory that holds the build.
  const { installCoinListFastPath } = await import("./lib/api/coin-list-fast-path.server");
  installCoinListFastPath();
  // API requests Next would not pass to a route as sent (TRACE, PROPFIND, ?__proto__=): the route's JSON answer.
  const { installAnswerBeforeNext } = await import("./lib/api/before-next.server");
  installAnswerBeforeNext();
  // Next's 308 for "//x" and "/a\\b" goes out before its headers apply: the same 308, with them.
  const { installRepeatedSlashRedirect } = await import("./lib/http/repeated-slashes.server");
  installRepeatedSlashRedirect();
  const { startMarketSchedule, stopMarketSchedule } = await import("./lib/schedule/schedule.server");
  const { abandonPassesInFlight } = await import("./lib/market/run.server");
  startMarketSchedule();
  // The schedule's pass and a cron route's (a request, waited for as one) give their leases up
  // if the grace ends first.
  addDrainWork("market passes", { stop: stopMarketSchedule, abandon: async () => void (await abandonPassesInFlight()) });
}
