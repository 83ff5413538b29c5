"use client";

// A CoinSelector over the site's coin index, which loads when a visitor first reaches for a
// selector (pointer over it, focus, open) rather than with the page: thousands of coins stay out
// of every page's HTML. Every selector on the page shares the one download.
import { useState } from "react";
import { CoinSelector, type CoinSelectorProps } from "@/components/coins/coin-selector";
import type { IndexedCoin } from "@/lib/coins/coin-index";
import { useCoinIndex } from "./coin-queries";

type Props = Omit<CoinSelectorProps<IndexedCoin>, "coins" | "status" | "onIntent"> & {
  /** The index version the page was rendered with (getCoinSnapshot().indexVersion). */
  indexVersion: string;
};

const NO_COINS: readonly IndexedCoin[] = [];

export function IndexedCoinSelector({ indexVersion, ...props }: Props) {
  const [wanted, setWanted] = useState(false);
  const index = useCoinIndex(indexVersion, wanted);
  const onIntent = () => {
    setWanted(true);
    // A failed download is tried again when the visitor comes back to the selector.
    if (index.isError && !index.isFetching) void index.refetch();
  };
  const status = index.isSuccess ? "ready" : index.isError && !index.isFetching ? "error" : "loading";
  return <CoinSelector {...props} coins={index.data ?? NO_COINS} status={status} onIntent={onIntent} />;
}
