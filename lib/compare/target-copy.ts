// The words for a comparison's target where it is named in passing ("worth $4.2M at BTC's market
// cap"): coin 2's market cap today, at its high or on a day, or a number the visitor typed. Pure.
import { formatDay, formatMarketCap } from "../shared/format";
import type { ChosenTarget } from "./target-param";

/**
 * "at BTC's market cap", "at BTC's all-time-high market cap", "at a market cap of $100.00B",
 * "at BTC's market cap on Nov 20, 2026" (`day`: the date target's day, YYYY-MM-DD).
 */
export function atTargetPhrase(target: ChosenTarget, coin2Symbol: string | null, typedCap: number | null, day: string | null = null): string {
  if (target === "date") return `at ${coin2Symbol}'s market cap on ${day ? formatDay(day) : "the day you pick"}`;
  if (target === "cap") return typedCap === null ? "at the market cap you type" : `at a market cap of ${formatMarketCap(typedCap)}`;
  return target === "ath" ? `at ${coin2Symbol}'s all-time-high market cap` : `at ${coin2Symbol}'s market cap`;
}
