// Runs once when a server instance starts.
// - Everywhere on Node: stamps each request with its TCP peer's address, for the rate limits'
//   client IP (lib/security/peer-address.server.ts says why route handlers cannot learn it otherwise).
// - On a Node host (`npm start`): answers the full coin list before Next's pipeline
//   (lib/api/coin-list-fast-path.server.ts), and starts the market refresh schedule. On Vercel the cron
//   route in vercel.json refreshes instead, and in development the schedule stays off so
//   `npm run dev` works offline on the seed data (run `npm run market:refresh` to refresh by hand).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installPeerAddressHook } = await import("./lib/security/peer-address.server");
  installPeerAddressHook();
  if (process.env.VERCEL || process.env.NODE_ENV !== "production") return;
  // `next start` and the standalone server both run in the directory that holds the build.
  const { installCoinListFastPath } = await import("./lib/api/coin-list-fast-path.server");
  installCoinListFastPath();
  const { startMarketSchedule } = await import("./lib/market/schedule.server");
  startMarketSchedule();
}
