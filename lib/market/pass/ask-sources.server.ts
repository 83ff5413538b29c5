// The pass's requests to the price sources (I/O): every source for its coins and CoinGecko for
// the PLS cross-check, all at once, so the slowest source alone sets the pass's wait.
import "server-only";
import type { Coin } from "@/lib/generated/prisma/client";
import { PLS_COINGECKO_ID } from "./cross-check";
import type { FetchOptions, PriceSource, SourceResult } from "../types";
import { quoteRequests, type SourceAnswer } from "./requests";

export async function askSources(
  sources: readonly PriceSource[],
  bySource: ReadonlyMap<string, Coin[]>,
  references: ReadonlyMap<string, number>,
  fetchOptions: FetchOptions,
): Promise<{ answers: SourceAnswer[]; coingeckoPls: number | null }> {
  const coingecko = sources.find((source) => source.name === "coingecko");
  const [answers, coingeckoPls] = await Promise.all([
    Promise.all([...bySource].map(async ([sourceName, sourceCoins]) => ({ sourceName, sourceCoins, result: await ask(sources, sourceName, sourceCoins, references, fetchOptions) }))),
    coingecko ? askCoinGeckoPls(coingecko, fetchOptions) : Promise.resolve(null),
  ]);
  return { answers, coingeckoPls };
}

/** One source's answer for its coins, or why it gave none (a source that throws fails them all). */
async function ask(
  sources: readonly PriceSource[],
  sourceName: string,
  coins: readonly Coin[],
  references: ReadonlyMap<string, number>,
  options: FetchOptions,
): Promise<SourceResult | string> {
  const source = sources.find((candidate) => candidate.name === sourceName);
  if (!source) return "no such source configured";
  const requests = quoteRequests(coins, references);
  try {
    return await source.fetchQuotes(requests, options);
  } catch (error) {
    // Sources report per coin and should not throw; if one does, none of its coins change.
    return `source failed: ${String(error)}`;
  }
}

/** CoinGecko's PLS price for the cross-check, or null when it has none this pass. */
async function askCoinGeckoPls(coingecko: PriceSource, options: FetchOptions): Promise<number | null> {
  try {
    const { quotes } = await coingecko.fetchQuotes([{ coinId: "pls-cross-check", quoteId: PLS_COINGECKO_ID }], options);
    return quotes.get("pls-cross-check")?.price ?? null;
  } catch {
    return null;
  }
}
