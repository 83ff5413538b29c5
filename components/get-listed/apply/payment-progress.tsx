// Where the payment stands: the wallet (confirm), the chain (pending, then confirmed or failed),
// and the server's answer (live, held for review), with the transaction on PulseScan.
import { CheckCircle2, Circle, ExternalLink, Loader2, XCircle } from "lucide-react";
import Link from "next/link";
import { shortHash } from "@/components/orders/order-text";
import { EXPLORER_NAME, explorerTxUrl } from "@/lib/chain/explorer";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/shared/class-names";
import type { PaymentState } from "./use-payment";

type StepState = "todo" | "current" | "done" | "failed";

export function PaymentProgress({ state, symbol }: { state: PaymentState; symbol: string }) {
  const { wallet, hash, mined, answer } = state;
  const serverDone = answer !== null && answer.status !== "quoted";
  const steps: [string, StepState, React.ReactNode?][] = [
    [
      wallet === "switching" ? "Switch your wallet to PulseChain" : "Confirm in your wallet",
      hash ? "done" : wallet !== "idle" ? "current" : "todo",
    ],
    ["Pending", !hash ? "todo" : mined === "pending" && !serverDone ? "current" : "done", hash ? <TxLink hash={hash} /> : null],
    ["Confirmed", mined === "failed" ? "failed" : mined === "confirmed" || serverDone ? "done" : "todo"],
    ["Checked by PulseCompare", serverDone ? "done" : hash && mined !== "failed" ? "current" : "todo"],
  ];
  if (wallet === "idle" && !hash) return null;
  return (
    <div className="flex flex-col gap-4" data-testid="payment-progress">
      <ol className="flex flex-col gap-2" aria-label="Payment progress">
        {steps.map(([label, step, extra]) => (
          <li key={label} className="flex flex-wrap items-center gap-2 text-sm" data-step={step}>
            <StepIcon state={step} />
            <span className={cn(step === "todo" && "text-muted-foreground", step === "current" && "font-medium")}>{label}</span>
            <span className="sr-only">{{ todo: "(to come)", current: "(in progress)", done: "(done)", failed: "(failed)" }[step]}</span>
            {extra}
          </li>
        ))}
      </ol>
      {answer && serverDone ? <Outcome answer={answer} symbol={symbol} /> : null}
      {hash && !serverDone && mined !== "failed" ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {mined === "confirmed" ? "Confirmed on PulseChain: PulseCompare settles it once the chain counts it safe (usually 5 to 10 minutes)." : "Waiting for the transaction to be mined…"}
        </p>
      ) : null}
    </div>
  );
}

function TxLink({ hash }: { hash: string }) {
  return (
    <a href={explorerTxUrl(hash)} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-mono text-xs text-primary underline-offset-4 hover:underline">
      {shortHash(hash)}
      <ExternalLink aria-hidden className="size-3" />
      <span className="sr-only">(the transaction on {EXPLORER_NAME}, opens in a new tab)</span>
    </a>
  );
}

function StepIcon({ state }: { state: StepState }) {
  if (state === "done") return <CheckCircle2 aria-hidden className="size-4 text-gain" />;
  if (state === "failed") return <XCircle aria-hidden className="size-4 text-destructive" />;
  if (state === "current") return <Loader2 aria-hidden className="size-4 animate-spin text-primary" />;
  return <Circle aria-hidden className="size-4 text-muted-foreground" />;
}

/** The server's word on the paid order. */
function Outcome({ answer, symbol }: { answer: NonNullable<PaymentState["answer"]>; symbol: string }) {
  const coinLink = answer.coinId ? (
    <Link href={`/coins/${answer.coinId}`} className={buttonVariants()}>
      See {symbol} on PulseCompare
    </Link>
  ) : null;
  const ordersLink = (
    <Link href="/orders" className={buttonVariants({ variant: "outline" })}>
      Your orders
    </Link>
  );
  const [title, text] =
    answer.status === "live"
      ? ["Your order is live.", [answer.plan ? `${symbol} is listed.` : null, answer.slot ? "Its Homepage Compare slot is booked." : null].filter(Boolean).join(" ")]
      : answer.status === "review"
        ? ["Payment received: your order is held for review.", answer.statusReason]
        : answer.status === "paid"
          ? ["Payment received.", "Your listing is being set up."]
          : [`This order is ${answer.status}.`, answer.statusReason];
  return (
    <div role="status" data-testid="order-outcome" data-status={answer.status} className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 wrap-anywhere">
      <p className="font-semibold">{title}</p>
      {text ? <p className="text-sm">{text}</p> : null}
      <div className="flex flex-wrap gap-2">
        {answer.status === "live" ? coinLink : null}
        {ordersLink}
      </div>
    </div>
  );
}
