"use client";

// Step 3: the quote (the order priced in PLS, held for 15 minutes) and its payment from the
// connected wallet: one transaction of exactly the quoted amount to the order's address.
import { Loader2 } from "lucide-react";
import type { Address } from "viem";
import { Button } from "@/components/ui/button";
import { planName, slotPhrase } from "@/components/orders/order-text";
import { formatPrice, formatWholeUsd } from "@/lib/shared/format";
import { formatPls } from "@/lib/orders/amount";
import type { Order } from "@/lib/orders/schemas";
import { PaymentProgress } from "./payment-progress";
import { QuoteCountdown, useSecondsLeft } from "./quote-countdown";
import { usePayment } from "./use-payment";

export function QuoteStep({
  order,
  buyer,
  againstSymbol,
  onChangeOrder,
}: {
  order: Order;
  buyer: Address;
  /** The symbol of the coin the slot compares with (the order names its id). */
  againstSymbol: string | null;
  onChangeOrder: () => void;
}) {
  const secondsLeft = useSecondsLeft(order.quoteExpiresAt);
  const { state, pay } = usePayment(order, buyer);
  const amount = formatPls(BigInt(order.amountWei));
  const wholePls = amount.split(".")[0];
  const busy = state.wallet !== "idle";
  const sent = state.hash !== null;
  const plan = planName(order.plan);
  const rows: [string, React.ReactNode][] = [
    ["Order", `#${order.id}`],
    ["Token", `${order.tokenName} (${order.tokenSymbol})`],
    ...(plan ? [["Listing plan", plan] as [string, string]] : []),
    ...(order.slot ? [["Homepage Compare", `${slotPhrase(order.slot)} (UTC), compared with ${againstSymbol ?? order.slot.against}`] as [string, string]] : []),
    ["Total", `${formatWholeUsd(order.priceUsd)} at ${formatPrice(order.plsUsd)} per PLS`],
    ["Amount", <span key="amount" className="font-mono break-all">{amount} PLS</span>],
    ["Pay to", <span key="to" className="font-mono break-all">{order.payTo}</span>],
  ];

  return (
    <section aria-labelledby="quote-title" className="flex flex-col gap-5" data-testid="quote-step">
      <h2 id="quote-title" className="text-xl font-semibold">
        3. Quote and payment
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border p-4 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {!sent ? (
        <div className="flex flex-col gap-3">
          <QuoteCountdown secondsLeft={secondsLeft} />
          <p className="text-sm text-muted-foreground">
            Pay from your connected wallet in one transaction of exactly this amount: its last digits name your order.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button size="lg" onClick={() => void pay()} disabled={busy || secondsLeft === 0}>
              {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
              {busy ? "Waiting for your wallet…" : `Pay ${wholePls} PLS`}
            </Button>
            <Button variant="ghost" size="lg" onClick={onChangeOrder} disabled={busy}>
              {secondsLeft === 0 ? "Get a new quote" : "Change the order"}
            </Button>
          </div>
        </div>
      ) : null}
      <PaymentProgress state={state} symbol={order.tokenSymbol} />
      {state.problem ? (
        <p role="alert" className="text-sm text-destructive wrap-anywhere" data-testid="payment-problem">
          {state.problem}
        </p>
      ) : null}
    </section>
  );
}
