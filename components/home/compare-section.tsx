"use client";

import { useEffect, useRef, useState } from "react";
import { CoinSelector } from "@/components/coins/coin-selector";
import { Button } from "@/components/ui/button";
import { computeComparison } from "@/lib/comparison";
import { comparisonHref } from "@/lib/comparison-link";
import { COMPARE_DELAY_MS } from "@/lib/market-constants";
import { countComparison } from "@/lib/trending/client";
import type { Coin } from "@/lib/validation/coins";
import { ComparisonActions } from "./comparison-actions";
import { ComparisonResult } from "./comparison-result";

type Props = { coins: Coin[]; initialCoin1Id?: string; initialCoin2Id?: string };

/**
 * The compare form (spec section 4, "Home compare"): idle, then 'Comparing...' for the 800 ms
 * compare delay, then the result. A comparison opened from a link (?coin1=&coin2=) shows at once.
 * Each result shown after pressing Compare Now counts once for 'Most Compared Pairs'; opening a
 * link does not (a reload or a shared link is not a new comparison).
 */
export function CompareSection({ coins, initialCoin1Id, initialCoin2Id }: Props) {
  const find = (id?: string) => coins.find((coin) => coin.id === id) ?? null;
  const [coin1, setCoin1] = useState<Coin | null>(() => find(initialCoin1Id));
  const [coin2, setCoin2] = useState<Coin | null>(() => find(initialCoin2Id));
  const [compared, setCompared] = useState<[Coin, Coin] | null>(() => {
    const [a, b] = [find(initialCoin1Id), find(initialCoin2Id)];
    return a && b && a.id !== b.id ? [a, b] : null;
  });
  const [comparing, setComparing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const canCompare = coin1 !== null && coin2 !== null && coin1.id !== coin2.id && !comparing;

  function compare() {
    if (!coin1 || !coin2 || coin1.id === coin2.id) return;
    const pair: [Coin, Coin] = [coin1, coin2];
    setComparing(true);
    timer.current = setTimeout(() => {
      setCompared(pair);
      setComparing(false);
      // Make the result shareable without a navigation.
      window.history.replaceState(null, "", comparisonHref(pair[0].id, pair[1].id));
      countComparison(pair[0].id, pair[1].id);
    }, COMPARE_DELAY_MS);
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="grid items-center gap-3 md:grid-cols-[1fr_auto_1fr_auto]">
        <CoinSelector coins={coins} value={coin1} onChange={setCoin1} placeholder="Select first coin" label="First coin" />
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src="/logo.svg" alt="" width={32} height={32} className="mx-auto hidden md:block" />
        <CoinSelector coins={coins} value={coin2} onChange={setCoin2} placeholder="Select second coin" label="Second coin" />
        <Button size="lg" onClick={compare} disabled={!canCompare} className="w-full md:w-auto">
          {comparing ? "Comparing..." : "Compare Now"}
        </Button>
      </div>
      {coin1 && coin2 && coin1.id === coin2.id ? (
        <p className="text-sm text-muted-foreground">Pick two different coins to compare.</p>
      ) : null}
      <div aria-live="polite">
        {compared ? (
          <ComparisonResult
            result={computeComparison(compared[0], compared[1])}
            actions={<ComparisonActions coin1={compared[0]} coin2={compared[1]} />}
          />
        ) : null}
      </div>
    </div>
  );
}
