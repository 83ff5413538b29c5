import Link from "next/link";
import { CoinLogo } from "@/components/shell/coin-logo";
import { PriceBadges } from "@/components/shell/price-badges";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { BagValuation } from "@/lib/bag/value-bag";
import { coinPath } from "@/lib/coins/coin-path";
import { STALE_AFTER_MINUTES, formatPriceAge, type PriceContext } from "@/lib/shared/freshness";
import { cn } from "@/lib/shared/class-names";
import { MISSING, formatMultiplier, formatTokenAmount } from "@/lib/shared/format";
import { Money } from "@/components/shell/money";

/**
 * The holdings worth $1 or more, most valuable first; `targetPhrase` heads the target's column.
 * A row whose price is stale says so under its value, with the coin page's badge (PriceBadges).
 */
export function BagTable({ valuation, targetPhrase, priceContext }: { valuation: BagValuation; targetPhrase: string | null; priceContext: PriceContext }) {
  // Phones (under 640 px) have room for three figures: once a target is chosen, its column takes
  // the place of the all-time high's, whose total stays below the table.
  const highColumn = targetPhrase ? "hidden sm:table-cell" : undefined;
  return (
    <Table aria-label="Your holdings" data-testid="bag-table">
      <TableHeader>
        <TableRow>
          <TableHead>Coin</TableHead>
          {/* Phones drop the price (the value says more) and the long heads wrap, so the columns fit 360 px. */}
          <TableHead align="right" className="hidden sm:table-cell">
            Price
          </TableHead>
          <TableHead align="right">Today</TableHead>
          <TableHead align="right" className={highColumn}>
            <span className="inline-block whitespace-normal">At its all-time high</span>
          </TableHead>
          {targetPhrase ? (
            <TableHead align="right">
              <span className="inline-block whitespace-normal">{capitalise(targetPhrase)}</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {valuation.listed.map((holding) => (
          <TableRow key={holding.token.id} data-testid="bag-row">
            <TableCell>
              <div className="flex items-center gap-2">
                {/* Initials, never the logo file: which logos a page loads would tell the server (and
                    any cache or log on the way) which coins this wallet holds. docs/accounts.md */}
                <CoinLogo coin={{ symbol: holding.token.symbol, logoUrl: null }} size={24} />
                <div className="min-w-0">
                  <Link href={coinPath(holding.token.id)} prefetch={false} className="font-medium underline-offset-4 hover:underline">
                    {holding.token.symbol}
                  </Link>
                  <div className="text-xs tabular-nums text-muted-foreground" data-testid="bag-amount">
                    {formatTokenAmount(holding.amount)}
                  </div>
                </div>
              </div>
            </TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">
              <Money usd={holding.token.currentPrice} />
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums" data-testid="bag-today">
              <Money usd={holding.valueToday} />
              {holding.token.priceUpdatedAt ? <PriceBadges coin={{ priceUpdatedAt: holding.token.priceUpdatedAt, lowLiquidity: false }} context={priceContext} align="end" /> : null}
            </TableCell>
            <TableCell className={cn("text-right tabular-nums", highColumn)} data-testid="bag-at-high">
              <Money usd={holding.valueAtHigh} />
            </TableCell>
            {targetPhrase ? (
              <TableCell className="text-right tabular-nums" data-testid="bag-at-target">
                {holding.valueAtTarget === null ? MISSING : <Money usd={holding.valueAtTarget} />}
                {holding.multiplier !== null ? <div className="text-xs text-muted-foreground">{formatMultiplier(holding.multiplier)}</div> : null}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The totals at the foot of the bag (the words), each with the part that rests on stale prices. */
export function BagTotals({ valuation, targetPhrase }: { valuation: BagValuation; targetPhrase: string | null }) {
  const { totals, onStalePrices: stale } = valuation;
  return (
    <dl className="grid gap-3 sm:grid-cols-3" data-testid="bag-totals">
      <Total label="Your bag today" value={totals.today} stale={stale.today} testId="bag-total-today" />
      <Total label="Your bag if every coin returned to its all-time high" value={totals.atHighs} stale={stale.atHighs} testId="bag-total-highs" />
      {targetPhrase && totals.atTarget !== null ? <Total label={`Your bag ${targetPhrase}`} value={totals.atTarget} stale={stale.atTarget ?? 0} testId="bag-total-target" /> : null}
    </dl>
  );
}

function Total({ label, value, stale, testId }: { label: string; value: number; stale: number; testId: string }) {
  return (
    <div className="rounded-lg bg-muted/50 p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums break-all" data-testid={testId}>
        <Money usd={value} />
      </dd>
      {stale > 0 ? (
        <dd className="mt-1 text-xs text-muted-foreground" data-testid={`${testId}-stale`}>
          <Money usd={stale} /> of this total uses prices older than {formatPriceAge(STALE_AFTER_MINUTES)}.
        </dd>
      ) : null}
    </div>
  );
}

/** Rows of the table's shape while the chain answers. */
export function BagSkeleton() {
  return (
    <div role="status" aria-label="Reading the bag" className="flex flex-col gap-2" data-testid="bag-skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="size-6 rounded-full" />
          <Skeleton className="h-5 flex-1" />
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-5 w-24" />
        </div>
      ))}
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
