// Runs once when a server instance starts. On a Node host (`npm start`) it starts the market
// refresh schedule; on Vercel the cron route in vercel.json refreshes instead, and in
// development the schedule stays off so `npm run dev` works offline on the seed data (run
// `npm run market:refresh` to refresh by hand).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.VERCEL || process.env.NODE_ENV !== "production") return;
  const { startMarketSchedule } = await import("./lib/market/schedule");
  startMarketSchedule();
}
