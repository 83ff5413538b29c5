// A comparison has its own page, /compare/hex/btc: featured cards, most-compared pairs and
// saved comparisons link to it. One coin alone opens the home page's compare form with it
// picked (/?coin1=hex#compare); old two-coin links of that form redirect to the pair page
// (proxy.ts).
import { isCoinId } from "../coins/coin-id";
import { pairPath } from "./pair-route";

export function comparisonHref(coin1Id: string, coin2Id?: string): string {
  if (coin2Id) return pairPath(coin1Id, coin2Id);
  return `/?${new URLSearchParams({ coin1: coin1Id }).toString()}#compare`;
}

/** The coin a home page link names (?coin1=), or undefined when it is missing or malformed (ignored, not an error). */
export function linkedCoinId(params: URLSearchParams): string | undefined {
  const value = params.get("coin1"); // the first of repeats
  return isCoinId(value) ? value : undefined;
}
