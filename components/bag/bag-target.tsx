"use client";

// The target for the whole bag table: a coin's market cap today or at its all-time high, or a
// market cap typed in. A coin target reads that one coin from the site (its id only: nothing about
// the wallet), after the bag itself is read.
import { useState } from "react";
import { useCoinsByIds } from "@/components/coins/coin-queries";
import { IndexedCoinSelector } from "@/components/coins/indexed-coin-selector";
import { TargetSwitch } from "@/components/shell/target-switch";
import { TypedNumberField, useTypedNumber } from "@/components/shell/typed-number-field";
import type { IndexedCoin } from "@/lib/coins/coin-index";
import { atTargetPhrase } from "@/lib/compare/target-copy";
import type { ChosenTarget } from "@/lib/compare/target-param";
import { MARKET_CAP_RULES } from "@/lib/compare/typed-number";

export type BagTarget = {
  /** The target's market cap, or null while there is none (nothing picked, a coin without a high). */
  cap: number | null;
  /** "at BTC's market cap", "at a market cap of $100.00B"; null while nothing is picked. */
  phrase: string | null;
  /** Why there is no cap although something was picked. */
  problem: string | null;
};

export function useBagTarget(indexVersion: string) {
  const [kind, setKind] = useState<ChosenTarget>("today");
  const [coin, setCoin] = useState<IndexedCoin | null>(null);
  const typed = useTypedNumber(MARKET_CAP_RULES);
  const read = useCoinsByIds(kind !== "cap" && coin ? [coin.id] : null);
  const full = coin ? read.data?.get(coin.id) : undefined;

  let target: BagTarget = { cap: null, phrase: null, problem: null };
  if (kind === "cap") {
    target = { cap: typed.value, phrase: typed.value === null ? null : atTargetPhrase("cap", null, typed.value), problem: null };
  } else if (coin && full) {
    const cap = kind === "ath" ? full.athMarketCap : full.marketCap;
    target = cap !== null && cap > 0 ? { cap, phrase: atTargetPhrase(kind, coin.symbol, null), problem: null } : { cap: null, phrase: null, problem: `${coin.symbol} has no ${kind === "ath" ? "all-time-high " : ""}market cap on record yet.` };
  } else if (coin && read.isError) {
    target = { cap: null, phrase: null, problem: `Couldn't load ${coin.symbol}'s market cap. Pick it again to retry.` };
  }

  const picker = (
    <div className="flex flex-col gap-3" data-testid="bag-target">
      <p className="text-sm font-medium">Value the whole bag at</p>
      <TargetSwitch value={kind} onChange={setKind} coinSymbol={coin?.symbol ?? "a coin"} withTypedCap />
      {kind === "cap" ? (
        <TypedNumberField label="Market cap" prefix="$" field={typed} placeholder="100b" />
      ) : (
        <div className="max-w-xs">
          <IndexedCoinSelector indexVersion={indexVersion} value={coin} onChange={setCoin} placeholder="Select a coin" label="Target coin" />
        </div>
      )}
    </div>
  );
  return { target, picker };
}
