// The pair page's ladder of targets (issue 43): coin 1 at 10% to 500% of coin 2's market cap, each
// with what it would take through coin 1's pools, and how far coin 1 is today. A server component:
// plain figures, no script; `plsUsd` (the layout's PLS price) converts them here.
import { HomeSection } from "@/components/shell/home-section";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Comparison } from "@/lib/compare/comparison";
import { formatShare, targetLadder } from "@/lib/compare/ladder";
import { ladderTitle } from "@/lib/compare/pair-copy";
import type { PoolsForTargets } from "@/lib/coins/what-it-takes";
import type { Coin } from "@/lib/coins/schemas";
import { formatResultMultiplier } from "@/lib/shared/format";
import { MoneyView } from "@/components/shell/money-view";

function ItWouldTake({ usd, plsUsd }: { usd: number | null; plsUsd: number | null }) {
  if (usd === null) return "-";
  if (Math.abs(usd) < 0.5) return "none";
  return (
    <>
      <MoneyView usd={Math.abs(usd)} format="cap" plsUsd={plsUsd} /> {usd > 0 ? "buying" : "selling"}
    </>
  );
}

export function TargetLadder({
  result,
  targets,
  plsUsd,
}: {
  result: Extract<Comparison<Coin, Coin>, { comparable: true }>;
  targets: PoolsForTargets | null;
  plsUsd: number | null;
}) {
  const { coin1, coin2 } = result;
  const ladder = targetLadder(result, targets?.pools ?? null);
  const withPools = targets !== null;
  return (
    <HomeSection title={ladderTitle(coin1, coin2)} id="target-ladder">
      <p className="mb-3 text-sm" data-testid="ladder-progress">
        Today {coin1.symbol}&apos;s market cap is <strong className="tabular-nums">{formatShare(ladder.progress)}</strong> of {coin2.symbol}&apos;s.
      </p>
      <Table aria-label={`${coin1.symbol} at shares of ${coin2.symbol}'s market cap`} data-testid="target-ladder">
        <TableHeader>
          <TableRow>
            <TableHead>
              <span className="sm:hidden">Share</span>
              <span className="max-sm:hidden">Of {coin2.symbol}&apos;s cap</span>
            </TableHead>
            {/* The share says which market cap; at phone width the column goes, so the rest fit. */}
            <TableHead align="right" className="max-sm:hidden">
              Market cap
            </TableHead>
            <TableHead align="right">
              <span className="sm:hidden">Price</span>
              <span className="max-sm:hidden">{coin1.symbol} price</span>
            </TableHead>
            <TableHead align="right">Multiplier</TableHead>
            {withPools ? <TableHead align="right">Would take</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {ladder.steps.map((step) => (
            <TableRow key={step.share} data-testid="ladder-step">
              <TableCell className="font-medium">{Math.round(step.share * 100)}%</TableCell>
              <TableCell className="text-right tabular-nums max-sm:hidden"><MoneyView usd={step.marketCap} format="cap" plsUsd={plsUsd} /></TableCell>
              <TableCell className="text-right tabular-nums"><MoneyView usd={step.price} plsUsd={plsUsd} /></TableCell>
              <TableCell className="text-right tabular-nums">{formatResultMultiplier(step.multiplier)}</TableCell>
              {/* Wraps at phone width: "$62.75K" over "buying". */}
              {withPools ? <TableCell className="text-right tabular-nums max-sm:whitespace-normal"><ItWouldTake usd={step.buyingUsd} plsUsd={plsUsd} /></TableCell> : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {withPools ? (
        <p className="mt-3 text-xs text-muted-foreground">
          Net buying or selling through {coin1.symbol}&apos;s PulseX pools at today&apos;s reserves: no liquidity added or taken out, no other venue, fees on top.
        </p>
      ) : null}
    </HomeSection>
  );
}
