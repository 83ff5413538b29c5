"use client";

// The operators' page: behind the wallet sign-in ('Login Required' when signed out), then the
// operator check, which the API makes (GET /api/admin/coins answers 403 for anyone else).
import type { UseQueryResult } from "@tanstack/react-query";
import Link from "next/link";
import { Loader2 } from "lucide-react";
import { LoadError } from "@/components/shell/load-error";
import { PageSpinner, SignedInOnly } from "@/components/shell/signed-in-only";
import { StateCard } from "@/components/shell/state-card";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { AdminCoin } from "@/lib/listings/schemas";
import { isForbidden } from "./api-errors";
import { useAdminCoins, useFeaturedSlots, useOperatorOrders, useUnmatchedTransfers } from "./admin-queries";
import { CoinList } from "./coin-list";
import { FeaturedSlotList, ScheduleFeaturedForm } from "./featured-slots";
import { ListCoinForm } from "./list-coin-form";
import { OrderQueue } from "./order-queue";
import { QuarantineList, quarantinedCoins } from "./quarantine-list";
import { UnmatchedTransfers } from "./unmatched-transfers";

export function AdminView() {
  return (
    <SignedInOnly loginMessage="Please log in with an operator wallet to manage listings." returnTo="/admin">
      {(user) => <AdminConsole userId={user.id} address={user.address} />}
    </SignedInOnly>
  );
}

function AdminConsole({ userId, address }: { userId: number; address: string }) {
  const coins = useAdminCoins(userId);
  const slots = useFeaturedSlots(userId, coins.isSuccess);
  const orders = useOperatorOrders(userId, coins.isSuccess);
  const unmatched = useUnmatchedTransfers(userId, coins.isSuccess);
  if (coins.isPending) return <PageSpinner />;
  if (coins.isError) {
    if (isForbidden(coins.error)) return <OperatorsOnly address={address} />;
    return <LoadError title="Couldn't load the coins" onRetry={() => void coins.refetch()} />;
  }
  return (
    <div className="flex flex-col gap-6">
      <Section title="Orders" text="Paid listings and slots, with their payments and the posts on X they owe. A reject takes the listing or slot down; the buyer sees its reason.">
        <Loaded query={orders} what="orders">
          {(data) => <OrderQueue orders={data} />}
        </Loaded>
      </Section>
      <Section
        title="Unmatched transfers"
        text="PLS sent to the payment address that paid no order: a second payment, an amount that names no order, another wallet, a transfer through a contract. Refund or settle it, then mark it handled."
      >
        <Loaded query={unmatched} what="unmatched transfers">
          {(data) => <UnmatchedTransfers unmatched={data} />}
        </Loaded>
      </Section>
      <Section title="List a coin">
        <ListCoinForm />
      </Section>
      <Section title="Featured comparisons" text="The home page shows the slots running now, promoted first, at most two.">
        <ScheduleFeaturedForm coins={coins.data} />
        <h3 className="mt-6 mb-3 text-base font-semibold">Slots</h3>
        <Loaded query={slots} what="featured slots">
          {(data) => <FeaturedSlotList slots={data} />}
        </Loaded>
      </Section>
      <QuarantineSection coins={coins.data} />
      <Section title={`Coins (${coins.data.length})`} text="Newest listing first. Tags and logos show on the site at once.">
        <CoinList coins={coins.data} />
      </Section>
    </div>
  );
}

/** The tokens quarantined for a failing contract, from the coins' list (no request of its own). */
function QuarantineSection({ coins }: { coins: readonly AdminCoin[] }) {
  const quarantined = quarantinedCoins(coins);
  return (
    <Section
      title={`Quarantined tokens (${quarantined.length})`}
      text="Tokens whose own contract failed the price read 3 passes in a row: each is asked once an hour and keeps its last good price. The first answer about it lifts the quarantine."
    >
      <QuarantineList coins={quarantined} />
    </Section>
  );
}

/** A section's list once loaded; meanwhile "Loading …", or the failure with 'Try again'. */
function Loaded<T>({ query, what, children }: { query: UseQueryResult<T>; what: string; children: (data: T) => React.ReactNode }) {
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading {what}…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 py-2">
        <p role="alert" className="text-sm text-muted-foreground">
          Couldn&apos;t load the {what}.
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

function Section({ title, text, children }: { title: string; text?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {text ? <p className="text-sm text-muted-foreground">{text}</p> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function OperatorsOnly({ address }: { address: string }) {
  return (
    <StateCard title="403 — this page is for operators">
      <p className="text-sm break-all text-muted-foreground">
        You are signed in as {address}, which is not an operator wallet.
      </p>
      <Link href="/" className={buttonVariants({ variant: "outline" })}>
        Back to the home page
      </Link>
    </StateCard>
  );
}
