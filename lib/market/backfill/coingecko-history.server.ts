// CoinGecko's daily history of a coin: GET {base}/coins/{id}/market_chart?vs_currency=usd&days=N
// &interval=daily answers { prices, market_caps, total_volumes }, each [[unix ms, usd], ...], the
// days at 00:00 UTC and a last point for the current time. The public and Demo plans serve the
// last 365 days only; the site's CoinGecko source has no Pro setup, so that is the most asked.
import "server-only";
import { z } from "zod";
import { fetchSourceJson } from "../http.server";
import { sharedPace } from "../sources/coingecko.server";
import { daysFromMarketChart, type DayPoint } from "./day-points";
import { HISTORY_RETRY, type HistoryHttpOptions } from "./history-http";

export const COINGECKO_MAX_DAYS = 365;

const pair = z.tuple([z.number(), z.number().nullable()]);
const marketChartSchema = z.object({ prices: z.array(pair), market_caps: z.array(pair).default([]) });

export function createCoinGeckoHistory(options: HistoryHttpOptions & { apiKey?: string }) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const apiKey = options.apiKey?.trim();
  const headers: Record<string, string> = apiKey ? { "x-cg-demo-api-key": apiKey } : {};
  return {
    async dailyHistory(id: string, days: number): Promise<DayPoint[]> {
      const query = new URLSearchParams({ vs_currency: "usd", days: String(Math.min(days, COINGECKO_MAX_DAYS)), interval: "daily" });
      const body = await fetchSourceJson(`${baseUrl}/coins/${encodeURIComponent(id)}/market_chart?${query}`, marketChartSchema, {
        headers,
        pace: options.pace ?? sharedPace,
        policy: options.policy ?? HISTORY_RETRY,
        sleep: options.sleep,
      });
      return daysFromMarketChart(body);
    },
  };
}
