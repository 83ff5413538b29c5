// The states a playground tool's result shows before and instead of a result, shared by the tool
// (compare-tool.tsx) and its lazily loaded result (tool-result.tsx), so neither imports the other.
import { Skeleton } from "@/components/ui/skeleton";

/** The result's outline while its prices (or its code) load. */
export function ToolResultSkeleton() {
  return <Skeleton className="h-6 w-3/4" role="status" aria-label="Loading the comparison" />;
}

/** The prices (or the code that reads them) did not arrive. */
export function ToolResultError({ onRetry }: { onRetry: () => void }) {
  return (
    <p className="text-sm text-muted-foreground">
      Couldn&apos;t load the prices.{" "}
      <button type="button" className="font-medium text-foreground underline underline-offset-4" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
