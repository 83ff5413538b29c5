import { Badge } from "@/components/ui/badge";
import { formatPriceAge, staleMinutes, type PriceContext } from "@/lib/shared/freshness";
import { formatWholeUsd } from "@/lib/shared/format";
import type { Coin } from "@/lib/coins/schemas";
import { cn } from "@/lib/shared/class-names";

type BadgeCoin = Pick<Coin, "priceUpdatedAt" | "lowLiquidity">;

/**
 * The cautions that go with a coin's price: 'low liquidity' (its pool is under the floor, so the
 * price is the last good one) and 'stale' (lib/shared/freshness.ts). Nothing when neither applies.
 *
 * Staleness is worked out here, at render, from `context` (the page's freshest live price and the
 * time of the render). A cached page (docs/caching.md: rebuilt when 20 s old, never served older
 * than 40 s, from data at most 20 s old) is therefore right to within that minute, not to the second.
 */
export function PriceBadges({ coin, context, align = "start" }: { coin: BadgeCoin; context: PriceContext; align?: "start" | "end" }) {
  const minutes = staleMinutes(coin, context);
  if (!coin.lowLiquidity && minutes === null) return null;
  return (
    // On a line of its own under the price, so a badge never widens a narrow price column (360 px tables).
    <span className={cn("mt-1 flex flex-wrap gap-1 text-xs", align === "end" && "justify-end")} data-testid="price-badges">
      {coin.lowLiquidity ? (
        <PriceBadge
          label="low liquidity"
          explanation={`Price from a pool with under ${formatWholeUsd(context.minLiquidityUsd)} of liquidity; last good price shown`}
        />
      ) : null}
      {minutes !== null ? <PriceBadge label="stale" explanation={`Price not updated for ${formatPriceAge(minutes)}`} /> : null}
    </span>
  );
}

/** The visible word, with its explanation as a tooltip and for screen readers (a title alone is not read reliably). */
function PriceBadge({ label, explanation }: { label: string; explanation: string }) {
  return (
    <Badge variant="warning" title={explanation} className="px-1.5 font-normal">
      {label}
      <span className="sr-only">: {explanation}</span>
    </Badge>
  );
}
