"use client";

// The date view's panel, loaded when "On a date" is chosen (on-date-view.tsx): reads coin 2's
// whole stored history and shows coin 1 at coin 2's market cap on the day picked, by the rule of
// lib/compare/on-date.ts (the day's last point). Coin 1 is valued at today's price and cap, as in
// every other view; only the target comes from the past.
import { QueryProvider } from "@/components/shell/query-provider";
import { dayBounds } from "@/lib/compare/on-date";
import { useCoin1OnBasis } from "./coin1-basis";
import { DatedResult } from "./dated-result";
import { DayMessage, NoHistoryMessage } from "./on-date-messages";
import { DayField, OnDateError, OnDateSkeleton } from "./on-date-parts";
import type { OnDateProps } from "./on-date-props";
import { useCapOnDay } from "./use-cap-on-day";

export function OnDatePanel(props: OnDateProps) {
  return (
    <QueryProvider>
      <DatedComparison {...props} />
    </QueryProvider>
  );
}

function DatedComparison({ coin1: given, coin2, priceContext, targets = null }: OnDateProps) {
  // On the supply basis picked for coin 1, when the pair offers one (coin1-basis.tsx);
  // coin 2's cap that day is the one recorded, on its circulating supply then.
  const coin1 = useCoin1OnBasis(given);
  const { history, dayText, setDayText, found } = useCapOnDay(coin2.id);

  if (history.isError || !history.data) {
    return (
      <>
        <DayField coin2Symbol={coin2.symbol} value={dayText ?? ""} bounds={null} onChange={setDayText} />
        {history.isError ? <OnDateError coin2Symbol={coin2.symbol} onRetry={() => void history.refetch()} /> : <OnDateSkeleton />}
      </>
    );
  }
  const bounds = dayBounds(history.data);
  if (!bounds || found?.kind === "no-history") return <NoHistoryMessage coin2Symbol={coin2.symbol} />;

  return (
    <>
      <DayField coin2Symbol={coin2.symbol} value={found ? found.day : (dayText ?? "")} bounds={bounds} onChange={setDayText} />
      {found?.kind === "found" ? (
        <DatedResult coin1={coin1} coin2Symbol={coin2.symbol} found={found} priceContext={priceContext} targets={targets} />
      ) : (
        <DayMessage found={found} coin1Symbol={coin1.symbol} coin2Symbol={coin2.symbol} onPickDay={setDayText} />
      )}
    </>
  );
}
