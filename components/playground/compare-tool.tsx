"use client";

import { Trash2 } from "lucide-react";
import { useCoinPair } from "@/components/coins/coin-queries";
import { IndexedCoinSelector } from "@/components/coins/indexed-coin-selector";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { IndexedCoin } from "@/lib/coins/coin-index";
import { comparisonFailureMessage, computeComparison } from "@/lib/comparison";
import { formatMultiplier, formatPrice } from "@/lib/format";

export type CompareToolState = { id: string; type: "compare"; coin1: IndexedCoin | null; coin2: IndexedCoin | null };

type Props = {
  tool: CompareToolState;
  index: number;
  indexVersion: string;
  onChange: (tool: CompareToolState) => void;
  onRemove: () => void;
};

/** One playground comparison: two coins and coin 1's price at coin 2's market cap. */
export function CompareTool({ tool, index, indexVersion, onChange, onRemove }: Props) {
  return (
    <Card className="flex flex-col gap-4 p-4" data-testid="compare-tool" aria-label={`Compare tool ${index + 1}`} role="group">
      <div className="flex items-start gap-2">
        <div className="grid flex-1 items-center gap-2 sm:grid-cols-[1fr_auto_1fr]">
          <IndexedCoinSelector
            indexVersion={indexVersion}
            value={tool.coin1}
            onChange={(coin1) => onChange({ ...tool, coin1 })}
            placeholder="Select coin 1"
            label={`Tool ${index + 1}, coin 1`}
          />
          <span className="text-center text-sm font-semibold text-muted-foreground">vs</span>
          <IndexedCoinSelector
            indexVersion={indexVersion}
            value={tool.coin2}
            onChange={(coin2) => onChange({ ...tool, coin2 })}
            placeholder="Select coin 2"
            label={`Tool ${index + 1}, coin 2`}
          />
        </div>
        <Button variant="ghost" size="icon" onClick={onRemove} aria-label={`Remove compare tool ${index + 1}`}>
          <Trash2 />
        </Button>
      </div>
      {tool.coin1 && tool.coin2 ? <ToolResult pair={[tool.coin1.id, tool.coin2.id]} /> : null}
    </Card>
  );
}

/** The sentence for two chosen coins, once their prices are in. */
function ToolResult({ pair }: { pair: readonly [string, string] }) {
  const coins = useCoinPair(pair);
  if (coins.isPending) return <Skeleton className="h-6 w-3/4" role="status" aria-label="Loading the comparison" />;
  const [coin1, coin2] = coins.data ?? [];
  if (coins.isError || !coin1 || !coin2) {
    return (
      <p className="text-sm text-muted-foreground">
        Couldn&apos;t load the prices.{" "}
        <button type="button" className="font-medium text-foreground underline underline-offset-4" onClick={() => void coins.refetch()}>
          Try again
        </button>
      </p>
    );
  }
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
