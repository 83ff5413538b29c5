"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { IndexedCoinSelector } from "@/components/coins/indexed-coin-selector";
import { TargetSwitch } from "@/components/shell/target-switch";
import { SiteMark } from "@/components/shell/site-mark";
import { Button } from "@/components/ui/button";
import type { IndexedCoin } from "@/lib/coins/coin-index";
import { coinPath } from "@/lib/coins/coin-path";
import { pairTargetPath } from "@/lib/compare/pair-route";
import type { ComparisonTarget } from "@/lib/compare/comparison";
import { linkedCoinId } from "@/lib/compare/comparison-link";
import { lazyModule, useLazyModule } from "@/components/shell/lazy-module";
import { COMPARE_DELAY_MS } from "@/lib/trending/home-tables";
import type { Coin } from "@/lib/coins/schemas";

const trendingEndpoints = () => import("@/lib/trending/endpoints");
/** The API client, loaded on the first press: nothing else on the home page's first load needs it (issue 53). */
const apiClient = () => import("@/lib/api/call-api.browser");

/** Reads the coin a link names (TanStack Query with it), loaded only when the address names one. */
const linkedCoinCode = lazyModule(() => import("./linked-coin"));

// A coin in the address (Recently Listed, 'Compare other coins') needs that code at once: start
// its download with this module, before the page hydrates, rather than after.
if (typeof window !== "undefined" && new URLSearchParams(window.location.search).has("coin1")) {
  linkedCoinCode.load().catch(() => {
    // retried when the form asks for it (useLazyModule)
  });
}

/**
 * The compare form (spec section 4, "Home compare"): pick two coins, press Compare Now, which
 * reads 'Comparing...' for the 800 ms compare delay and then opens the pair's own page
 * (/compare/{coin1}/{coin2}), where the result card is: an address to share and to find. The
 * page's code and HTML load during the delay. Each press counts once for 'Most Compared Pairs';
 * opening a pair page by a link does not (a reload or a shared link is not a new comparison).
 * `/?coin1=hex` opens the form with that coin picked. The target switch picks coin 2's market cap
 * today or at its all-time high; the high opens the pair page on that view (?target=ath).
 */
export function CompareSection({ indexVersion }: { indexVersion: string }) {
  const router = useRouter();
  const [coin1, setCoin1] = useState<IndexedCoin | null>(null);
  const [coin2, setCoin2] = useState<IndexedCoin | null>(null);
  const [linkedId, setLinkedId] = useState<string | null>(null);
  const [comparing, setComparing] = useState(false);
  const [target, setTarget] = useState<ComparisonTarget>("today");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const linked = useLazyModule(linkedCoinCode, linkedId !== null);
  const LinkedCoin = linked.module?.LinkedCoin;

  const followLink = useCallback((coinId: string) => setLinkedId(coinId), []);
  // The link's coin fills the first selector once it arrives (the link itself holds only its id).
  const fillFromLink = useCallback((coin: Coin) => {
    setCoin1(coin);
    setLinkedId(null);
  }, []);

  const canCompare = coin1 !== null && coin2 !== null && coin1.id !== coin2.id && !comparing;

  function compare() {
    if (!coin1 || !coin2 || coin1.id === coin2.id) return;
    const path = pairTargetPath(coin1.id, coin2.id, target);
    setComparing(true);
    router.prefetch(path);
    const client = apiClient().catch(() => null); // downloads during the delay; a failed download only skips the count
    timer.current = setTimeout(() => {
      // Counted for the most-compared ranking, fire and forget: the count is a popularity hint,
      // so a failed or slow count never reaches the visitor (no error, no toast, nothing waits on
      // it). `keepalive` lets it finish when the visitor leaves right after the result shows.
      client
        .then((api) => api?.callApi(trendingEndpoints, "countComparison", { body: { coin1Id: coin1.id, coin2Id: coin2.id }, keepalive: true }))
        .catch(() => {});
      // 'Comparing...' stays until the pair page replaces this one.
      router.push(path);
    }, COMPARE_DELAY_MS);
  }

  return (
    <div className="flex flex-col gap-5">
      <Suspense fallback={null}>
        <AddressLink onLink={followLink} />
      </Suspense>
      <div className="grid items-center gap-3 md:grid-cols-[1fr_auto_1fr_auto]">
        <IndexedCoinSelector indexVersion={indexVersion} value={coin1} onChange={setCoin1} placeholder="Select first coin" label="First coin" />
        <SiteMark size={32} className="mx-auto hidden md:block" />
        <IndexedCoinSelector indexVersion={indexVersion} value={coin2} onChange={setCoin2} placeholder="Select second coin" label="Second coin" />
        <Button size="lg" onClick={compare} disabled={!canCompare} className="w-full md:w-auto">
          {comparing ? "Comparing..." : "Compare Now"}
        </Button>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TargetSwitch value={target} onChange={(next) => setTarget(next === "ath" ? "ath" : "today")} coinSymbol={coin2?.symbol ?? "the second coin"} />
        <ChosenCoinPages coins={[coin1, coin2]} />
      </div>
      {coin1 && coin2 && coin1.id === coin2.id ? (
        <p className="text-sm text-muted-foreground">Pick two different coins to compare.</p>
      ) : null}
      {linkedId && LinkedCoin ? <LinkedCoin coinId={linkedId} onCoin={fillFromLink} /> : null}
    </div>
  );
}

/** Links to the chosen coins' own pages (the selectors are buttons, which cannot hold a link). */
function ChosenCoinPages({ coins }: { coins: readonly (IndexedCoin | null)[] }) {
  const chosen = coins.filter((coin, index): coin is IndexedCoin => coin !== null && coins.findIndex((other) => other?.id === coin.id) === index);
  if (chosen.length === 0) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="chosen-coin-pages">
      Coin pages:{" "}
      {chosen.map((coin, index) => (
        <span key={coin.id}>
          {index > 0 ? " · " : null}
          <Link href={coinPath(coin.id)} prefetch={false} className="font-medium text-foreground underline-offset-4 hover:underline">
            {coin.symbol}
          </Link>
        </span>
      ))}
    </p>
  );
}

/**
 * Reads the coin in the address, now and after every navigation. A component of its own inside
 * Suspense: reading search params opts only this part out of the cached HTML.
 */
function AddressLink({ onLink }: { onLink: (coinId: string) => void }) {
  const coin1Id = linkedCoinId(useSearchParams());
  useEffect(() => {
    if (coin1Id) onLink(coin1Id);
  }, [coin1Id, onLink]);
  return null;
}
