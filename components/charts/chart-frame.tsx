// The chart's frame, shared by the page's first load (lazy-history-chart.tsx) and the chart
// panel: a box of fixed height and a summary line of fixed room, so the page does not move when
// the chart's code and data arrive.
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

/** The chart's fixed box: the same height in every state and before the code arrives. */
export function ChartBox({ children }: { children?: React.ReactNode }) {
  return (
    <div className="relative h-64 w-full sm:h-80" data-testid="chart-box">
      {children}
    </div>
  );
}

/** Room for the summary's lines (three at 360 px) held from the start. */
export function ChartSummary({ children }: { children?: React.ReactNode }) {
  return (
    <p className="min-h-12 text-xs text-muted-foreground" data-testid="chart-summary" aria-live="polite">
      {children}
    </p>
  );
}

export function ChartSkeleton() {
  return <Skeleton className="absolute inset-0" data-testid="chart-skeleton" aria-label="Loading chart" role="status" />;
}

export function ChartMessage({ children }: { children: React.ReactNode }) {
  return (
    <div className="absolute inset-0 flex items-center justify-center rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
      {children}
    </div>
  );
}

export function ChartError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-md border border-dashed p-4 text-center text-sm" role="alert">
      <p>Couldn&apos;t load the chart.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * Said over the chart while it draws the seed's sample history (a fresh install), so no one takes
 * it for real prices. Inside the box, in the empty band above the line (the price scale's top
 * margin) and clear of the price labels on the right: it moves nothing when it appears.
 */
export function ChartSampleNote() {
  return (
    <p className="pointer-events-none absolute top-1 left-1 z-10 max-w-[calc(100%-5.5rem)] rounded bg-background/85 px-1.5 py-0.5 text-xs text-muted-foreground" data-testid="chart-sample-note">
      Sample history — replaced by live prices after the first refresh.
    </p>
  );
}
