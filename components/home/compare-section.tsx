"use client";

import { useSearchParams } from "next/navigation";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { IndexedCoinSelector } from "@/components/coins/indexed-coin-selector";
import { Button } from "@/components/ui/button";
import type { IndexedCoin } from "@/lib/coins/coin-index";
import { comparisonHref, parseComparisonParams } from "@/lib/comparison-link";
import { lazyModule, useLazyModule } from "@/lib/lazy-module";
import { COMPARE_DELAY_MS } from "@/lib/market-constants";
import { countComparison } from "@/lib/trending/client";
import type { Coin } from "@/lib/validation/coins";
import type { Link, Pair } from "./compare-data";
import { CompareResultSlot } from "./compare-result-slot";

/** The form's reads (TanStack Query and the result card), loaded when a comparison is first wanted. */
const compareData = lazyModule(() => import("./compare-data"));

// A comparison in the address (a shared link) needs that code at once: start its download with
// this module, before the page hydrates, rather than after.
if (typeof window !== "undefined" && new URLSearchParams(window.location.search).has("coin1")) {
  compareData.load().catch(() => {
    // retried when the form asks for it (useLazyModule)
  });
}

const samePair = (a: Pair | null | undefined, b: Pair | null | undefined) => !!a && !!b && a[0] === b[0] && a[1] === b[1];

/**
 * The compare form (spec section 4, "Home compare"): idle, then 'Comparing...' for the 800 ms
 * compare delay, then the result. The page is the same cached HTML for everyone, so a comparison
 * in the address (?coin1=&coin2=: a shared link, a featured card, a most-compared pair) is read
 * here, in the browser, and shown at once; following another such link replaces what is shown.
 * Each result shown after pressing Compare Now counts once for 'Most Compared Pairs'; opening a
 * link does not (a reload or a shared link is not a new comparison).
 */
export function CompareSection({ indexVersion }: { indexVersion: string }) {
  const [coin1, setCoin1] = useState<IndexedCoin | null>(null);
  const [coin2, setCoin2] = useState<IndexedCoin | null>(null);
  const [shown, setShown] = useState<Pair | null>(null);
  const shownRef = useRef<Pair | null>(null);
  const [link, setLink] = useState<Link | null>(null);
  const [comparing, setComparing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const data = useLazyModule(compareData, shown !== null || link !== null);
  const LinkedCoins = data.module?.LinkedCoins;

  // A link's coins fill the selectors once they arrive (the link itself holds only ids).
  const fillFromLink = useCallback((filled: Link, coins: Map<string, Coin>) => {
    setCoin1(coins.get(filled.coin1Id) ?? null);
    setCoin2(filled.coin2Id ? (coins.get(filled.coin2Id) ?? null) : null);
    setLink((current) => (current === filled ? null : current));
  }, []);

  const show = (pair: Pair | null) => {
    shownRef.current = pair;
    setShown(pair);
  };

  const followLink = useCallback((next: Link) => {
    const pair: Pair | null = next.coin2Id && next.coin2Id !== next.coin1Id ? [next.coin1Id, next.coin2Id] : null;
    // Our own Compare Now writes its pair into the address: that is no new link.
    if (samePair(shownRef.current, pair)) return;
    clearTimeout(timer.current);
    setComparing(false);
    show(pair);
    setLink(next);
  }, []);

  const canCompare = coin1 !== null && coin2 !== null && coin1.id !== coin2.id && !comparing;

  function compare() {
    if (!coin1 || !coin2 || coin1.id === coin2.id) return;
    const pair: Pair = [coin1.id, coin2.id];
    setComparing(true);
    // The prices (and the code showing them) load during the compare delay, so the result is
    // usually there when it ends.
    compareData
      .load()
      .then((module) => module.prefetchPair(pair))
      .catch(() => {
        // the result slot says so, and offers to try again
      });
    timer.current = setTimeout(() => {
      show(pair);
      setComparing(false);
      // Make the result shareable without a navigation. The state must be null (not Next's own):
      // Next then updates its router, so following a link back to the earlier pair is a change.
      window.history.replaceState(null, "", comparisonHref(pair[0], pair[1]));
      countComparison(pair[0], pair[1]);
    }, COMPARE_DELAY_MS);
  }

  return (
    <div className="flex flex-col gap-5">
      <Suspense fallback={null}>
        <AddressLink onLink={followLink} />
      </Suspense>
      <div className="grid items-center gap-3 md:grid-cols-[1fr_auto_1fr_auto]">
        <IndexedCoinSelector indexVersion={indexVersion} value={coin1} onChange={setCoin1} placeholder="Select first coin" label="First coin" />
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src="/logo.svg" alt="" width={32} height={32} className="mx-auto hidden md:block" />
        <IndexedCoinSelector indexVersion={indexVersion} value={coin2} onChange={setCoin2} placeholder="Select second coin" label="Second coin" />
        <Button size="lg" onClick={compare} disabled={!canCompare} className="w-full md:w-auto">
          {comparing ? "Comparing..." : "Compare Now"}
        </Button>
      </div>
      {coin1 && coin2 && coin1.id === coin2.id ? (
        <p className="text-sm text-muted-foreground">Pick two different coins to compare.</p>
      ) : null}
      {link && LinkedCoins ? <LinkedCoins link={link} onCoins={fillFromLink} /> : null}
      <CompareResultSlot pair={shown} data={data} />
    </div>
  );
}

/**
 * Reads the comparison in the address, now and after every navigation. A component of its own
 * inside Suspense: reading search params opts only this part out of the cached HTML.
 */
function AddressLink({ onLink }: { onLink: (link: Link) => void }) {
  const params = useSearchParams();
  const { coin1Id, coin2Id } = parseComparisonParams({ coin1: params.get("coin1") ?? undefined, coin2: params.get("coin2") ?? undefined });
  useEffect(() => {
    if (coin1Id) onLink({ coin1Id, coin2Id });
  }, [coin1Id, coin2Id, onLink]);
  return null;
}
