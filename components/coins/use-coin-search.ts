"use client";

// The open coin panel's search: what is typed, the coins it matches, the active option, and an
// Enter pressed before the list arrived. The panel (coin-selector-panel.tsx) draws it.
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { searchCoins } from "@/lib/coins/coin-search";
import type { CoinListStatus, SelectorCoin, TypedAhead } from "./coin-selector-parts";

type Options<C extends SelectorCoin> = {
  coins: readonly C[];
  status: CoinListStatus;
  value: C | null;
  onChoose: (coin: C) => void;
  typedAhead?: TypedAhead;
};

export function useCoinSearch<C extends SelectorCoin>({ coins, status, value, onChoose, typedAhead }: Options<C>) {
  const [query, setQuery] = useState(typedAhead?.query ?? "");
  // The box echoes each keystroke at once; filtering thousands of coins follows in a render React
  // may interrupt, so typing never waits on the list.
  const deferredQuery = useDeferredValue(query);
  const results = useMemo(() => searchCoins(coins, deferredQuery), [coins, deferredQuery]);
  // Open on the chosen coin so the user sees where they are; otherwise on the first option.
  const [initialIndex] = useState(() => Math.max(0, coins.findIndex((coin) => coin.id === value?.id)));
  const [active, setActive] = useState(initialIndex);
  const activeCoin = results[active];
  // Enter pressed before the list arrived (a fast typist, a slow network): choose once it is here.
  // Nothing on screen shows the wish, so it is a ref; the list's arrival re-runs the effect.
  const chooseWhenReady = useRef(typedAhead?.enter ?? false);
  useEffect(() => {
    if (!chooseWhenReady.current || status === "loading" || deferredQuery !== query) return;
    chooseWhenReady.current = false;
    if (status === "ready" && activeCoin) onChoose(activeCoin);
  }, [status, activeCoin, onChoose, deferredQuery, query]);

  /** Enter: choose the active option, or as soon as the list is here. */
  function chooseActive() {
    // The list on screen may still be for an earlier keystroke: choose from what was typed.
    const coin = deferredQuery === query ? activeCoin : searchCoins(coins, query)[active];
    if (coin) onChoose(coin);
    else if (status === "loading") chooseWhenReady.current = true;
  }

  return { query, setQuery, results, initialIndex, active, setActive, activeCoin, chooseActive };
}
