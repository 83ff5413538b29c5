import { formatPercentChange } from "@/lib/format";
import { cn } from "@/lib/utils";

/** A 24h change with one decimal: green when >= 0, red when negative, '-' when missing. */
export function PriceChange({ value }: { value: number | null }) {
  const text = formatPercentChange(value, 1);
  return (
    <span className={cn("tabular-nums", value == null ? "text-muted-foreground" : value >= 0 ? "text-gain" : "text-loss")}>
      {text}
    </span>
  );
}
