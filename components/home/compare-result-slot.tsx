"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { LazyModuleState } from "@/lib/lazy-module";
import type * as CompareData from "./compare-data";

export const RESULT_SLOT_ID = "compare-result";

/**
 * Runs while the cached page is parsed, before the first paint: when the address holds a
 * comparison, the slot takes the result card's height at once (CSS `.compare-result-slot`), so
 * the result that follows after hydration moves nothing below it.
 */
const RESERVE_SCRIPT = `(function(){var q=new URLSearchParams(location.search),a=q.get("coin1"),b=q.get("coin2");if(a&&b&&a!==b)document.getElementById("${RESULT_SLOT_ID}").setAttribute("data-reserved","")})()`;

type Props = {
  pair: CompareData.Pair | null;
  /** The result's code (compare-data.tsx), loaded when there is a pair to show. */
  data: LazyModuleState<typeof CompareData>;
};

/** The home page's result: nothing yet, the card's outline while it loads, the card, or why not. */
export function CompareResultSlot({ pair, data }: Props) {
  // Whether the pair's prices are still loading, as PairResult tells it.
  const [pricesPending, setPricesPending] = useState(true);
  const loading = pair !== null && !data.failed && (!data.module || pricesPending);

  let content: React.ReactNode = null;
  if (pair !== null && data.module) {
    const { PairResult } = data.module;
    content = <PairResult pair={pair} onPendingChange={setPricesPending} />;
  } else if (pair !== null) {
    content = data.failed ? <ResultError onRetry={data.retry} /> : <ResultSkeleton />;
  }

  return (
    <>
      <div
        id={RESULT_SLOT_ID}
        aria-live="polite"
        aria-busy={loading || undefined}
        // The reserve script may have marked the slot before React took over; React keeps the
        // mark until the first state it renders, which holds the space itself.
        suppressHydrationWarning
        data-reserved={loading ? "" : undefined}
        className="compare-result-slot"
      >
        {content}
      </div>
      <script dangerouslySetInnerHTML={{ __html: RESERVE_SCRIPT }} />
    </>
  );
}

/** The prices (or the code that reads them) did not arrive. */
export function ResultError({ onRetry }: { onRetry: () => void }) {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5">
        <p role="alert" className="text-muted-foreground">
          Couldn&apos;t load the prices for this comparison.
        </p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </CardContent>
    </Card>
  );
}

export function ResultSkeleton() {
  return (
    <Card aria-label="Loading the comparison" role="status" className="h-[var(--result-card-height)]">
      <CardContent className="flex flex-col gap-5 pt-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
        <Skeleton className="h-20" />
        <Skeleton className="h-6 w-3/4" />
      </CardContent>
    </Card>
  );
}
