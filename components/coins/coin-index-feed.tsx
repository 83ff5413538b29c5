"use client";

// The selectors' coin index through TanStack Query, loaded with its own code when a selector is
// first reached for (IndexedCoinSelector). Every selector on the page shares the one download.
import { useLayoutEffect } from "react";
import { QueryProvider } from "@/components/shell/query-provider";
import type { IndexedCoin } from "@/lib/coins/coin-index";
import type { CoinListStatus } from "./coin-selector-parts";
import { useCoinIndex } from "./coin-queries";

export type CoinIndexState = {
  status: CoinListStatus;
  coins: readonly IndexedCoin[];
  /** Asks for the index again (after a failed download). */
  retry: () => void;
};

type Props = {
  version: string;
  /** The index's state, told before the browser paints, so an opening selector never shows a stale one. */
  onChange: (state: CoinIndexState) => void;
};

/** Reads the index and tells the selector. Renders nothing. */
export function CoinIndexFeed(props: Props) {
  return (
    <QueryProvider>
      <Feed {...props} />
    </QueryProvider>
  );
}

const NO_COINS: readonly IndexedCoin[] = [];

function Feed({ version, onChange }: Props) {
  const { data, isSuccess, isError, isFetching, refetch } = useCoinIndex(version, true);
  const status: CoinListStatus = isSuccess ? "ready" : isError && !isFetching ? "error" : "loading";
  useLayoutEffect(() => {
    onChange({ status, coins: data ?? NO_COINS, retry: () => void refetch() });
  }, [status, data, refetch, onChange]);
  return null;
}
