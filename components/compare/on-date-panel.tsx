"use client";

// The date view's panel, loaded when "On a date" is chosen (on-date-view.tsx): reads coin 2's
// whole stored history and shows coin 1 at coin 2's market cap on the day picked, by the rule of
// lib/compare/on-date.ts (the day's last point). Coin 1 is valued at today's price and cap, as in
// every other view; only the target comes from the past.
import { useEffect } from "react";
import { useCoinHistory } from "@/components/charts/history-queries";
import { QueryProvider } from "@/components/shell/query-provider";
import { Button } from "@/components/ui/button";
import { useDayChoice } from "@/components/compare/target-choice";
import { comparisonFailureMessage, computeTypedCapComparison } from "@/lib/compare/comparison";
import { capOnDay, dayBounds, type CapOnDay } from "@/lib/compare/on-date";
import { parseDayKey } from "@/lib/shared/utc-day";
import { formatDay } from "@/lib/shared/format";
import { DayField, OnDateError, OnDateSkeleton } from "./on-date-parts";
import type { OnDateProps } from "./on-date-view";
import { Failure, Figure, Figures } from "./result-figures";
import { useCoin1OnBasis } from "./coin1-basis";
import { WhatItTakes } from "./what-it-takes";
import { Money } from "@/components/shell/money";

export function OnDatePanel(props: OnDateProps) {
  return (
    <QueryProvider>
      <DatedComparison {...props} />
    </QueryProvider>
  );
}

/** Said wherever a figure rests on the seed's invented history. */
const SAMPLE_MARK = "sample data, not a real price";

function DatedComparison({ coin1: given, coin2, priceContext, targets = null }: OnDateProps) {
  // On the supply basis picked for coin 1, when the pair offers one (coin1-basis.tsx);
  // coin 2's cap that day is the one recorded, on its circulating supply then.
  const coin1 = useCoin1OnBasis(given);
  const history = useCoinHistory(coin2.id, "all");
  const { dayText, setDayText, report } = useDayChoice();
  // null: no day picked yet, so the last day with history; "" or a bad text: the field was cleared.
  const picked = dayText === null ? null : parseDayKey(dayText);
  const found: CapOnDay | null = history.data && (dayText === null || picked) ? capOnDay(history.data, picked) : null;

  // The holding figures and the address read the day's cap from TargetChoice: told what is shown.
  // Compared by value: a new `found` object with the same figures is no news.
  const shown = found?.kind === "found" ? found : null;
  const [shownDay, shownCap, shownSample] = [shown?.day ?? null, shown?.marketCap ?? null, shown?.sample ?? false];
  useEffect(() => {
    report(shownDay !== null && shownCap !== null ? { day: shownDay, marketCap: shownCap, sample: shownSample } : null);
  }, [report, shownDay, shownCap, shownSample]);
  useEffect(() => () => report(null), [report]);

  if (history.isError) {
    return (
      <>
        <DayField coin2Symbol={coin2.symbol} value={dayText ?? ""} bounds={null} onChange={setDayText} />
        <OnDateError coin2Symbol={coin2.symbol} onRetry={() => void history.refetch()} />
      </>
    );
  }
  if (!history.data) {
    return (
      <>
        <DayField coin2Symbol={coin2.symbol} value={dayText ?? ""} bounds={null} onChange={setDayText} />
        <OnDateSkeleton />
      </>
    );
  }
  const bounds = dayBounds(history.data);
  if (!bounds || found?.kind === "no-history") {
    return (
      <p className="text-muted-foreground" data-testid="on-date-message">
        {coin2.symbol} has no stored history yet.
      </p>
    );
  }

  const field = <DayField coin2Symbol={coin2.symbol} value={found ? found.day : (dayText ?? "")} bounds={bounds} onChange={setDayText} />;
  if (!found) {
    return (
      <>
        {field}
        <p className="text-muted-foreground" data-testid="on-date-message">
          Pick a day to see {coin1.symbol}&apos;s price at {coin2.symbol}&apos;s market cap that day.
        </p>
      </>
    );
  }
  if (found.kind === "outside") {
    return (
      <>
        {field}
        <p role="alert" className="text-muted-foreground" data-testid="on-date-message">
          {coin2.symbol}&apos;s stored history runs from {formatDay(found.bounds.first)} to {formatDay(found.bounds.last)}: pick a day in between.
        </p>
      </>
    );
  }
  if (found.kind === "no-record") {
    return (
      <>
        {field}
        <div role="alert" className="flex flex-wrap items-center gap-3" data-testid="on-date-message">
          <p className="text-muted-foreground">
            No record of {coin2.symbol}&apos;s market cap on {formatDay(found.day)}.
          </p>
          <Button variant="outline" size="sm" onClick={() => setDayText(found.earlier)}>
            Use {formatDay(found.earlier)}
          </Button>
        </div>
      </>
    );
  }

  const result = computeTypedCapComparison(coin1, found.marketCap);
  if (!result.comparable) {
    return (
      <>
        {field}
        <Failure message={comparisonFailureMessage(result.reason, coin1.symbol)} />
      </>
    );
  }
  const day = formatDay(found.day);
  return (
    <>
      {field}
      <Figures coin1={coin1} priceContext={priceContext} projectedPrice={result.projectedPrice} multiplier={result.multiplier}>
        <Figure
          label={`${coin2.symbol} market cap on ${day}`}
          value={<Money usd={found.marketCap} format="cap" />}
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
        When {coin1.symbol} reaches {coin2.symbol}&apos;s market cap on {day}, it will be at{" "}
        <strong className="tabular-nums">
          <Money usd={result.projectedPrice} />
        </strong>
        .
      </p>
      {found.sample ? (
        <p className="text-sm text-muted-foreground" data-testid="on-date-sample-note">
          {coin2.symbol}&apos;s market cap that day is {SAMPLE_MARK}: it comes from the sample history a fresh install starts with, replaced once real
          prices are stored.
        </p>
      ) : null}
      <WhatItTakes targetPrice={result.projectedPrice} currentPrice={coin1.currentPrice} targets={targets} />
    </>
  );
}
