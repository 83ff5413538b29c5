"use client";

import { format } from "date-fns";
import { Trash2 } from "lucide-react";
import Link from "next/link";
import { CreateAlertButton } from "@/components/alerts/create-alert-button";
import { CoinLogo } from "@/components/shell/coin-logo";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { TargetChoice } from "@/components/compare/target-choice";
import { athEstimatedNote } from "@/lib/compare/ath-target-copy";
import { comparisonFailureMessage, computeAthComparison, computeComparison } from "@/lib/compare/comparison";
import { comparisonHref } from "@/lib/compare/comparison-link";
import { MISSING, formatMultiplier } from "@/lib/shared/format";
import type { SavedComparison } from "@/lib/account/schemas";
import type { Coin } from "@/lib/coins/schemas";
import { useRemoveSavedComparison, useSavedComparisons } from "@/components/account/account-queries";
import { EmptyState } from "@/components/shell/empty-state";
import { LoadError } from "@/components/shell/load-error";
import { PageSpinner, SignedInOnly } from "@/components/shell/signed-in-only";
import { Money } from "@/components/shell/money";
import { AthTargetWords } from "@/components/compare/ath-target-words";

/** The saved page's states (spec sections 2 and 4): loading, not logged in, empty, or the cards. */
export function SavedView() {
  return (
    <SignedInOnly loginMessage="Please log in to view your saved comparisons." returnTo="/saved">
      {(user) => <SavedList userId={user.id} />}
    </SignedInOnly>
  );
}

function SavedList({ userId }: { userId: number }) {
  const saved = useSavedComparisons(userId);
  const remove = useRemoveSavedComparison();
  if (saved.isPending) return <PageSpinner />;
  if (saved.isError) {
    return <LoadError title="Couldn't load your saved comparisons" onRetry={() => void saved.refetch()} />;
  }
  if (saved.data.length === 0) return <EmptyState title="No saved comparisons yet" linkLabel="Start Comparing" />;
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Saved comparisons">
      {saved.data.map((comparison) => (
        <li key={comparison.id}>
          <SavedCard comparison={comparison} onRemove={() => remove.mutate(comparison.id)} removing={remove.isPending} />
        </li>
      ))}
    </ul>
  );
}

function SavedCard({ comparison, onRemove, removing }: { comparison: SavedComparison; onRemove: () => void; removing: boolean }) {
  const { coin1, coin2 } = comparison;
  return (
    <Card className="h-full" data-testid="saved-card">
      <CardContent className="flex flex-col gap-4 pt-5">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">Saved {format(new Date(comparison.savedAt), "MMM d, yyyy")}</p>
          <span className="flex-1" />
          <CreateAlertButton
            subject={{ kind: "pair", coin: { id: coin1.id, symbol: coin1.symbol }, other: { id: coin2.id, symbol: coin2.symbol }, athTarget: (coin2.athMarketCap ?? 0) > 0 }}
            size="sm"
          />
          <Button
            variant="ghost"
            size="icon"
            onClick={onRemove}
            disabled={removing}
            aria-label={`Remove saved comparison ${coin1.symbol} vs ${coin2.symbol}`}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
        <h2>
          <Link
            href={comparisonHref(coin1.id, coin2.id)}
            className="grid grid-cols-[1fr_auto_1fr] items-center gap-3 rounded-md hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <CoinName coin={coin1} />
            <span className="text-sm text-muted-foreground">vs</span>
            <CoinName coin={coin2} />
          </Link>
        </h2>
        <TargetChoice
          coinSymbol={coin2.symbol}
          today={<TodayFigures coin1={coin1} coin2={coin2} />}
          ath={<AthFigures coin1={coin1} coin2={coin2} />}
          holding={{ coin: coin1, caps: { today: coin2.marketCap, ath: coin2.athMarketCap } }}
        />
      </CardContent>
    </Card>
  );
}

// Both views are projected from today's prices, not the ones on the day the comparison was saved.
function TodayFigures({ coin1, coin2 }: { coin1: Coin; coin2: Coin }) {
  return <Figures coin1={coin1} result={computeComparison(coin1, coin2)} />;
}

/** The same figures at coin 2's all-time-high market cap, and which high that is. */
function AthFigures({ coin1, coin2 }: { coin1: Coin; coin2: Coin }) {
  const result = computeAthComparison(coin1, coin2);
  return (
    <>
      <Figures coin1={coin1} result={result} />
      <p className="text-sm text-muted-foreground" data-testid="saved-target">
        {result.comparable ? (
          <>
            At <AthTargetWords symbol={coin2.symbol} athMarketCap={result.athMarketCap} athMarketCapAt={result.athMarketCapAt} />.
          </>
        ) : (
          comparisonFailureMessage(result.reason, result.invalidCoin?.symbol)
        )}
        {result.comparable && result.athMarketCapEstimated ? ` ${athEstimatedNote(coin2.symbol)}` : null}
      </p>
    </>
  );
}

/** Coin 1's price and, against either target, the multiplier and projected price ("-" when not comparable). */
function Figures({ coin1, result }: { coin1: Coin; result: { comparable: false } | { comparable: true; multiplier: number; projectedPrice: number } }) {
  return (
    <dl className="grid grid-cols-3 gap-3 text-sm">
      <Figure label="Current Price" value={<Money usd={coin1.currentPrice} />} />
      <Figure label="Market Cap Multiplier" value={result.comparable ? formatMultiplier(result.multiplier) : MISSING} />
      <Figure label="Projected Price" value={result.comparable ? <Money usd={result.projectedPrice} /> : MISSING} />
    </dl>
  );
}

function CoinName({ coin }: { coin: Coin }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <CoinLogo coin={coin} size={32} />
      <span className="min-w-0">
        <span className="block truncate font-semibold">{coin.symbol}</span>
        <span className="block truncate text-xs font-normal text-muted-foreground">{coin.name}</span>
      </span>
    </span>
  );
}

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums break-all">{value}</dd>
    </div>
  );
}
