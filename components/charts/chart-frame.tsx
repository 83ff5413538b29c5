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
