import { CoinLogo } from "@/components/coins/coin-logo";
import { PriceBadges } from "@/components/coins/price-badges";
import { Card, CardContent } from "@/components/ui/card";
import type { PriceContext } from "@/lib/coins/freshness";
import { comparisonFailureMessage, type Comparison } from "@/lib/comparison";
import { formatMarketCap, formatPrice, formatResultMultiplier } from "@/lib/format";
import type { Coin } from "@/lib/validation/coins";

type ResultCoin = Pick<Coin, "id" | "symbol" | "name" | "logoUrl" | "currentPrice" | "marketCap" | "priceUpdatedAt" | "lowLiquidity">;

function CoinHeading({ coin, role }: { coin: ResultCoin; role: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <CoinLogo coin={coin} size={40} />
      <div className="min-w-0">
        <p className="text-xs uppercase tracking-wide text-muted-foreground">{role}</p>
        <p className="truncate text-lg font-semibold">{coin.symbol}</p>
        <p className="truncate text-sm text-muted-foreground">{coin.name}</p>
      </div>
    </div>
  );
}

/** `note`: badges about where the figure comes from, under it (outside the figure's test id). */
function Figure({ label, value, testId, note }: { label: string; value: string; testId: string; note?: React.ReactNode }) {
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

/** The home page's answer: coin 1's price at coin 2's market cap (spec section 2, item 4). */
export function ComparisonResult({
  result,
  actions,
  priceContext,
}: {
  result: Comparison<ResultCoin, ResultCoin>;
  /** For the badges on coin 1's price and coin 2's market cap (which its price makes). */
  priceContext: PriceContext;
  /** The signed-in user's save and watch buttons, at the foot of the card. */
  actions?: React.ReactNode;
}) {
  const { coin1, coin2 } = result;
  return (
    <Card data-testid="comparison-result">
      <CardContent className="flex flex-col gap-5 pt-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <CoinHeading coin={coin1} role="Coin" />
          <CoinHeading coin={coin2} role="At the market cap of" />
        </div>
        {result.comparable ? (
          <>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Figure
                label={`${coin1.symbol} current price`}
                value={formatPrice(coin1.currentPrice)}
                testId="current-price"
                note={<PriceBadges coin={coin1} context={priceContext} />}
              />
              <Figure
                label={`${coin2.symbol} market cap`}
                value={formatMarketCap(coin2.marketCap)}
                testId="target-market-cap"
                note={<PriceBadges coin={coin2} context={priceContext} />}
              />
              <Figure label="Projected price" value={formatPrice(result.projectedPrice)} testId="projected-price" />
              <Figure label="Multiplier" value={formatResultMultiplier(result.multiplier)} testId="multiplier" />
            </dl>
            <p className="text-base" data-testid="comparison-sentence">
              When {coin1.symbol} reaches the market cap of {coin2.symbol}, it will be at{" "}
              <strong className="tabular-nums">{formatPrice(result.projectedPrice)}</strong>.
            </p>
          </>
        ) : (
          <p role="alert" className="text-muted-foreground">
            {comparisonFailureMessage(result.reason, result.invalidCoin?.symbol)}
          </p>
        )}
        {actions}
      </CardContent>
    </Card>
  );
}
