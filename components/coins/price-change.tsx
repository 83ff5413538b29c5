import { ArrowDown, ArrowUp } from "lucide-react";
import { changeDirection, formatPercentChange } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * A 24h change with one decimal: green when >= 0, red when negative, '-' when missing.
 * An arrow goes with the colour, so the direction never rests on colour alone.
 */
export function PriceChange({ value, className }: { value: number | null; className?: string }) {
  const direction = changeDirection(value);
  const Arrow = direction === "down" ? ArrowDown : ArrowUp;
  return (
    <span
      className={cn(
        "inline-flex items-center justify-end gap-0.5 tabular-nums",
        direction === null ? "text-muted-foreground" : direction === "up" ? "text-gain" : "text-loss",
        className,
      )}
    >
      {direction ? <Arrow aria-hidden className="size-3.5" /> : null}
      {formatPercentChange(value, 1)}
    </span>
  );
}
