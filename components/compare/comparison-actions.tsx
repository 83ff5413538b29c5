"use client";

import { Bookmark, Eye } from "lucide-react";
import { useAddToWatchlist, useSaveComparison } from "@/components/account/account-queries";
import { useAuthUser } from "@/components/shell/use-auth-user";
import { Button } from "@/components/ui/button";

type ActionCoin = { id: string; symbol: string };

/**
 * The result card's buttons for signed-in users (spec sections 2 and 5): save the comparison,
 * watch either coin. Each button has its own request and is disabled only while that one is pending.
 */
export function ComparisonActions({ coin1, coin2, extra }: { coin1: ActionCoin; coin2: ActionCoin; /** More buttons in the row (the pair page's "Alert me"). */ extra?: React.ReactNode }) {
  const { data: user } = useAuthUser();
  if (!user) return null;
  return (
    <div className="flex flex-wrap gap-2 border-t pt-4" data-testid="comparison-actions">
      <SaveButton coin1Id={coin1.id} coin2Id={coin2.id} />
      <WatchButton coin={coin1} />
      <WatchButton coin={coin2} />
      {extra}
    </div>
  );
}

function SaveButton({ coin1Id, coin2Id }: { coin1Id: string; coin2Id: string }) {
  const save = useSaveComparison();
  return (
    <Button onClick={() => save.mutate({ coin1Id, coin2Id })} disabled={save.isPending}>
      <Bookmark aria-hidden />
      Save Comparison
    </Button>
  );
}

function WatchButton({ coin }: { coin: ActionCoin }) {
  const watch = useAddToWatchlist();
  return (
    <Button variant="outline" onClick={() => watch.mutate(coin.id)} disabled={watch.isPending}>
      <Eye aria-hidden />
      Watch {coin.symbol}
    </Button>
  );
}
