// The date view's pieces shared by its first-load shell (on-date-view.tsx) and its panel
// (on-date-panel.tsx): the day field, and the loading and error states, each the height of what
// replaces it so the card does not jump when the history arrives.
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import type { DayBounds } from "@/lib/compare/on-date";

/**
 * A native date input, labelled, bounded by coin 2's history (`bounds`; disabled until known). The
 * browser's own picker is keyboard-operable and speaks the visitor's date format; its value is
 * always YYYY-MM-DD, the day in the address.
 */
export function DayField({
  coin2Symbol,
  value,
  bounds,
  onChange,
}: {
  coin2Symbol: string;
  value: string;
  bounds: DayBounds | null;
  onChange: (text: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {coin2Symbol}&apos;s market cap on
      </label>
      <div className="w-44 shrink-0">
        <Input
          id={id}
          type="date"
          value={value}
          min={bounds?.first}
          max={bounds?.last}
          disabled={!bounds}
          onChange={(event) => onChange(event.target.value)}
          className="h-8 tabular-nums"
          data-testid="on-date-input"
        />
      </div>
    </div>
  );
}

/** The figures' room while the code or the history loads: two rows of figures, then the sentence. */
export function OnDateSkeleton() {
  return (
    <div role="status" aria-label="Loading the market cap history" className="flex flex-col gap-4" data-testid="on-date-loading">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-[4.5rem]" />
        ))}
      </div>
      <Skeleton className="h-6 w-3/4" />
    </div>
  );
}

export function OnDateError({ coin2Symbol, onRetry }: { coin2Symbol: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3" data-testid="on-date-error">
      <p className="text-muted-foreground">Couldn&apos;t load {coin2Symbol}&apos;s market cap history.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
