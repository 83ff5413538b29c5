// The words for a comparison's target where it is named in passing ("worth $4.2M at BTC's market
// cap"): coin 2's market cap today or at its high, or a number the visitor typed. Pure.
import { formatMarketCap } from "../shared/format";
import type { ChosenTarget } from "./target-param";

/** "at BTC's market cap", "at BTC's all-time-high market cap", "at a market cap of $100.00B". */
export function atTargetPhrase(target: ChosenTarget, coin2Symbol: string | null, typedCap: number | null): string {
  if (target === "cap") return typedCap === null ? "at the market cap you type" : `at a market cap of ${formatMarketCap(typedCap)}`;
  return target === "ath" ? `at ${coin2Symbol}'s all-time-high market cap` : `at ${coin2Symbol}'s market cap`;
}
