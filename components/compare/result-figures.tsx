// The result card's figures, shared by its server-rendered views (comparison-result.tsx) and the
// views the browser works out (typed-cap-view.tsx, dated-result.tsx, supply-basis-choice.tsx). The
// figures are plain markup converted at the PLS price given (money-view.tsx): on the cached page
// the server formats them, so hydrating the card formats nothing (issue 53).
import { PriceBadges } from "@/components/shell/price-badges";
import type { PriceContext } from "@/lib/shared/freshness";
import { formatResultMultiplier } from "@/lib/shared/format";
import type { Coin } from "@/lib/coins/schemas";
import { MoneyView } from "@/components/shell/money-view";

export type ResultCoin = Pick<
  Coin,
  | "id"
  | "symbol"
  | "name"
  | "logoUrl"
  | "currentPrice"
  | "marketCap"
  | "priceUpdatedAt"
  | "lowLiquidity"
  | "athMarketCap"
  | "athMarketCapAt"
  | "athMarketCapEstimated"
  | "chain"
  | "contractAddress"
>;

/** `note`: badges about where the figure comes from, under it (outside the figure's test id). */
export function Figure({ label, value, testId, note }: { label: string; value: React.ReactNode; testId: string; note?: React.ReactNode }) {
  return (
    <div className="rounded-lg bg-muted/50 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums break-all">
        <span data-testid={testId}>{value}</span>
        {note}
      </dd>
    </div>
  );
}

export function Failure({ message }: { message: string }) {
  return (
    <p role="alert" className="text-muted-foreground">
      {message}
    </p>
  );
}

/** The four figures of either view: coin 1's price, the target (`children`), the projected price and the multiplier. */
export function Figures({
  coin1,
  priceContext,
  projectedPrice,
  multiplier,
  plsUsd,
  children,
}: {
  coin1: ResultCoin;
  priceContext: PriceContext;
  /** The layout's PLS price: the page's on the server, usePlsUsd() in the browser. */
  plsUsd: number | null;
  projectedPrice: number;
  multiplier: number;
  children: React.ReactNode;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure
        label={`${coin1.symbol} current price`}
        value={<MoneyView usd={coin1.currentPrice} plsUsd={plsUsd} />}
        testId="current-price"
        note={<PriceBadges coin={coin1} context={priceContext} />}
      />
      {children}
      <Figure label="Projected price" value={<MoneyView usd={projectedPrice} plsUsd={plsUsd} />} testId="projected-price" />
      <Figure label="Multiplier" value={formatResultMultiplier(multiplier)} testId="multiplier" />
    </dl>
  );
}

