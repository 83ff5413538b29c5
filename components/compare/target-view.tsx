// Coin 1 at coin 2's market cap today or at its all-time high: the card's figures, its sentence
// and what reaching it would take. One view for both places it is worked out: on the server for
// the cached page (comparison-result.tsx, circulating supplies, the spec's card word for word), and
// in the browser on supply bases the visitor picked (supply-basis-choice.tsx), which says which
// basis each figure uses. Neither a server nor a client module of its own: it renders where its
// parent does.
import { PriceBadges } from "@/components/shell/price-badges";
import { MoneyView } from "@/components/shell/money-view";
import { basisPhrase, type SupplyBasis } from "@/lib/coins/supply-bases";
import type { PoolsForTargets } from "@/lib/coins/what-it-takes";
import { athEstimatedNote, formatHighDay } from "@/lib/compare/ath-target-copy";
import { comparisonFailureMessage, computeAthComparison, computeComparison } from "@/lib/compare/comparison";
import type { PriceContext } from "@/lib/shared/freshness";
import { AthTargetWords } from "./ath-target-words";
import { Failure, Figure, Figures, type ResultCoin } from "./result-figures";
import { WhatItTakes } from "./what-it-takes";

/** The supply each coin's market cap counts, when the visitor picked one (absent: today's figures). */
export type PickedBases = { basis1: SupplyBasis; basis2: SupplyBasis };

type Props = {
  target: "today" | "ath";
  /** Both coins, with `marketCap` on their picked basis when `bases` is given. */
  coin1: ResultCoin;
  coin2: ResultCoin;
  priceContext: PriceContext;
  targets: PoolsForTargets | null;
  bases?: PickedBases;
  /**
   * The layout's PLS price, so the figures are formatted where the view renders (result-figures.tsx).
   * The high's sentence (AthTargetWords) keeps the client Money it shares with the saved and
   * playground views: the ath view is hydrated only once it is chosen.
   */
  plsUsd: number | null;
};

export function TargetView({ target, coin1, coin2, priceContext, targets, bases, plsUsd }: Props) {
  const athResult = target === "ath" ? computeAthComparison(coin1, coin2) : null;
  const result = athResult ?? computeComparison(coin1, coin2);
  if (!result.comparable) return <Failure message={comparisonFailureMessage(result.reason, result.invalidCoin?.symbol)} />;
  const ath = athResult?.comparable ? athResult : null;
  return (
    <>
      <Figures coin1={coin1} priceContext={priceContext} projectedPrice={result.projectedPrice} multiplier={result.multiplier} plsUsd={plsUsd}>
        {ath ? (
          <Figure label={`${coin2.symbol} all-time-high market cap`} value={<MoneyView usd={ath.athMarketCap} format="cap" plsUsd={plsUsd} />} testId="target-market-cap" note={<HighNote day={formatHighDay(ath.athMarketCapAt)} estimated={ath.athMarketCapEstimated} />} />
        ) : (
          <Figure
            label={bases ? `${coin2.symbol} market cap, ${basisPhrase(bases.basis2, coin2.symbol)}` : `${coin2.symbol} market cap`}
            value={<MoneyView usd={coin2.marketCap} format="cap" plsUsd={plsUsd} />}
            testId="target-market-cap"
            note={<PriceBadges coin={coin2} context={priceContext} />}
          />
        )}
      </Figures>
      <p className="text-base" data-testid="comparison-sentence">
        When {coin1.symbol} reaches{" "}
        {ath ? <AthTargetWords symbol={coin2.symbol} athMarketCap={ath.athMarketCap} athMarketCapAt={ath.athMarketCapAt} /> : `the market cap of ${coin2.symbol}`}, it
        will be at{" "}
        <strong className="tabular-nums">
          <MoneyView usd={result.projectedPrice} plsUsd={plsUsd} />
        </strong>
        .
      </p>
      {bases ? (
        <p className="text-sm text-muted-foreground" data-testid="basis-note">
          {coin1.symbol}&apos;s market cap counts {basisPhrase(bases.basis1, coin1.symbol)} (<MoneyView usd={coin1.marketCap} format="cap" plsUsd={plsUsd} /> today);{" "}
          {/* Coin 2's high is the one on record: its supply then is not known on any other basis. */}
          {ath ? `${coin2.symbol}'s high is as recorded, on its circulating supply then.` : `${coin2.symbol}'s counts ${basisPhrase(bases.basis2, coin2.symbol)}.`} The
          ladder and the chart below stay on circulating supplies.
        </p>
      ) : null}
      <WhatItTakes targetPrice={result.projectedPrice} currentPrice={coin1.currentPrice} targets={targets} />
      {ath?.athMarketCapEstimated ? (
        <p className="text-sm text-muted-foreground" data-testid="ath-estimated-note">
          {athEstimatedNote(coin2.symbol)}
        </p>
      ) : null}
    </>
  );
}

/** The high's day and whether it is estimated, under its figure. */
function HighNote({ day, estimated }: { day: string | null; estimated: boolean }) {
  if (!day && !estimated) return null;
  return (
    <span className="block text-xs font-normal break-normal text-muted-foreground" data-testid="target-date">
      {[day, estimated ? "estimated" : null].filter(Boolean).join(", ")}
    </span>
  );
}
