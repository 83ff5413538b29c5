"use client";

// The pair card's fourth view: coin 1 at coin 2's market cap on a day of coin 2's stored history.
// Mounted only when "On a date" is chosen (TargetChoice renders the chosen view alone), and even
// then this shell is all the page's first load carries: the panel, TanStack Query with it, and the
// history request come once a visitor picks this target.
import { lazyModule, useLazyModule } from "@/components/shell/lazy-module";
import { DayField, OnDateError, OnDateSkeleton } from "./on-date-parts";
import type { OnDateProps } from "./on-date-props";

const panelCode = lazyModule(() => import("./on-date-panel"));

export function OnDateView(props: OnDateProps) {
  const code = useLazyModule(panelCode, true);
  if (code.module) return <code.module.OnDatePanel {...props} />;
  return (
    <>
      <DayField coin2Symbol={props.coin2.symbol} value="" bounds={null} onChange={() => {}} />
      {code.failed ? <OnDateError coin2Symbol={props.coin2.symbol} onRetry={code.retry} /> : <OnDateSkeleton />}
    </>
  );
}
