"use client";

// One of the buyer's orders: its status, token, what it bought, the amount, and its transaction
// on PulseScan. A payment still gathering confirmations can be checked again from here (the same
// hash again: the server answers the order as it stands).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import Link from "next/link";
import type { Hash } from "viem";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { apiKey, apiMutation } from "@/lib/api/endpoint-queries.browser";
import { formatDay, formatWholeUsd } from "@/lib/shared/format";
import { formatPls } from "@/lib/orders/amount";
import type { Order } from "@/lib/orders/schemas";
import { describeFailure } from "./call-failure";
import { OrderStatusBadge } from "./order-status";
import { EXPLORER_NAME, explorerTxUrl } from "@/lib/chain/explorer";
import { planName, shortHash, slotPhrase } from "./order-text";
import { once } from "@/lib/shared/once";

const ordersEndpoints = () => import("@/lib/orders/endpoints");

const time = once(() => new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit" }));

export function OrderCard({ order }: { order: Order }) {
  const plan = planName(order.plan);
  const rows: [string, React.ReactNode][] = [
    ["Token", <span key="token" className="font-mono text-xs break-all">{order.tokenAddress}</span>],
    ...(plan ? [["Listing plan", plan] as [string, string]] : []),
    ...(order.slot
      ? [
          [
            "Homepage Compare",
            <>
              {slotPhrase(order.slot)} (UTC), compared with{" "}
              <Link href={`/coins/${order.slot.against}`} className="text-primary underline-offset-4 hover:underline">
                {order.slot.against}
              </Link>
            </>,
          ] as [string, React.ReactNode],
        ]
      : []),
    ["Amount", <span key="amount" className="break-all">{`${formatPls(BigInt(order.paidWei ?? order.amountWei))} PLS (${formatWholeUsd(order.priceUsd)})`}</span>],
    [
      "Transaction",
      order.paymentTx ? (
        <a key="tx" href={explorerTxUrl(order.paymentTx)} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-mono text-xs text-primary underline-offset-4 hover:underline">
          {shortHash(order.paymentTx)}
          <ExternalLink aria-hidden className="size-3" />
          <span className="sr-only">(on {EXPLORER_NAME}, opens in a new tab)</span>
        </a>
      ) : (
        "-"
      ),
    ],
  ];
  return (
    <Card className="h-full" data-testid="order-card" data-order-id={order.id}>
      <CardContent className="flex flex-col gap-4 pt-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="truncate font-semibold">
              {order.tokenSymbol} <span className="font-normal text-muted-foreground">{order.tokenName}</span>
            </h2>
            <p className="text-sm text-muted-foreground">
              Order #{order.id}, {formatDay(order.createdAt)}
            </p>
          </div>
          <OrderStatusBadge status={order.status} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0">{value}</dd>
            </div>
          ))}
        </dl>
        <OrderNote order={order} />
      </CardContent>
    </Card>
  );
}

/** What the status means for the buyer, and what they can do. */
function OrderNote({ order }: { order: Order }) {
  if (order.status === "quoted") {
    return order.paymentTx ? <PaymentPending order={order} hash={order.paymentTx as Hash} /> : <p className="text-sm text-muted-foreground">Awaiting payment: the quote holds until {time().format(new Date(order.quoteExpiresAt))}.</p>;
  }
  if (order.status === "live" && order.coinId) {
    return (
      <Link href={`/coins/${order.coinId}`} className="text-sm text-primary underline-offset-4 hover:underline">
        See {order.tokenSymbol} on PulseCompare
      </Link>
    );
  }
  return order.statusReason ? (
    <p className="text-sm wrap-anywhere" data-testid="order-reason">
      {order.statusReason}
    </p>
  ) : null;
}

function PaymentPending({ order, hash }: { order: Order; hash: Hash }) {
  const queryClient = useQueryClient();
  const check = useMutation({
    ...apiMutation(ordersEndpoints, "submitPayment", (_: void) => ({ params: { id: String(order.id) }, body: { txHash: hash } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKey("orders") }),
  });
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-muted-foreground">Payment sent: waiting for its confirmations on PulseChain.</p>
      <div>
        <Button variant="outline" size="sm" onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? "Checking…" : "Check payment"}
        </Button>
      </div>
      {check.isError ? (
        <p role="alert" className="text-destructive wrap-anywhere">
          {describeFailure(check.error).message}
        </p>
      ) : null}
    </div>
  );
}
