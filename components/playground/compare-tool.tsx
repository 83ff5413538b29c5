"use client";

import { Trash2 } from "lucide-react";
import { CoinSelector } from "@/components/coins/coin-selector";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { comparisonFailureMessage, computeComparison } from "@/lib/comparison";
import { formatMultiplier, formatPrice } from "@/lib/format";
import type { Coin } from "@/lib/validation/coins";

export type CompareToolState = { id: string; type: "compare"; coin1: Coin | null; coin2: Coin | null };

type Props = {
  tool: CompareToolState;
  index: number;
  coins: Coin[];
  onChange: (tool: CompareToolState) => void;
  onRemove: () => void;
};

/** One playground comparison: two coins and coin 1's price at coin 2's market cap. */
export function CompareTool({ tool, index, coins, onChange, onRemove }: Props) {
  const result = tool.coin1 && tool.coin2 ? computeComparison(tool.coin1, tool.coin2) : null;
  return (
    <Card className="flex flex-col gap-4 p-4" data-testid="compare-tool" aria-label={`Compare tool ${index + 1}`} role="group">
      <div className="flex items-start gap-2">
        <div className="grid flex-1 items-center gap-2 sm:grid-cols-[1fr_auto_1fr]">
          <CoinSelector
            coins={coins}
            value={tool.coin1}
            onChange={(coin1) => onChange({ ...tool, coin1 })}
            placeholder="Select coin 1"
            label={`Tool ${index + 1}, coin 1`}
          />
          <span className="text-center text-sm font-semibold text-muted-foreground">vs</span>
          <CoinSelector
            coins={coins}
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
      {result === null ? null : result.comparable ? (
        <p data-testid="tool-result">
          If {result.coin1.symbol} reaches the current market cap of {result.coin2.symbol}, its price would be{" "}
          <strong className="tabular-nums">{formatPrice(result.projectedPrice)}</strong>{" "}
          <span className="tabular-nums text-muted-foreground">({formatMultiplier(result.multiplier)})</span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{comparisonFailureMessage(result.reason, result.invalidCoin?.symbol)}</p>
      )}
    </Card>
  );
}
