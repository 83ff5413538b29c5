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
      {direction ? <Arrow direction={direction} label={label} /> : null}
      {absolute ? formatAbsolutePercentChange(value) : formatPercentChange(value, 1)}
    </span>
  );
}

/**
 * Lucide's arrow-up and arrow-down, drawn here as plain SVG. lucide-react's icons are client
 * components (its Icon reads a context), so each arrow a server page drew was hydrated as one and
 * sent as a client reference with its props in the page's RSC payload: 16 on the home page
 * (issue 53). Same markup and classes as Lucide's.
 */
const ARROW_PATHS = { up: ["m5 12 7-7 7 7", "M12 19V5"], down: ["M12 5v14", "m19 12-7 7-7-7"] } as const;

function Arrow({ direction, label }: { direction: "up" | "down"; label: string | undefined }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide lucide-arrow-${direction} size-3.5`}
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    >
      {ARROW_PATHS[direction].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
