// A comparison has an address: /?coin1=hex&coin2=btc#compare. Featured cards, most-compared
// pairs and saved comparisons link to it, and the home page opens with that result.
import { isCoinId } from "./coin-id";

export function comparisonHref(coin1Id: string, coin2Id?: string): string {
  const params = new URLSearchParams({ coin1: coin1Id });
  if (coin2Id) params.set("coin2", coin2Id);
  return `/?${params.toString()}#compare`;
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
