import { PriceBadges } from "@/components/shell/price-badges";
import { PriceChange } from "@/components/shell/price-change";
import { Card } from "@/components/ui/card";
import { describePriceOrigin, formatSupply } from "@/lib/coins/coin-figures";
import type { PriceContext } from "@/lib/shared/freshness";
import type { Coin } from "@/lib/coins/schemas";
import { Fact } from "./fact";
import { MoneyView } from "@/components/shell/money-view";

/** Today's figures: price (with its cautions), market cap, 24h change, supply, liquidity, source. */
export function CoinFacts({ coin, priceContext, plsUsd }: { coin: Coin; priceContext: PriceContext; plsUsd: number | null }) {
  return (
    <Card className="p-5" data-testid="coin-facts">
      <h2 className="sr-only">Today</h2>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Fact label="Price" testId="coin-price">
          <MoneyView usd={coin.currentPrice} plsUsd={plsUsd} />
          <PriceBadges coin={coin} context={priceContext} />
        </Fact>
        <Fact label="Market cap" testId="coin-market-cap">
          <MoneyView usd={coin.marketCap} format="cap" plsUsd={plsUsd} />
        </Fact>
        <Fact label="24h change">
          <PriceChange value={coin.priceChange24h} className="justify-start" />
        </Fact>
        <Fact label="Circulating supply">{formatSupply(coin.circulatingSupply, coin.symbol)}</Fact>
        <Fact label="Liquidity" title="USD liquidity of the pool the price comes from">
          <MoneyView usd={coin.liquidityUsd} format="cap" plsUsd={plsUsd} />
        </Fact>
        <Fact label="Price source" small>
          {describePriceOrigin(coin, priceContext.now)}
        </Fact>
      </dl>
    </Card>
  );
}
