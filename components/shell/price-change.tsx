import { ArrowDown, ArrowUp } from "lucide-react";
import { changeDirection, formatAbsolutePercentChange, formatPercentChange } from "@/lib/shared/format";
import { cn } from "@/lib/shared/class-names";

/**
 * A 24h change: green when >= 0, red when negative, '-' when missing. Tables show it signed with
 * one decimal; the watchlist (`absolute`) unsigned with two, so there the arrow is labelled
 * "Up" or "Down". An arrow always goes with the colour: direction never rests on colour alone.
 */
export function PriceChange({
  value,
  absolute = false,
  className,
  ...props
}: { value: number | null; absolute?: boolean; className?: string } & React.ComponentProps<"span">) {
  const direction = changeDirection(value);
  const Arrow = direction === "down" ? ArrowDown : ArrowUp;
  const label = absolute ? (direction === "down" ? "Down" : "Up") : undefined;
  return (
    <span
      {...props}
      className={cn(
        "inline-flex items-center justify-end gap-0.5 tabular-nums",
        direction === null ? "text-muted-foreground" : direction === "up" ? "text-gain" : "text-loss",
        className,
      )}
    >
      {direction ? <Arrow aria-hidden={label ? undefined : true} aria-label={label} className="size-3.5" /> : null}
      {absolute ? formatAbsolutePercentChange(value) : formatPercentChange(value, 1)}
    </span>
  );
}
