import { IntentLink } from "@/components/shell/intent-link";
import { AlertEntry } from "@/components/alerts/alert-entry";
import { LazyHistoryChart } from "@/components/charts/lazy-history-chart";
import { CoinLogo } from "@/components/shell/coin-logo";
import { HomeSection } from "@/components/shell/home-section";
import { buttonVariants } from "@/components/ui/button";
import { PairLinks } from "@/components/compare/pair-links";
import { EmbedButton } from "@/components/embed/embed-button";
import { coinPath } from "@/lib/coins/coin-path";
import { coinDescription } from "@/lib/coins/coin-page-copy";
import { forkCopyLabel } from "@/lib/coins/fork-copies";
import type { PriceContext } from "@/lib/shared/freshness";
import { comparisonHref } from "@/lib/compare/comparison-link";
import type { PriceAccount } from "@/lib/coins/queries.server";
import type { Coin } from "@/lib/coins/schemas";
import { AllTimeHigh } from "./all-time-high";
import { CoinAtMarketCap } from "./coin-at-market-cap";
import { CoinFacts } from "./coin-facts";
import { PriceProvenance } from "./price-provenance";

/**
 * A coin's own page (/coins/{id}): today's figures and where the price comes from, its highs, its
 * market-cap history and where to compare it. Server-rendered; the chart (and its range buttons) is the only client part.
 */
export function CoinPageView({
  coin,
  account,
  compareWith,
  priceContext,
  plsUsd,
}: {
  coin: Coin;
  account: PriceAccount;
  compareWith: readonly Coin[];
  priceContext: PriceContext;
  /** The layout's PLS price: the page's figures are converted here, on the server. */
  plsUsd: number | null;
}) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight">
          <CoinLogo coin={coin} size={40} loading="eager" />
          <span className="min-w-0 break-words">
            {coin.name} <span className="text-muted-foreground">({coin.symbol})</span>
          </span>
        </h1>
        {/* The page's summary in one or two sentences, drawn with the server HTML: it is also the
            page's largest text at first paint, ahead of the cookie notice that hydration adds. */}
        <p className="max-w-3xl text-muted-foreground" data-testid="coin-lead">
          {coinDescription(coin)}
        </p>
        {coin.forkOf ? (
          <p className="max-w-3xl text-sm" data-testid="fork-copy">
            <span className="font-semibold">{forkCopyLabel(coin.forkOf)}.</span> PulseChain began as a copy of Ethereum, so this token sits at the
            same address as {coin.forkOf} on Ethereum, but it is a separate token with its own market and price.
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <IntentLink href={comparisonHref(coin.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
            Compare {coin.symbol} with any coin
          </IntentLink>
          <AlertEntry subject={{ kind: "coin", coin: { id: coin.id, symbol: coin.symbol } }} what={`about ${coin.symbol}'s price, market cap or a new high`} returnTo={coinPath(coin.id)} />
          <EmbedButton card={{ kind: "coin", coin: coin.id }} symbols={[coin.symbol]} />
        </div>
      </div>

      <CoinFacts coin={coin} priceContext={priceContext} plsUsd={plsUsd} />
      <PriceProvenance coin={coin} account={account} priceContext={priceContext} plsUsd={plsUsd} />
      <AllTimeHigh coin={coin} plsUsd={plsUsd} />
      <CoinAtMarketCap coin={{ id: coin.id, symbol: coin.symbol, currentPrice: coin.currentPrice, marketCap: coin.marketCap }} />

      <HomeSection title="Market cap history" id="market-cap-history">
        <LazyHistoryChart source={{ kind: "market-cap", coin: { id: coin.id, symbol: coin.symbol } }} label={`${coin.symbol} market cap chart`} />
      </HomeSection>

      <PairLinks coin={coin} others={compareWith} title={`Compare ${coin.symbol} with the top coins`} id="compare-with-top" />
    </div>
  );
}
