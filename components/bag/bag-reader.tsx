"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import type { Address } from "viem";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { fetchJson } from "@/lib/api/fetch-json.browser";
import { fromBagTokenIndex } from "@/lib/bag/bag-tokens";
import { createBagRpcClient, readBag } from "@/lib/bag/read-bag";
import { MIN_LISTED_VALUE_USD, staleIn, valueBag } from "@/lib/bag/value-bag";
import type { PriceContext } from "@/lib/shared/freshness";
import { BagSnapshots } from "./bag-snapshots";
import { BagSkeleton, BagTable, BagTotals } from "./bag-table";
import { useBagTarget } from "./bag-target";
import { Money } from "@/components/shell/money";

/** The bag page's coin list, as of the version the page was rendered with (cached for good). */
export function useBagTokens(version: string) {
  return useQuery({
    queryKey: ["bag-tokens", version],
    queryFn: () => fetchJson(`/api/bag-tokens?v=${encodeURIComponent(version)}`, { parse: fromBagTokenIndex }),
  });
}

/**
 * One wallet's bag: read from the chain in the browser, valued here. States: reading (skeleton
 * rows), an RPC error (what failed, and Retry), an empty wallet, or the table and its totals.
 */
export function BagReader({
  owner,
  tokensVersion,
  indexVersion,
  snapshotsOf,
  priceContext,
}: {
  owner: Address;
  tokensVersion: string;
  indexVersion: string;
  /** The page's freshest live price and render time: which rows' prices are stale (lib/shared/freshness.ts). */
  priceContext: PriceContext;
  /** The signed-in user whose own wallet this is: they may keep snapshots of its totals. */
  snapshotsOf: number | null;
}) {
  const [client] = useState(() => createBagRpcClient());
  const tokens = useBagTokens(tokensVersion);
  const bag = useQuery({
    // The address is a key in this browser's memory only; the query itself goes to the chain's RPC.
    queryKey: ["bag", owner, tokensVersion],
    queryFn: () => readBag(client, owner, tokens.data!),
    enabled: tokens.isSuccess,
    retry: false,
  });
  const { target, picker } = useBagTarget(indexVersion);
  const valuation = useMemo(() => (bag.data ? valueBag(bag.data.held, target.cap, staleIn(priceContext)) : null), [bag.data, target.cap, priceContext]);

  if (tokens.isError) return <ReadError message="Couldn't load the list of coins from this site." onRetry={() => void tokens.refetch()} />;
  if (bag.isError) return <ReadError message={bag.error.message} onRetry={() => void bag.refetch()} />;
  if (!bag.data || !valuation) return <BagSkeleton />;

  const unreadable = bag.data.unreadable;
  const empty = valuation.listed.length === 0 && valuation.dust.count === 0;
  return (
    <div className="flex flex-col gap-5" data-testid="bag" data-block={bag.data.blockNumber.toString()}>
      {empty ? (
        <Card className="p-5 text-center" data-testid="bag-empty">
          <p className="font-medium">This wallet holds none of the coins listed here.</p>
        </Card>
      ) : (
        <>
          {picker}
          {target.problem ? <p className="text-sm text-muted-foreground">{target.problem}</p> : null}
          {valuation.listed.length > 0 ? <BagTable valuation={valuation} targetPhrase={target.phrase} priceContext={priceContext} /> : null}
          {valuation.dust.count > 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="bag-dust">
              {valuation.dust.count === 1 ? "1 holding" : `${valuation.dust.count} holdings`} worth under <Money usd={MIN_LISTED_VALUE_USD} /> each (<Money usd={valuation.dust.valueToday} /> in all) {valuation.dust.count === 1 ? "is" : "are"} counted in the totals but not listed.
            </p>
          ) : null}
          <BagTotals valuation={valuation} targetPhrase={target.phrase} />
          {snapshotsOf !== null ? <BagSnapshots userId={snapshotsOf} totals={valuation.totals} /> : null}
        </>
      )}
      <NotCounted unreadable={unreadable} />
      <p className="text-xs text-muted-foreground">Read at block {bag.data.blockNumber.toString()} from the PulseChain RPC, in your browser.</p>
    </div>
  );
}

/** What the bag leaves out, said rather than guessed: tokens that did not answer, and tokens not listed here. */
function NotCounted({ unreadable }: { unreadable: { token: { id: string; symbol: string }; reason: string }[] }) {
  return (
    <div className="flex flex-col gap-1 text-sm text-muted-foreground" data-testid="bag-not-counted">
      {unreadable.length > 0 ? (
        <p>
          {unreadable.length === 1 ? "1 token was" : `${unreadable.length} tokens were`} not counted, as {unreadable.length === 1 ? "its contract" : "their contracts"} did not answer:{" "}
          {unreadable.map(({ token, reason }) => `${token.symbol} (${reason})`).join(", ")}.
        </p>
      ) : null}
      <p>
        Tokens this site does not list are not read or counted.{" "}
        <Link href="/get-listed" className="font-medium text-foreground underline underline-offset-4">
          Get a token listed
        </Link>
      </p>
    </div>
  );
}

function ReadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card className="flex flex-col items-start gap-3 p-5" data-testid="bag-error">
      <p role="alert">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </Card>
  );
}
