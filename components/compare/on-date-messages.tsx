// What the date view says instead of figures: no history at all, no day picked yet, a day outside
// coin 2's stored history, or a day inside it with no record (offering the nearest earlier one).
import { Button } from "@/components/ui/button";
import { dayFailureMessage, type CapOnDay } from "@/lib/compare/on-date";
import { formatDay } from "@/lib/shared/format";

export function NoHistoryMessage({ coin2Symbol }: { coin2Symbol: string }) {
  return (
    <p className="text-muted-foreground" data-testid="on-date-message">
      {dayFailureMessage({ kind: "no-history" }, coin2Symbol)}
    </p>
  );
}

type Props = {
  /** null: no day picked (or the field cleared). */
  found: Extract<CapOnDay, { kind: "outside" | "no-record" }> | null;
  coin1Symbol: string;
  coin2Symbol: string;
  onPickDay: (day: string) => void;
};

export function DayMessage({ found, coin1Symbol, coin2Symbol, onPickDay }: Props) {
  if (!found) {
    return (
      <p className="text-muted-foreground" data-testid="on-date-message">
        Pick a day to see {coin1Symbol}&apos;s price at {coin2Symbol}&apos;s market cap that day.
      </p>
    );
  }
  if (found.kind === "outside") {
    return (
      <p role="alert" className="text-muted-foreground" data-testid="on-date-message">
        {dayFailureMessage(found, coin2Symbol)}
      </p>
    );
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3" data-testid="on-date-message">
      <p className="text-muted-foreground">
        No record of {coin2Symbol}&apos;s market cap on {formatDay(found.day)}.
      </p>
      <Button variant="outline" size="sm" onClick={() => onPickDay(found.earlier)}>
        Use {formatDay(found.earlier)}
      </Button>
    </div>
  );
}
