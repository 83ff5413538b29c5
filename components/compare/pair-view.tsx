import { IntentLink } from "@/components/shell/intent-link";
import { LazyHistoryChart } from "@/components/charts/lazy-history-chart";
import { CoinLogo } from "@/components/shell/coin-logo";
import { PriceBadges } from "@/components/shell/price-badges";
import { PriceChange } from "@/components/shell/price-change";
import { ComparisonResult } from "./comparison-result";
import { HomeSection } from "@/components/shell/home-section";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LineIcon } from "@/components/ui/line-icon";
import { ARROW_LEFT_RIGHT } from "@/components/ui/line-icons";
import { coinProvenancePath } from "@/lib/coins/coin-path";
import type { PriceContext } from "@/lib/shared/freshness";
import { pairQuestion, pairTitle } from "@/lib/compare/pair-copy";
import { pairPath } from "@/lib/compare/pair-route";
import { comparisonHref } from "@/lib/compare/comparison-link";
import type { Comparison } from "@/lib/compare/comparison";
import type { PoolsForTargets } from "@/lib/coins/what-it-takes";
import type { PairBases } from "@/lib/coins/supply-bases";
import type { Coin } from "@/lib/coins/schemas";
import { PairLinks } from "./pair-links";
import { PairActions } from "./pair-actions";
import { ShareBar } from "./share-bar";
import { TargetLadder } from "./target-ladder";
import { MoneyView } from "@/components/shell/money-view";

/** Whether the pair page offers coin 2's all-time-high market cap as a target (and so an alert on it). */
const hasAllTimeHighCap = (coin: Coin) => coin.athMarketCap !== null && Number.isFinite(coin.athMarketCap) && coin.athMarketCap > 0;

/** A comparison's own page (/compare/{coin1}/{coin2}): the answer, both coins, where to go next. */
export function PairView({
  result,
  related,
  siteUrl,
  priceContext,
  targets = null,
  bases,
  plsUsd,
}: {
  result: Comparison<Coin, Coin>;
  related: readonly Coin[];
  siteUrl: string;
  priceContext: PriceContext;
  /** Coin 1's pools, for what each target would take (null: not priced from pools). */
  targets?: PoolsForTargets | null;
  /** Both coins' market caps on each supply basis (none given: circulating only). */
  bases?: PairBases;
  /** The layout's PLS price: the ladder and the coins' facts are converted here, on the server. */
  plsUsd: number | null;
}) {
  const { coin1, coin2 } = result;
  const path = pairPath(coin1.id, coin2.id);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{pairQuestion(coin1, coin2)}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <IntentLink href={pairPath(coin2.id, coin1.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
            <LineIcon icon={ARROW_LEFT_RIGHT} />
            Swap
            <span className="sr-only">: {pairQuestion(coin2, coin1)}</span>
          </IntentLink>
          <IntentLink href={comparisonHref(coin1.id)} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            Compare other coins
          </IntentLink>
        </div>
      </div>

      <ComparisonResult
        result={result}
        actions={<PairActions coin1={coin1} coin2={coin2} athTarget={hasAllTimeHighCap(coin2)} />}
        priceContext={priceContext}
        targets={targets}
        bases={bases}
        plsUsd={plsUsd}
      />
      <ShareBar path={path} url={`${siteUrl}${path}`} text={pairTitle(result)} embed={{ card: { kind: "pair", coin1: coin1.id, coin2: coin2.id }, symbols: [coin1.symbol, coin2.symbol] }} />
      {result.comparable ? <TargetLadder result={result} targets={targets} plsUsd={plsUsd} /> : null}

      <HomeSection title={`${coin1.symbol}'s market cap as a multiple of ${coin2.symbol}'s`} id="ratio-chart">
        <LazyHistoryChart
          source={{ kind: "ratio", coin1: { id: coin1.id, symbol: coin1.symbol }, coin2: { id: coin2.id, symbol: coin2.symbol } }}
          label={`${coin1.symbol} market cap divided by ${coin2.symbol} market cap, over time`}
        />
      </HomeSection>

      <section aria-label="The two coins" className="grid gap-4 sm:grid-cols-2">
        <CoinFacts coin={coin1} priceContext={priceContext} plsUsd={plsUsd} />
        <CoinFacts coin={coin2} priceContext={priceContext} plsUsd={plsUsd} />
      </section>

      <PairLinks coin={coin1} others={related} title={`Compare ${coin1.symbol} with other top coins`} id="related-pairs" />
    </div>
  );
}

function CoinFacts({ coin, priceContext, plsUsd }: { coin: Coin; priceContext: PriceContext; plsUsd: number | null }) {
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="coin-facts">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <CoinLogo coin={coin} size={28} />
        {coin.name} <span className="text-muted-foreground">({coin.symbol})</span>
      </h2>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Price</dt>
          <dd className="font-semibold tabular-nums break-all">
            <MoneyView usd={coin.currentPrice} plsUsd={plsUsd} />
            <PriceBadges coin={coin} context={priceContext} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Market cap</dt>
          <dd className="font-semibold tabular-nums break-all"><MoneyView usd={coin.marketCap} format="cap" plsUsd={plsUsd} /></dd>
        </div>
        <div>
          <dt className="text-muted-foreground">24h change</dt>
          <dd className="font-semibold">
            <PriceChange value={coin.priceChange24h} className="justify-start" />
          </dd>
        </div>
      </dl>
      <IntentLink href={coinProvenancePath(coin.id)} className="text-sm text-primary underline-offset-4 hover:underline">
        Where {coin.symbol}&apos;s price comes from
      </IntentLink>
    </Card>
  );
}
