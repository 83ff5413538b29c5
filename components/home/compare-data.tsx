"use client";

// The home compare form's reads, loaded with their own code (TanStack Query among it) when the
// form first needs a coin's prices: on Compare Now, or for a comparison in the address. A visit
// that never compares never downloads it. See CompareSection for when it loads.
import { useEffect, useLayoutEffect } from "react";
import { coinsByIdsQuery, useCoinPair, useCoinsByIds } from "@/components/coins/coin-queries";
import { QueryProvider } from "@/components/query-provider";
import { HttpError } from "@/lib/api/fetch-json";
import { computeComparison } from "@/lib/comparison";
import { getQueryClient } from "@/lib/query-client";
import type { Coin } from "@/lib/validation/coins";
import { ComparisonActions } from "./comparison-actions";
import { ComparisonResult } from "./comparison-result";
import { ResultError, ResultSkeleton } from "./compare-result-slot";

export type Pair = readonly [string, string];
/** What the address asks for: one coin to start from, or a comparison to show. */
export type Link = { coin1Id: string; coin2Id?: string };

/** Starts reading the pair's prices (during Compare Now's delay, so the result is there when it ends). */
export function prefetchPair(pair: Pair): Promise<void> {
  return getQueryClient().prefetchQuery(coinsByIdsQuery(pair));
}

type PairResultProps = {
  pair: Pair;
  /** Whether the prices are still loading, told before the browser paints (the slot reserves space meanwhile). */
  onPendingChange: (pending: boolean) => void;
};

/** The result card for a pair: its outline while the two coins load, the card, or why not. */
export function PairResult(props: PairResultProps) {
  return (
    <QueryProvider>
      <PairResultContent {...props} />
    </QueryProvider>
  );
}

function PairResultContent({ pair, onPendingChange }: PairResultProps) {
  const result = useCoinPair(pair);
  useLayoutEffect(() => onPendingChange(result.isPending), [result.isPending, onPendingChange]);
  if (result.isPending) return <ResultSkeleton />;
  // A link naming a coin we do not list shows nothing, as a malformed link does.
  if (result.error instanceof HttpError && result.error.status === 404) return null;
  const [coin1, coin2] = result.data ?? [];
  if (result.isError || !coin1 || !coin2) return <ResultError onRetry={() => void result.refetch()} />;
  return <ComparisonResult result={computeComparison(coin1, coin2)} actions={<ComparisonActions coin1={coin1} coin2={coin2} />} />;
}

type LinkedCoinsProps = {
  link: Link;
  /** The link's coins, once they arrive (the link itself holds only ids). */
  onCoins: (link: Link, coins: Map<string, Coin>) => void;
};

/** Reads the coins a link names, so the selectors can show them. Renders nothing. */
export function LinkedCoins(props: LinkedCoinsProps) {
  return (
    <QueryProvider>
      <LinkedCoinsQuery {...props} />
    </QueryProvider>
  );
}

function LinkedCoinsQuery({ link, onCoins }: LinkedCoinsProps) {
  const { data } = useCoinsByIds(link.coin2Id ? [link.coin1Id, link.coin2Id] : [link.coin1Id]);
  useEffect(() => {
    if (data) onCoins(link, data);
  }, [link, data, onCoins]);
  return null;
}
