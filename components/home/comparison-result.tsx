import Link from "next/link";
import { CoinLogo } from "@/components/coins/coin-logo";
import { PriceBadges } from "@/components/coins/price-badges";
import { TargetChoice } from "@/components/compare/target-switch";
import { Card, CardContent } from "@/components/ui/card";
import type { PriceContext } from "@/lib/coins/freshness";
import { coinPath } from "@/lib/coins/coin-path";
import { athEstimatedNote, athTargetPhrase, formatHighDay } from "@/lib/compare/ath-target-copy";
import { comparisonFailureMessage, computeAthComparison, type Comparison } from "@/lib/comparison";
import { formatMarketCap, formatPrice, formatResultMultiplier } from "@/lib/format";
import type { Coin } from "@/lib/validation/coins";

type ResultCoin = Pick<
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
>;

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

function Failure({ message }: { message: string }) {
  return (
    <p role="alert" className="text-muted-foreground">
      {message}
    </p>
  );
}

/** The four figures of either view: coin 1's price, the target (`children`), the projected price and the multiplier. */
function Figures({
  coin1,
  priceContext,
  projectedPrice,
  multiplier,
  children,
}: {
  coin1: ResultCoin;
  priceContext: PriceContext;
  projectedPrice: number;
  multiplier: number;
  children: React.ReactNode;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure
        label={`${coin1.symbol} current price`}
        value={formatPrice(coin1.currentPrice)}
        testId="current-price"
        note={<PriceBadges coin={coin1} context={priceContext} />}
      />
      {children}
      <Figure label="Projected price" value={formatPrice(projectedPrice)} testId="projected-price" />
      <Figure label="Multiplier" value={formatResultMultiplier(multiplier)} testId="multiplier" />
    </dl>
  );
}

type Props = { result: Comparison<ResultCoin, ResultCoin>; priceContext: PriceContext };

/** Coin 1 at coin 2's market cap today: the spec's own card (section 2, item 4), word for word. */
function TodayView({ result, priceContext }: Props) {
  const { coin1, coin2 } = result;
  if (!result.comparable) return <Failure message={comparisonFailureMessage(result.reason, result.invalidCoin?.symbol)} />;
  return (
    <>
      <Figures coin1={coin1} priceContext={priceContext} projectedPrice={result.projectedPrice} multiplier={result.multiplier}>
        <Figure
          label={`${coin2.symbol} market cap`}
          value={formatMarketCap(coin2.marketCap)}
          testId="target-market-cap"
          note={<PriceBadges coin={coin2} context={priceContext} />}
        />
      </Figures>
      <p className="text-base" data-testid="comparison-sentence">
        When {coin1.symbol} reaches the market cap of {coin2.symbol}, it will be at{" "}
        <strong className="tabular-nums">{formatPrice(result.projectedPrice)}</strong>.
      </p>
    </>
  );
}

/** Coin 1 at coin 2's all-time-high market cap, with the high's date and, when so, that it is estimated. */
function AthView({ result, priceContext }: Props) {
  const ath = computeAthComparison(result.coin1, result.coin2);
  const { coin1, coin2 } = ath;
  if (!ath.comparable) return <Failure message={comparisonFailureMessage(ath.reason, ath.invalidCoin?.symbol)} />;
  const day = formatHighDay(ath.athMarketCapAt);
  return (
    <>
      <Figures coin1={coin1} priceContext={priceContext} projectedPrice={ath.projectedPrice} multiplier={ath.multiplier}>
        <Figure
          label={`${coin2.symbol} all-time-high market cap`}
          value={formatMarketCap(ath.athMarketCap)}
          testId="target-market-cap"
          note={
            day || ath.athMarketCapEstimated ? (
              <span className="block text-xs font-normal break-normal text-muted-foreground" data-testid="target-date">
                {[day, ath.athMarketCapEstimated ? "estimated" : null].filter(Boolean).join(", ")}
              </span>
            ) : null
          }
        />
      </Figures>
      <p className="text-base" data-testid="comparison-sentence">
        When {coin1.symbol} reaches {athTargetPhrase(coin2.symbol, ath.athMarketCap, ath.athMarketCapAt)}, it will be at{" "}
        <strong className="tabular-nums">{formatPrice(ath.projectedPrice)}</strong>.
      </p>
      {ath.athMarketCapEstimated ? (
        <p className="text-sm text-muted-foreground" data-testid="ath-estimated-note">
          {athEstimatedNote(coin2.symbol)}
        </p>
      ) : null}
    </>
  );
}

/**
 * The pair page's answer: coin 1's price at coin 2's market cap (spec section 2, item 4), or at
 * coin 2's all-time-high market cap. Both views render here (a server component on the pair
 * page); the switch only picks one, and keeps the choice in the address (?target=ath).
 */
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
        {result.comparable || result.reason !== "same-coin" ? (
          <TargetChoice
            coinSymbol={coin2.symbol}
            inAddress
            today={<TodayView result={result} priceContext={priceContext} />}
            ath={<AthView result={result} priceContext={priceContext} />}
          />
        ) : (
          <Failure message={comparisonFailureMessage(result.reason)} />
        )}
        {actions}
      </CardContent>
    </Card>
  );
}
