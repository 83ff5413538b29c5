"use client";

// The Listing Form (/get-listed/apply, issue 25): for a signed-in buyer, the token, then what to
// buy for it, then the quote in PLS and its payment from the connected wallet. Without a payment
// address on the server, listings are closed and nothing can be ordered.
import Link from "next/link";
import { useState } from "react";
import { SignedInOnly } from "@/components/shell/signed-in-only";
import { StateCard } from "@/components/shell/state-card";
import { buttonVariants } from "@/components/ui/button";
import type { AuthUser } from "@/lib/auth/schemas";
import type { OrderToken } from "@/lib/orders/order-token-schema";
import type { Order } from "@/lib/orders/schemas";
import { NO_CHOICES, type OrderChoices } from "./order-choices";
import { OrderForm } from "./order-form";
import { QuoteStep } from "./quote-step";
import { TokenStep } from "./token-step";

export function ListingForm({
  listingsOpen,
  indexVersion,
  initialAddress,
}: {
  listingsOpen: boolean;
  indexVersion: string;
  /** A checksummed address from ?token= (the Telegram Listing Bot's button): checked on arrival. */
  initialAddress?: string;
}) {
  const [closed, setClosed] = useState(!listingsOpen);
  if (closed) return <ListingsClosed />;
  // Logging in comes back to the same token.
  const returnTo = initialAddress ? `/get-listed/apply?token=${initialAddress}` : "/get-listed/apply";
  return (
    <SignedInOnly loginMessage="Please log in to order a listing." returnTo={returnTo}>
      {(user) => <ApplyFlow user={user} indexVersion={indexVersion} initialAddress={initialAddress} onClosed={() => setClosed(true)} />}
    </SignedInOnly>
  );
}

function ApplyFlow({ user, indexVersion, initialAddress, onClosed }: { user: AuthUser; indexVersion: string; initialAddress?: string; onClosed: () => void }) {
  const [token, setToken] = useState<OrderToken | null>(null);
  const [choices, setChoices] = useState<OrderChoices>(NO_CHOICES);
  const [order, setOrder] = useState<Order | null>(null);
  const chooseToken = (next: OrderToken | null) => {
    setToken(next);
    setChoices(NO_CHOICES);
  };
  return (
    <div className="flex flex-col gap-10">
      <TokenStep token={token} locked={order !== null} onToken={chooseToken} onClosed={onClosed} initialAddress={initialAddress} />
      {token && !order ? (
        <OrderForm token={token} choices={choices} onChoices={setChoices} onQuoted={setOrder} onClosed={onClosed} indexVersion={indexVersion} />
      ) : null}
      {order ? (
        <QuoteStep order={order} buyer={user.address as `0x${string}`} againstSymbol={choices.against?.symbol ?? null} onChangeOrder={() => setOrder(null)} />
      ) : null}
    </div>
  );
}

function ListingsClosed() {
  return (
    <StateCard title="Listings are closed">
      <p className="text-sm text-muted-foreground">This site takes no listing orders right now, so nothing can be ordered here. Please come back later.</p>
      <Link href="/get-listed" className={buttonVariants({ variant: "outline" })}>
        Back to Get Listed
      </Link>
    </StateCard>
  );
}
