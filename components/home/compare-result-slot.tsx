"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { HttpError } from "@/lib/api/fetch-json";
import { computeComparison } from "@/lib/comparison";
import type { Coin } from "@/lib/validation/coins";
import { ComparisonActions } from "./comparison-actions";
import { ComparisonResult } from "./comparison-result";

export const RESULT_SLOT_ID = "compare-result";

/**
 * Runs while the cached page is parsed, before the first paint: when the address holds a
 * comparison, the slot takes the result card's height at once (CSS `.compare-result-slot`), so
 * the result that follows after hydration moves nothing below it.
 */
const RESERVE_SCRIPT = `(function(){var q=new URLSearchParams(location.search),a=q.get("coin1"),b=q.get("coin2");if(a&&b&&a!==b)document.getElementById("${RESULT_SLOT_ID}").setAttribute("data-reserved","")})()`;

type Props = {
  pair: readonly [string, string] | null;
  result: UseQueryResult<readonly [Coin | undefined, Coin | undefined] | null>;
};

/** The home page's result: nothing yet, the card's outline while the two coins load, the card, or why not. */
export function CompareResultSlot({ pair, result }: Props) {
  const loading = pair !== null && result.isPending;
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
        <SlotContent pair={pair} result={result} />
      </div>
      <script dangerouslySetInnerHTML={{ __html: RESERVE_SCRIPT }} />
    </>
  );
}

function SlotContent({ pair, result }: Props) {
  if (pair === null) return null;
  if (result.isPending) return <ResultSkeleton />;
  // A link naming a coin we do not list shows nothing, as a malformed link does.
  if (result.error instanceof HttpError && result.error.status === 404) return null;
  const [coin1, coin2] = result.data ?? [];
  if (result.isError || !coin1 || !coin2) {
    return (
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5">
          <p role="alert" className="text-muted-foreground">
            Couldn&apos;t load the prices for this comparison.
          </p>
          <Button variant="outline" size="sm" onClick={() => void result.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <ComparisonResult result={computeComparison(coin1, coin2)} actions={<ComparisonActions coin1={coin1} coin2={coin2} />} />;
}

function ResultSkeleton() {
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
