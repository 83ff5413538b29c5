// This pass's share of the on-chain tokens checked against DexScreener (lib/market/pass/source-check.ts
// has the rules). Asked within the pass's deadline like every source: tokens DexScreener does not
// reach in time, or has no pair for, stay the longest unchecked and lead the next pass's share.
import "server-only";
import type { Coin } from "@/lib/generated/prisma/client";
import type { SourceCheck } from "@/lib/coins/source-check-schema";
import { compareSources, dueForCheck, rotationShare, TOKEN_TOLERANCE_PCT } from "./source-check";
import type { FetchOptions, PriceSource } from "../types";

export type CoinCheck = { coin: Coin; check: SourceCheck };

/**
 * Checks `share` of `published` (on-chain tokens with this pass's price) against DexScreener.
 * `onchainTokens` is how many tokens the site prices on chain: the share covers them all hourly.
 */
export async function checkTokensAgainst(
  dexScreener: PriceSource,
  published: readonly { coin: Coin; price: number }[],
  onchainTokens: number,
  options: { intervalMs: number; fetchOptions: FetchOptions; at: Date },
): Promise<{ checks: CoinCheck[]; asked: number }> {
  const due = dueForCheck(
    published.map(({ coin, price }) => ({ id: coin.id, sourceCheckedAt: coin.sourceCheckedAt, coin, price })),
    rotationShare(onchainTokens, options.intervalMs),
  );
  if (due.length === 0) return { checks: [], asked: 0 };
  let quotes: Awaited<ReturnType<PriceSource["fetchQuotes"]>>["quotes"];
  try {
    ({ quotes } = await dexScreener.fetchQuotes(
      due.map(({ coin }) => ({ coinId: coin.id, quoteId: coin.quoteId! })),
      options.fetchOptions,
    ));
  } catch {
    return { checks: [], asked: due.length }; // DexScreener down: nothing checked, nothing flagged
  }
  const checks = due.flatMap(({ coin, price }) => {
    const theirs = quotes.get(coin.id)?.price;
    return theirs && theirs > 0 ? [{ coin, check: compareSources(price, theirs, "dexscreener", options.at, TOKEN_TOLERANCE_PCT) }] : [];
  });
  return { checks, asked: due.length };
}
