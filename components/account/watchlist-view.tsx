"use client";

import { Trash2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { CreateAlertButton } from "@/components/alerts/create-alert-button";
import { CoinLogo } from "@/components/shell/coin-logo";
import { PriceBadges } from "@/components/shell/price-badges";
import { PriceChange } from "@/components/shell/price-change";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import type { PriceContext } from "@/lib/shared/freshness";
import { comparisonHref } from "@/lib/compare/comparison-link";
import type { WatchlistEntry } from "@/lib/account/schemas";
import { useRemoveFromWatchlist, useWatchlist } from "./account-queries";
import { EmptyState } from "@/components/shell/empty-state";
import { LoadError } from "@/components/shell/load-error";
import { PageSpinner, SignedInOnly } from "@/components/shell/signed-in-only";
import { Money } from "@/components/shell/money";

/**
 * The watchlist page's states (spec sections 2 and 4): loading, not logged in, empty, or the cards.
 * `priceContext` comes from the (cached) server page; the cards are drawn in the browser, so they
 * judge staleness against the browser's clock rather than the page's render time.
 */
export function WatchlistView({ priceContext }: { priceContext: PriceContext }) {
  return (
    <SignedInOnly loginMessage="Please log in to view your watchlist." returnTo="/watchlist">
      {(user) => <Watchlist userId={user.id} priceContext={priceContext} />}
    </SignedInOnly>
  );
}

function Watchlist({ userId, priceContext }: { userId: number; priceContext: PriceContext }) {
  const watchlist = useWatchlist(userId);
  const remove = useRemoveFromWatchlist();
  // Only ever rendered in the browser (the list is fetched there), so no server HTML to match.
  const [shownAt] = useState(() => Date.now());
  if (watchlist.isPending) return <PageSpinner />;
  if (watchlist.isError) {
    return <LoadError title="Couldn't load your watchlist" onRetry={() => void watchlist.refetch()} />;
  }
  if (watchlist.data.length === 0) return <EmptyState title="Your watchlist is empty" linkLabel="Browse Coins" />;
  // Rendering must not read the clock: the cards are judged at the time their list arrived, or
  // the page was opened on it (a list from the cache).
  const context = { ...priceContext, now: Math.max(shownAt, watchlist.dataUpdatedAt) };
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Watchlist">
      {watchlist.data.map((entry) => (
        <li key={entry.id}>
          <WatchlistCard entry={entry} onRemove={() => remove.mutate(entry.coinId)} removing={remove.isPending} priceContext={context} />
        </li>
      ))}
    </ul>
  );
}

function WatchlistCard({
  entry,
  onRemove,
  removing,
  priceContext,
}: {
  entry: WatchlistEntry;
  onRemove: () => void;
  removing: boolean;
  priceContext: PriceContext;
}) {
  const { coin } = entry;
  return (
    <Card className="h-full" data-testid="watchlist-card">
      <CardContent className="flex flex-col gap-4 pt-5">
        <div className="flex items-start gap-3">
          <CoinLogo coin={coin} size={40} />
          <div className="min-w-0 flex-1">
            <h2 className="truncate font-semibold">
              <Link href={comparisonHref(coin.id)} className="rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
                {coin.name}
              </Link>
            </h2>
            <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
              <span>{coin.symbol}</span>
              <span className="tabular-nums">Rank #{coin.rank}</span>
            </p>
          </div>
          <CreateAlertButton subject={{ kind: "coin", coin: { id: coin.id, symbol: coin.symbol } }} size="sm" />
          <Button variant="ghost" size="icon" onClick={onRemove} disabled={removing} aria-label={`Remove ${coin.symbol} from watchlist`}>
            <Trash2 aria-hidden />
          </Button>
        </div>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Market Cap</dt>
            <dd className="font-medium tabular-nums">
              <Money usd={coin.marketCap} format="cap" />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Price</dt>
            <dd className="font-medium tabular-nums break-all">
              <Money usd={coin.currentPrice} />
              <PriceBadges coin={coin} context={priceContext} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">24h</dt>
            <dd>
              <PriceChange value={coin.priceChange24h} absolute className="font-medium" data-testid="watchlist-change" />
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
