import Link from "next/link";
import { CoinLogo } from "@/components/shell/coin-logo";
import { TargetChoice } from "./target-choice";
import type { OnChainCoin } from "@/lib/bag/on-chain-coin";
import { isAddress } from "viem";
import { Card, CardContent } from "@/components/ui/card";
import type { PriceContext } from "@/lib/shared/freshness";
import { coinPath } from "@/lib/coins/coin-path";
import { comparisonFailureMessage, type Comparison } from "@/lib/compare/comparison";
import { Failure, type ResultCoin } from "./result-figures";
import { TargetView } from "./target-view";
import { OnDateView } from "./on-date-view";
import { TypedCapView } from "./typed-cap-view";
import type { PoolsForTargets } from "@/lib/coins/what-it-takes";
import { hasBasisChoice, type PairBases } from "@/lib/coins/supply-bases";
import { SupplyBasisChoice } from "./supply-basis-choice";

function CoinHeading({ coin, role }: { coin: ResultCoin; role: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <CoinLogo coin={coin} size={40} />
      <div className="min-w-0">
        <p className="text-xs uppercase tracking-wide text-muted-foreground">{role}</p>
        <p className="truncate text-lg font-semibold">
          <Link href={coinPath(coin.id)} prefetch={false} className="rounded-sm underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
            {coin.symbol}
          </Link>
        </p>
        <p className="truncate text-sm text-muted-foreground">{coin.name}</p>
      </div>
    </div>
  );
}

/** What the holding figures need of coin 1, and no more: it is sent to the browser as props. */
function holdingCoin({ id, symbol, currentPrice, marketCap }: ResultCoin) {
  return { id, symbol, currentPrice, marketCap };
}

/** What a view worked out in the browser needs of a coin (supply-basis-choice.tsx), and no more. */
function resultCoin(coin: ResultCoin): ResultCoin {
  const { id, symbol, name, logoUrl, currentPrice, marketCap, priceUpdatedAt, lowLiquidity, athMarketCap, athMarketCapAt, athMarketCapEstimated, chain, contractAddress } = coin;
  return { id, symbol, name, logoUrl, currentPrice, marketCap, priceUpdatedAt, lowLiquidity, athMarketCap, athMarketCapAt, athMarketCapEstimated, chain, contractAddress };
}

/** Coin 1 on PulseChain, for a connected wallet's own balance of it (null: no such balance to read). */
function onChainCoin({ id, symbol, chain, contractAddress }: ResultCoin): OnChainCoin | undefined {
  if (chain !== "pulsechain") return undefined;
  if (contractAddress !== null && !isAddress(contractAddress)) return undefined;
  return { id, symbol, address: contractAddress };
}

/**
 * The pair page's answer: coin 1's price at coin 2's market cap (spec section 2, item 4), or at
 * coin 2's all-time-high market cap. Both views render here (a server component on the pair
 * page); the switch only picks one, and keeps the choice in the address (?target=ath). The typed
 * cap and the date views are worked out in the browser (?mcap=, ?on=).
 */
export function ComparisonResult({
  result,
  actions,
  priceContext,
  targets = null,
  bases,
  plsUsd,
}: {
  result: Comparison<ResultCoin, ResultCoin>;
  /** The layout's PLS price: the default views' figures are formatted here, on the server. */
  plsUsd: number | null;
  /** Coin 1's pools, for what each target would take (null: not priced from pools). */
  targets?: PoolsForTargets | null;
  /** Both coins' market caps on each supply basis: a picker when either has more than one. */
  bases?: PairBases;
  /** For the badges on coin 1's price and coin 2's market cap (which its price makes). */
  priceContext: PriceContext;
  /** The signed-in user's save and watch buttons, at the foot of the card. */
  actions?: React.ReactNode;
}) {
  const { coin1, coin2 } = result;
  const choice = {
    coinSymbol: coin2.symbol,
    inAddress: true,
    today: <TargetView target="today" coin1={coin1} coin2={coin2} priceContext={priceContext} targets={targets} plsUsd={plsUsd} />,
    ath: <TargetView target="ath" coin1={coin1} coin2={coin2} priceContext={priceContext} targets={targets} plsUsd={plsUsd} />,
    typed: <TypedCapView coin1={coin1} priceContext={priceContext} targets={targets} />,
    dated: <OnDateView coin1={coin1} coin2={{ id: coin2.id, symbol: coin2.symbol }} priceContext={priceContext} targets={targets} />,
    holding: { coin: holdingCoin(coin1), caps: { today: coin2.marketCap, ath: coin2.athMarketCap }, onChain: onChainCoin(coin1) },
  };
  return (
    <Card data-testid="comparison-result">
      <CardContent className="flex flex-col gap-5 pt-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <CoinHeading coin={coin1} role="Coin" />
          <CoinHeading coin={coin2} role="At the market cap of" />
        </div>
        {result.comparable || result.reason !== "same-coin" ? (
          bases && hasBasisChoice(bases) ? (
            <SupplyBasisChoice {...choice} coin1={resultCoin(coin1)} coin2={resultCoin(coin2)} bases={bases} priceContext={priceContext} targets={targets} />
          ) : (
            <TargetChoice {...choice} />
          )
        ) : (
          <Failure message={comparisonFailureMessage(result.reason)} />
        )}
        {actions}
      </CardContent>
    </Card>
  );
}
