// How often prices are refreshed, as everything that judges their age reads it.
//
// MARKET_REFRESH_INTERVAL_MINUTES=0 turns the schedule off in this process (web instances beside a
// worker, or Vercel with its cron): prices are still refreshed, by the worker or the cron, at the
// default interval. So 0 reads as that default, 5 minutes, here as in the refresh lease.
import { getEnv } from "@/lib/config/env";

export const DEFAULT_REFRESH_INTERVAL_MINUTES = 5;

/** The interval prices are refreshed at, wherever the pass runs (minutes). */
export function effectiveRefreshIntervalMinutes(): number {
  return getEnv().MARKET_REFRESH_INTERVAL_MINUTES || DEFAULT_REFRESH_INTERVAL_MINUTES;
}
