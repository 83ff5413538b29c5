"use client";

// A playground tool's sentence, with the reads behind it (TanStack Query), loaded when a tool
// first has two coins: the playground's first load carries neither.
import { useCoinPair } from "@/components/coins/coin-queries";
import { QueryProvider } from "@/components/query-provider";
import { comparisonFailureMessage, computeComparison } from "@/lib/comparison";
import { formatMultiplier, formatPrice } from "@/lib/format";
import { ToolResultError, ToolResultSkeleton } from "./compare-tool";

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
  const result = computeComparison(coin1, coin2);
  return result.comparable ? (
    <p data-testid="tool-result">
      If {result.coin1.symbol} reaches the current market cap of {result.coin2.symbol}, its price would be{" "}
      <strong className="tabular-nums">{formatPrice(result.projectedPrice)}</strong>{" "}
      <span className="tabular-nums text-muted-foreground">({formatMultiplier(result.multiplier)})</span>
    </p>
  ) : (
    <p className="text-sm text-muted-foreground">{comparisonFailureMessage(result.reason, result.invalidCoin?.symbol)}</p>
  );
}
