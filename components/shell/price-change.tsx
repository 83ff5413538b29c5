import { changeDirection, formatAbsolutePercentChange, formatPercentChange } from "@/lib/shared/format";
import { cn } from "@/lib/shared/class-names";
import { LineIcon } from "@/components/ui/line-icon";

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
  const label = absolute ? (direction === "down" ? "Down" : "Up") : undefined;
  return (
    <span
      {...props}
      className={cn("price-change", direction === null ? "text-muted-foreground" : direction === "up" ? "text-gain" : "text-loss", className)}
    >
      {/* Plain SVG, not lucide-react: 16 of these on the home page alone (components/ui/line-icon.tsx). */}
      {direction ? <LineIcon name={direction === "down" ? "arrow-down" : "arrow-up"} label={label} className="size-3.5" /> : null}
      {absolute ? formatAbsolutePercentChange(value) : formatPercentChange(value, 1)}
    </span>
  );
}
