// Where a coin's daily history comes from (pure): CoinGecko's market_chart for coins quoted
// there, GeckoTerminal's pool candles for PulseChain tokens (PLS through WPLS, its quote id).
import { isAddress } from "viem";

export type HistorySource =
  | { kind: "coingecko"; id: string }
  | { kind: "geckoterminal"; token: string }
  | { kind: "none"; reason: string };

export function historySourceOf(coin: { chain: string; contractAddress: string | null; quoteSource: string | null; quoteId: string | null }): HistorySource {
  if (coin.quoteSource === "coingecko") {
    const id = coin.quoteId?.trim().toLowerCase();
    return id ? { kind: "coingecko", id } : { kind: "none", reason: "quoted by CoinGecko but without a CoinGecko id" };
  }
  if (coin.chain === "pulsechain") {
    // A native coin (PLS) has no contract: it trades as its wrapped token, which is its quote id.
    const token = coin.contractAddress ?? coin.quoteId;
    if (token && isAddress(token, { strict: false })) return { kind: "geckoterminal", token: token.toLowerCase() };
    return { kind: "none", reason: "a PulseChain coin without a token address" };
  }
  return { kind: "none", reason: `no history source for a ${coin.chain} coin not quoted by CoinGecko` };
}

/** The pool to read a token's history from: the one with the most USD reserve (null: none). */
export function deepestPool(pools: ReadonlyArray<{ address: string; reserveUsd: number | null }>): string | null {
  let best: { address: string; reserveUsd: number } | null = null;
  for (const pool of pools) {
    const reserve = pool.reserveUsd !== null && Number.isFinite(pool.reserveUsd) ? pool.reserveUsd : 0;
    if (!best || reserve > best.reserveUsd) best = { address: pool.address, reserveUsd: reserve };
  }
  return best?.address.toLowerCase() ?? null;
}
