// Who asks whom (pure): the coins grouped by their source (Coin.quoteSource), each keeping the
// pass's stalest-first order, and the requests a source is sent for them.
import type { Coin } from "@/lib/generated/prisma/client";
import { groupBy } from "../group-by";
import { parseBurnAddresses } from "./publish";
import type { QuoteRequest, SourceResult } from "../types";

/** A source's answer for its coins, or why it gave none (a string: every one of its coins fails with it). */
export type SourceAnswer = { sourceName: string; sourceCoins: Coin[]; result: SourceResult | string };

export function groupBySource(coins: readonly Coin[]): Map<string, Coin[]> {
  return groupBy(coins, (coin) => coin.quoteSource!);
}

/** A coin the site already has a price from about 24 h ago for needs no 24h change from the source. */
export function quoteRequests(coins: readonly Coin[], references: ReadonlyMap<string, number>): QuoteRequest[] {
  return coins.map((coin) => ({
    coinId: coin.id,
    quoteId: coin.quoteId!,
    burnAddresses: parseBurnAddresses(coin.burnAddresses),
    wantsChange24h: !references.has(coin.id),
    // PLS itself, quoted through WPLS: its burned supply is the burn addresses' PLS, not WPLS.
    ...(coin.chain === "pulsechain" && coin.contractAddress === null && { native: true }),
  }));
}
