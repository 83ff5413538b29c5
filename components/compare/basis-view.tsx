"use client";

// The pair card's answer on supply bases the visitor picked (supply-basis-choice.tsx): the same
// figures and sentence as the server-rendered views, worked out in the browser from both coins'
// market caps on their bases, and saying which basis each figure uses.
import { PriceBadges } from "@/components/coins/price-badges";
import { basisPhrase, type SupplyBasis } from "@/lib/coins/supply-bases";
import type { PoolsForTargets } from "@/lib/coins/what-it-takes";
import { comparisonFailureMessage, computeAthComparison, computeComparison } from "@/lib/compare/comparison";
import type { PriceContext } from "@/lib/shared/freshness";
import { Failure, Figure, Figures, type ResultCoin } from "./result-figures";
import { WhatItTakes } from "./what-it-takes";
import { Money } from "@/components/unit/money";
import { AthTargetWords } from "./ath-target-words";

type Props = {
  target: "today" | "ath";
  /** Both coins with `marketCap` on their chosen basis. */
  coin1: ResultCoin;
  coin2: ResultCoin;
  basis1: SupplyBasis;
  basis2: SupplyBasis;
  priceContext: PriceContext;
  targets: PoolsForTargets | null;
};

export function BasisView({ target, coin1, coin2, basis1, basis2, priceContext, targets }: Props) {
  const athResult = target === "ath" ? computeAthComparison(coin1, coin2) : null;
  const result = athResult ?? computeComparison(coin1, coin2);
  if (!result.comparable) return <Failure message={comparisonFailureMessage(result.reason, result.invalidCoin?.symbol)} />;
  const ath = athResult?.comparable ? athResult : null;
  // Coin 2's high is the one on record: its supply then is not known on any other basis.
  const label2 = ath ? `${coin2.symbol} all-time-high market cap` : `${coin2.symbol} market cap, ${basisPhrase(basis2, coin2.symbol)}`;
  const cap2 = ath ? ath.athMarketCap : coin2.marketCap;
  const phrase = ath ? <AthTargetWords symbol={coin2.symbol} athMarketCap={ath.athMarketCap} athMarketCapAt={ath.athMarketCapAt} /> : `the market cap of ${coin2.symbol}`;
  return (
    <>
      <Figures coin1={coin1} priceContext={priceContext} projectedPrice={result.projectedPrice} multiplier={result.multiplier}>
        <Figure label={label2} value={<Money usd={cap2} format="cap" />} testId="target-market-cap" note={ath ? null : <PriceBadges coin={coin2} context={priceContext} />} />
      </Figures>
      <p className="text-base" data-testid="comparison-sentence">
        When {coin1.symbol} reaches {phrase}, it will be at{" "}
        <strong className="tabular-nums">
          <Money usd={result.projectedPrice} />
        </strong>
        .
      </p>
      <p className="text-sm text-muted-foreground" data-testid="basis-note">
        {coin1.symbol}&apos;s market cap counts {basisPhrase(basis1, coin1.symbol)} (<Money usd={coin1.marketCap} format="cap" /> today);{" "}
        {ath ? `${coin2.symbol}'s high is as recorded, on its circulating supply then.` : `${coin2.symbol}'s counts ${basisPhrase(basis2, coin2.symbol)}.`} The ladder and
        the chart below stay on circulating supplies.
      </p>
      <WhatItTakes targetPrice={result.projectedPrice} currentPrice={coin1.currentPrice} targets={targets} />
    </>
  );
}
