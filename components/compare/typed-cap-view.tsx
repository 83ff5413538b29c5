"use client";

// The pair card's third view: coin 1 at a market cap the visitor typed, worked out in the browser
// from coin 1's figures (the server renders the two coin targets; a typed number never reaches it).
import { useTypedCap } from "@/components/compare/target-choice";
import { useCoin1OnBasis } from "@/components/compare/coin1-basis";
import type { PriceContext } from "@/lib/shared/freshness";
import { comparisonFailureMessage, computeTypedCapComparison } from "@/lib/compare/comparison";
import { Failure, Figure, Figures, type ResultCoin } from "./result-figures";
import { WhatItTakes } from "./what-it-takes";
import type { PoolsForTargets } from "@/lib/coins/what-it-takes";
import { MoneyView } from "@/components/shell/money-view";
import { usePlsUsd } from "@/components/shell/pls-price";

export function TypedCapView({ coin1: given, priceContext, targets = null }: { coin1: ResultCoin; priceContext: PriceContext; targets?: PoolsForTargets | null }) {
  const cap = useTypedCap();
  // On the supply basis picked for coin 1, when the pair offers one (coin1-basis.tsx).
  const coin1 = useCoin1OnBasis(given);
  const plsUsd = usePlsUsd();
  if (cap === null) return <p className="text-muted-foreground">Type a market cap to see {coin1.symbol}&apos;s price at it.</p>;
  const result = computeTypedCapComparison(coin1, cap);
  if (!result.comparable) return <Failure message={comparisonFailureMessage(result.reason, coin1.symbol)} />;
  return (
    <>
      <Figures coin1={coin1} priceContext={priceContext} projectedPrice={result.projectedPrice} multiplier={result.multiplier} plsUsd={plsUsd}>
        <Figure label="Market cap you typed" value={<MoneyView usd={cap} format="cap" plsUsd={plsUsd} />} testId="target-market-cap" />
      </Figures>
      <p className="text-base" data-testid="comparison-sentence">
        When {coin1.symbol} reaches a market cap of <MoneyView usd={cap} format="cap" plsUsd={plsUsd} />, it will be at{" "}
        <strong className="tabular-nums">
          <MoneyView usd={result.projectedPrice} plsUsd={plsUsd} />
        </strong>
        .
      </p>
      <WhatItTakes targetPrice={result.projectedPrice} currentPrice={coin1.currentPrice} targets={targets} />
    </>
  );
}
