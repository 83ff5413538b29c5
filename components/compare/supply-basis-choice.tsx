"use client";

// Which supply each coin's market cap counts (issue 43, part 2): a picker per coin that has more
// than one basis (lib/coins/supply-bases.ts), around the card's target choice. On the default
// (both circulating) the server-rendered views show, as cached; any other choice is worked out
// here, in the browser, from both coins' bases, and kept in the address (?supply1=staked).
import { useState, type ComponentProps } from "react";
import { TargetChoice } from "@/components/compare/target-choice";
import { TargetView } from "@/components/compare/target-view";
import { Coin1BasisContext } from "@/components/compare/coin1-basis";
import { basisLabel, basisPhrase, onBasisOf, pickBasis, type BasisFigure, type PairBases, type SupplyBasis } from "@/lib/coins/supply-bases";
import { basesFromSearch, searchWithBases, type ChosenBases } from "@/lib/compare/basis-param";
import type { PriceContext } from "@/lib/shared/freshness";
import type { PoolsForTargets } from "@/lib/coins/what-it-takes";
import type { ResultCoin } from "./result-figures";
import { useInAddress } from "./use-in-address";
import { usePlsUsd } from "@/components/shell/pls-price";

/** The bases in the address (?supply1=staked&supply2=total), read after hydration like the target. */
const BASES = { read: basesFromSearch, write: searchWithBases };

export function SupplyBasisChoice({
  coin1,
  coin2,
  bases,
  priceContext,
  targets,
  ...choice
}: ComponentProps<typeof TargetChoice> & { coin1: ResultCoin; coin2: ResultCoin; bases: PairBases; priceContext: PriceContext; targets: PoolsForTargets | null }) {
  const [chosen, setChosen] = useState<ChosenBases>({ basis1: "circulating", basis2: "circulating" });
  useInAddress(true, chosen, BASES, setChosen);
  const plsUsd = usePlsUsd();
  const figure1 = pickBasis(bases.coin1, chosen.basis1);
  const figure2 = pickBasis(bases.coin2, chosen.basis2);
  const basis1 = figure1?.basis ?? "circulating";
  const basis2 = figure2?.basis ?? "circulating";
  const onBases = basis1 !== "circulating" || basis2 !== "circulating";
  const on1 = onBasisOf(coin1, figure1);
  const on2 = onBasisOf(coin2, figure2);
  const view = (target: "today" | "ath") => (
    <TargetView target={target} coin1={on1} coin2={on2} priceContext={priceContext} targets={targets} bases={{ basis1, basis2 }} plsUsd={plsUsd} />
  );
  const holding = choice.holding && onBases ? { ...choice.holding, coin: { ...choice.holding.coin, marketCap: on1.marketCap }, caps: { ...choice.holding.caps, today: on2.marketCap } } : choice.holding;

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="grid min-w-0 gap-2 text-sm sm:flex sm:flex-wrap sm:gap-x-4" data-testid="supply-bases">
        <legend className="sr-only">Which supply each market cap counts</legend>
        <BasisSelect symbol={coin1.symbol} figures={bases.coin1} value={basis1} onChange={(basis) => setChosen({ basis1: basis, basis2 })} testId="supply-basis-1" />
        <BasisSelect symbol={coin2.symbol} figures={bases.coin2} value={basis2} onChange={(basis) => setChosen({ basis1, basis2: basis })} testId="supply-basis-2" />
      </fieldset>
      <Coin1BasisContext.Provider value={figure1}>
        <TargetChoice {...choice} holding={holding} today={onBases ? view("today") : choice.today} ath={onBases ? view("ath") : choice.ath} />
      </Coin1BasisContext.Provider>
    </div>
  );
}

/** One coin's picker; a coin with one basis says which it is, with nothing to pick. */
function BasisSelect({ symbol, figures, value, onChange, testId }: { symbol: string; figures: BasisFigure[]; value: SupplyBasis; onChange: (basis: SupplyBasis) => void; testId: string }) {
  if (figures.length < 2) {
    return (
      <p className="text-muted-foreground" data-testid={testId}>
        {symbol}: {figures.length ? basisPhrase("circulating", symbol) : "market cap as its source gives it"}
      </p>
    );
  }
  return (
    <label className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
      <span className="text-muted-foreground">{symbol} supply</span>
      <select
        value={value}
        onChange={(event) => onChange(event.target.value as SupplyBasis)}
        className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:w-auto"
        data-testid={testId}
      >
        {figures.map((figure) => (
          <option key={figure.basis} value={figure.basis}>
            {basisLabel(figure.basis, symbol)}
          </option>
        ))}
      </select>
    </label>
  );
}
