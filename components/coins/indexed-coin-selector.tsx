"use client";

// A CoinSelector over the site's coin index, which loads when a visitor first reaches for a
// selector (pointer over it, focus, open) rather than with the page: thousands of coins stay out
// of every page's HTML, and the code that reads them (coin-index-feed.tsx, with TanStack Query)
// out of its first load. Every selector on the page shares the one download.
import { useState } from "react";
import { CoinSelector, type CoinSelectorProps } from "@/components/coins/coin-selector";
import type { IndexedCoin } from "@/lib/coins/coin-index";
import { lazyModule, useLazyModule } from "@/components/shell/lazy-module";
import type { CoinIndexState } from "./coin-index-feed";

type Props = Omit<CoinSelectorProps<IndexedCoin>, "coins" | "status" | "onIntent"> & {
  /** The index version the page was rendered with (getCoinSnapshot().indexVersion). */
  indexVersion: string;
};

const indexFeed = lazyModule(() => import("./coin-index-feed"));
const NOT_YET: CoinIndexState = { status: "loading", coins: [], retry: () => {} };

export function IndexedCoinSelector({ indexVersion, ...props }: Props) {
  const [wanted, setWanted] = useState(false);
  const feed = useLazyModule(indexFeed, wanted);
  const [index, setIndex] = useState(NOT_YET);
  const onIntent = () => {
    setWanted(true);
    // A failed download (of the code or of the index) is tried again when the visitor comes back.
    if (feed.failed) feed.retry();
    else if (index.status === "error") index.retry();
  };
  const status = feed.failed ? "error" : feed.module ? index.status : "loading";
  const Feed = feed.module?.CoinIndexFeed;
  return (
    <>
      <CoinSelector {...props} coins={index.coins} status={status} onIntent={onIntent} />
      {wanted && Feed ? <Feed version={indexVersion} onChange={setIndex} /> : null}
    </>
  );
}
