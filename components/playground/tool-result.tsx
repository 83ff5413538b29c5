"use client";

// A playground tool's sentence, with the reads behind it (TanStack Query), loaded when a tool
// first has two coins: the playground's first load carries neither.
import Link from "next/link";
import { useCoinPair } from "@/components/coins/coin-queries";
import { TargetChoice, useTypedCap } from "@/components/compare/target-choice";
import { QueryProvider } from "@/components/shell/query-provider";
import { coinPath } from "@/lib/coins/coin-path";
import { athEstimatedNote } from "@/lib/compare/ath-target-copy";
import { type ComparableCoin, comparisonFailureMessage, computeAthComparison, computeComparison, computeTypedCapComparison } from "@/lib/compare/comparison";
import { formatMultiplier } from "@/lib/shared/format";
import { ToolResultError, ToolResultSkeleton } from "./tool-result-states";
import { Money } from "@/components/shell/money";
import { AthTargetWords } from "@/components/compare/ath-target-words";

type Props = { pair: readonly [string, string] };

/** The sentence for two chosen coins, once their prices are in. */
export function ToolResult(props: Props) {
  return (
    <QueryProvider>
      <ToolSentence {...props} />
    </QueryProvider>
  );
}

function ToolSentence({ pair }: Props) {
  const coins = useCoinPair(pair);
  if (coins.isPending) return <ToolResultSkeleton />;
  const [coin1, coin2] = coins.data ?? [];
  if (coins.isError || !coin1 || !coin2) return <ToolResultError onRetry={() => void coins.refetch()} />;
  if (coin1.id === coin2.id) return <ToolFailure message={comparisonFailureMessage("same-coin")} />;
  return (
    <TargetChoice
      coinSymbol={coin2.symbol}
      today={<TodaySentence coin1={coin1} coin2={coin2} />}
      ath={<AthSentence coin1={coin1} coin2={coin2} />}
      typed={<TypedCapSentence coin1={coin1} />}
      holding={{ coin: coin1, caps: { today: coin2.marketCap, ath: coin2.athMarketCap } }}
    />
  );
}

type SentenceCoin = ComparableCoin & { symbol: string };
type SentenceProps = { coin1: SentenceCoin; coin2: SentenceCoin };

function TodaySentence({ coin1, coin2 }: SentenceProps) {
  const result = computeComparison(coin1, coin2);
  if (!result.comparable) return <ToolFailure message={comparisonFailureMessage(result.reason, result.invalidCoin?.symbol)} />;
  return (
    <p data-testid="tool-result">
      If <CoinLink coin={coin1} /> reaches the current market cap of <CoinLink coin={coin2} />, its price would be{" "}
      <strong className="tabular-nums">
        <Money usd={result.projectedPrice} />
      </strong>{" "}
      <span className="tabular-nums text-muted-foreground">({formatMultiplier(result.multiplier)})</span>
    </p>
  );
}

function AthSentence({ coin1, coin2 }: SentenceProps) {
  const result = computeAthComparison(coin1, coin2);
  if (!result.comparable) return <ToolFailure message={comparisonFailureMessage(result.reason, result.invalidCoin?.symbol)} />;
  return (
    <div className="flex flex-col gap-1">
      <p data-testid="tool-result">
        If <CoinLink coin={coin1} /> reaches <AthTargetWords symbol={coin2.symbol} athMarketCap={result.athMarketCap} athMarketCapAt={result.athMarketCapAt} />, its
        price would be{" "}
        <strong className="tabular-nums">
          <Money usd={result.projectedPrice} />
        </strong>{" "}
        <span className="tabular-nums text-muted-foreground">({formatMultiplier(result.multiplier)})</span>
      </p>
      {result.athMarketCapEstimated ? (
        <p className="text-xs text-muted-foreground" data-testid="ath-estimated-note">
          {athEstimatedNote(coin2.symbol)}
        </p>
      ) : null}
    </div>
  );
}

/** Coin 1 at the market cap typed in the tool. */
function TypedCapSentence({ coin1 }: { coin1: SentenceCoin }) {
  const cap = useTypedCap();
  if (cap === null) return <ToolFailure message={`Type a market cap to see ${coin1.symbol}'s price at it.`} />;
  const result = computeTypedCapComparison(coin1, cap);
  if (!result.comparable) return <ToolFailure message={comparisonFailureMessage(result.reason, coin1.symbol)} />;
  return (
    <p data-testid="tool-result">
      If <CoinLink coin={coin1} /> reaches a market cap of <Money usd={cap} format="cap" />, its price would be{" "}
      <strong className="tabular-nums">
        <Money usd={result.projectedPrice} />
      </strong>{" "}
      <span className="tabular-nums text-muted-foreground">({formatMultiplier(result.multiplier)})</span>
    </p>
  );
}

/** A coin's symbol in the sentence, linking to its page. */
function CoinLink({ coin }: { coin: SentenceCoin }) {
  return (
    <Link href={coinPath(coin.id)} prefetch={false} className="font-medium underline-offset-4 hover:underline">
      {coin.symbol}
    </Link>
  );
}

function ToolFailure({ message }: { message: string }) {
  return <p className="text-sm text-muted-foreground">{message}</p>;
}
