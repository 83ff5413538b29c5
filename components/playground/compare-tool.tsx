"use client";

import { IndexedCoinSelector } from "@/components/coins/indexed-coin-selector";
import { Button } from "@/components/ui/button";
import { LineIcon } from "@/components/ui/line-icon";
import { TRASH_2 } from "@/components/ui/line-icons";
import { Card } from "@/components/ui/card";
import { ToolResultError, ToolResultSkeleton } from "./tool-result-states";
import type { IndexedCoin } from "@/lib/coins/coin-index";
import { lazyModule, useLazyModule } from "@/components/shell/lazy-module";

/** The tool's sentence and its reads, loaded when a tool first has two coins. */
const toolResult = lazyModule(() => import("./tool-result"));

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
          <LineIcon icon={TRASH_2} />
        </Button>
      </div>
      {tool.coin1 && tool.coin2 ? <LazyToolResult pair={[tool.coin1.id, tool.coin2.id]} /> : null}
    </Card>
  );
}

/** The sentence for two chosen coins: its outline until its code is here, then tool-result.tsx. */
function LazyToolResult({ pair }: { pair: readonly [string, string] }) {
  const code = useLazyModule(toolResult, true);
  if (code.module) return <code.module.ToolResult pair={pair} />;
  return code.failed ? <ToolResultError onRetry={code.retry} /> : <ToolResultSkeleton />;
}

