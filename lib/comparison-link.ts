// A comparison has its own page, /compare/hex/btc: featured cards, most-compared pairs and
// saved comparisons link to it. One coin alone opens the home page's compare form with it
// picked (/?coin1=hex#compare); old two-coin links of that form redirect to the pair page
// (next.config.mjs).
import { isCoinId } from "./coin-id";
import { pairPath } from "./compare/pair-route";

export function comparisonHref(coin1Id: string, coin2Id?: string): string {
  if (coin2Id) return pairPath(coin1Id, coin2Id);
  return `/?${new URLSearchParams({ coin1: coin1Id }).toString()}#compare`;
}

/** A search param as a coin id, or undefined when it is missing or malformed (the first of repeats). */
function coinIdParam(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return isCoinId(first) ? first : undefined;
}

/** Coin ids from the home page's search params; anything malformed is ignored, not an error. */
export function parseComparisonParams(params: Record<string, string | string[] | undefined>): {
  coin1Id?: string;
  coin2Id?: string;
} {
  return { coin1Id: coinIdParam(params.coin1), coin2Id: coinIdParam(params.coin2) };
}
