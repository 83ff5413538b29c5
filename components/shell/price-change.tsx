import { changeDirection, formatAbsolutePercentChange, formatPercentChange } from "@/lib/shared/format";
import { cn } from "@/lib/shared/class-names";

/**
 * A 24h change: green when >= 0, red when negative, '-' when missing. Tables show it signed with
 * one decimal; the watchlist (`absolute`) unsigned with two, so there the direction is also said
 * in words ("Up", "Down") for screen readers. An arrow always goes with the colour: direction
 * never rests on colour alone. The arrow is `.price-change`'s own (app/globals.css), drawn by the
 * stylesheet from the colour class: the home page shows up to 36 of these, and an SVG in each sent
 * its markup twice (HTML and RSC payload) and added two elements to lay out (issue 53).
 */
export function PriceChange({
  value,
  absolute = false,
  className,
  ...props
}: { value: number | null; absolute?: boolean; className?: string } & React.ComponentProps<"span">) {
  const direction = changeDirection(value);
  const label = absolute && direction ? (direction === "down" ? "Down" : "Up") : undefined;
  return (
    <span
      {...props}
      className={cn("price-change", direction === null ? "text-muted-foreground" : direction === "up" ? "text-gain" : "text-loss", className)}
    >
      {label ? <span className="sr-only">{label} </span> : null}
      {absolute ? formatAbsolutePercentChange(value) : formatPercentChange(value, 1)}
    </span>
  );
}
