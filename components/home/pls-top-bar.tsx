import { PriceChange } from "@/components/shell/price-change";
import { formatPlsPrice } from "@/lib/shared/format";
import type { Coin } from "@/lib/coins/schemas";

/** The home page's top bar: the PLS price now, and how fresh the prices are. */
export function PlsTopBar({ pls, priceSourceLabel }: { pls: Coin | undefined; priceSourceLabel: string | null }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border bg-card px-4 py-2 text-sm" data-testid="pls-top-bar">
      <p className="flex items-center gap-2">
        <span className="font-semibold">PLS</span>
        <span className="tabular-nums">{formatPlsPrice(pls?.currentPrice)}</span>
        {pls ? <PriceChange value={pls.priceChange24h} /> : null}
      </p>
      {priceSourceLabel ? <p className="text-muted-foreground">{priceSourceLabel}</p> : null}
    </div>
  );
}
