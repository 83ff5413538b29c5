// The date view's result: coin 1 (at today's price and cap, as in every other view) at coin 2's
// market cap on the day found, with a mark wherever that cap rests on the seed's invented history.
import { MoneyView } from "@/components/shell/money-view";
import { usePlsUsd } from "@/components/shell/pls-price";
import type { PoolsForTargets } from "@/lib/coins/what-it-takes";
import { comparisonFailureMessage, computeTypedCapComparison } from "@/lib/compare/comparison";
import type { CapOnDay } from "@/lib/compare/on-date";
import { formatDay } from "@/lib/shared/format";
import type { PriceContext } from "@/lib/shared/freshness";
import { Failure, Figure, Figures, type ResultCoin } from "./result-figures";
import { WhatItTakes } from "./what-it-takes";

/** Said wherever a figure rests on the seed's invented history. */
const SAMPLE_MARK = "sample data, not a real price";

type Props = {
  coin1: ResultCoin;
  coin2Symbol: string;
  found: Extract<CapOnDay, { kind: "found" }>;
  priceContext: PriceContext;
  targets: PoolsForTargets | null;
};

export function DatedResult({ coin1, coin2Symbol, found, priceContext, targets }: Props) {
  const plsUsd = usePlsUsd();
  const result = computeTypedCapComparison(coin1, found.marketCap);
  if (!result.comparable) return <Failure message={comparisonFailureMessage(result.reason, coin1.symbol)} />;
  const day = formatDay(found.day);
  return (
    <>
      <Figures coin1={coin1} priceContext={priceContext} projectedPrice={result.projectedPrice} multiplier={result.multiplier} plsUsd={plsUsd}>
        <Figure
          label={`${coin2Symbol} market cap on ${day}`}
          value={<MoneyView usd={found.marketCap} format="cap" plsUsd={plsUsd} />}
          testId="target-market-cap"
          note={
            found.sample ? (
              <span className="block text-xs font-normal break-normal text-amber-700 dark:text-amber-400" data-testid="sample-marker">
                {SAMPLE_MARK}
              </span>
            ) : null
          }
        />
      </Figures>
      <p className="text-base" data-testid="comparison-sentence">
        When {coin1.symbol} reaches {coin2Symbol}&apos;s market cap on {day}, it will be at{" "}
        <strong className="tabular-nums">
          <MoneyView usd={result.projectedPrice} plsUsd={plsUsd} />
        </strong>
        .
      </p>
      {found.sample ? (
        <p className="text-sm text-muted-foreground" data-testid="on-date-sample-note">
          {coin2Symbol}&apos;s market cap that day is {SAMPLE_MARK}: it comes from the sample history a fresh install starts with, replaced once real
          prices are stored.
        </p>
      ) : null}
      <WhatItTakes targetPrice={result.projectedPrice} currentPrice={coin1.currentPrice} targets={targets} />
    </>
  );
}
