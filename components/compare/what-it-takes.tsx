// What reaching a target would take through coin 1's PulseX pools, under the result's sentence
// (lib/compare/what-it-takes-copy.ts). Nothing for a coin not priced from pools.
import type { PoolsForTargets } from "@/lib/coins/what-it-takes";
import { whatItTakesAssumptions, whatItTakesSentence } from "@/lib/compare/what-it-takes-copy";

export function WhatItTakes({ targetPrice, currentPrice, targets }: { targetPrice: number; currentPrice: number; targets: PoolsForTargets | null }) {
  const sentence = whatItTakesSentence(targetPrice, currentPrice, targets);
  if (!sentence || !targets) return null;
  return (
    <div className="flex flex-col gap-1" data-testid="what-it-takes">
      <p className="text-sm">{sentence}</p>
      <p className="text-xs text-muted-foreground">{whatItTakesAssumptions(targets)}</p>
    </div>
  );
}
