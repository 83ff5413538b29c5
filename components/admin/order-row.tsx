"use client";

// One order in the operator's queue: what was bought, the payment (its transaction on PulseScan),
// the buyer, what the buyer sent for the operator to check (logo URL and links, as text: nothing
// from the buyer's hosts is loaded here), the posts on X owed with 'Done', and 'Approve' (an
// order held for review) / 'Reject' / 'Cancel' (an unpaid quote, its payment stuck or not) /
// 'Record refund'. Each write's refusal shows under it (./write-error.tsx).
import { Check, Loader2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { planName, shortHash, slotPhrase, STATUS_LABELS } from "@/components/orders/order-text";
import { explorerTxUrl } from "@/lib/chain/explorer";
import { formatPls } from "@/lib/orders/amount";
import { utcTime } from "./utc-time";
import { toast } from "@/components/ui/use-toast";
import {
  cancelOrderBodySchema,
  recordRefundBodySchema,
  REFUNDABLE_STATUSES,
  REJECTABLE_STATUSES,
  rejectOrderBodySchema,
  type OperatorOrder,
  type OrderTask,
} from "@/lib/orders/operator-schemas";
import { useApproveOrder, useCancelOrder, useMarkTaskDone, useRecordRefund, useRejectOrder } from "./admin-queries";
import { Field, FieldFrame, fieldErrors } from "@/components/shell/field";
import { WriteError } from "./write-error";

const pls = (wei: string) => `${formatPls(BigInt(wei))} PLS`;

export function OrderRow({ order }: { order: OperatorOrder }) {
  const titleId = useId();
  const plan = planName(order.plan);
  const bought = [plan ? `${plan} listing` : null, order.slot ? `Homepage Compare, ${slotPhrase(order.slot)}, vs ${order.slot.against}` : null].filter(Boolean).join(" + ");
  return (
    <li data-testid="operator-order" aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3 rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={titleId} className="font-medium break-words">
          Order {order.id}: {order.tokenSymbol} <span className="font-normal text-muted-foreground">({order.tokenName})</span>
        </h4>
        <Badge variant={order.status === "live" ? "success" : order.status === "review" ? "warning" : "outline"}>{STATUS_LABELS[order.status]}</Badge>
      </div>
      <dl className="grid min-w-0 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        <Item label="Bought">
          {bought} · ${order.priceUsd}
        </Item>
        <Item label="Token">
          <Code>{order.tokenAddress}</Code>
          {order.coinId ? <> (coin “{order.coinId}”)</> : null}
        </Item>
        <Item label="Buyer">
          <Code>{order.buyer}</Code>
        </Item>
        <Item label="Payment">
          {order.paidWei && order.paidAt ? `${pls(order.paidWei)} of ${pls(order.amountWei)}, ${utcTime(order.paidAt)}` : `${pls(order.amountWei)} quoted, not paid`}
          {order.paymentTx ? <TxLink hash={order.paymentTx} /> : null}
          <span className="block text-xs text-muted-foreground">
            to <Code>{order.payTo}</Code>
          </span>
        </Item>
        {order.refundTx && order.refundedWei ? (
          <Item label="Refund">
            {pls(order.refundedWei)} <TxLink hash={order.refundTx} />
          </Item>
        ) : null}
        {order.statusReason ? <Item label="Reason (the buyer sees it)">{order.statusReason}</Item> : null}
        {order.logoUrl ? (
          <Item label="Logo URL">
            <Code>{order.logoUrl}</Code>
          </Item>
        ) : null}
        {order.links.length > 0 ? (
          <Item label="Links">
            <ul>
              {order.links.map((link) => (
                <li key={link}>
                  <Code>{link}</Code>
                </li>
              ))}
            </ul>
          </Item>
        ) : null}
      </dl>
      {order.tasks.length > 0 ? <TaskList tasks={order.tasks} /> : null}
      <OrderActions order={order} />
    </li>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mb-1 min-w-0 break-words sm:mb-0">{children}</dd>
    </>
  );
}

/** Addresses, hashes and the buyer's URLs: shown whole, wrapped anywhere, never fetched. */
function Code({ children }: { children: string }) {
  return <code className="font-mono text-xs break-all">{children}</code>;
}

function TxLink({ hash }: { hash: string }) {
  return (
    <>
      {" "}
      <a href={explorerTxUrl(hash)} target="_blank" rel="noopener noreferrer" className="font-mono text-xs underline underline-offset-2" aria-label={`Transaction ${hash} on PulseScan`}>
        {shortHash(hash)}
      </a>
    </>
  );
}

const TASK_LABEL: Record<OrderTask["kind"], string> = { "listed-post": "Listed post on X", "compare-post": "Compare post on X" };

function TaskList({ tasks }: { tasks: OrderTask[] }) {
  const done = useMarkTaskDone();
  const label = (task: OrderTask) => `${TASK_LABEL[task.kind]}${task.kind === "compare-post" ? ` ${tasks.filter((t) => t.kind === "compare-post").indexOf(task) + 1}` : ""}`;
  return (
    <div className="flex flex-col gap-2">
      <h5 className="text-sm font-medium">Posts on X</h5>
      <ul className="flex flex-col gap-1.5">
        {tasks.map((task) => (
          <li key={task.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-0 flex-1">{label(task)}</span>
            {task.doneAt ? (
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                <Check className="size-3.5 text-gain" aria-hidden /> Done {utcTime(task.doneAt)}
              </span>
            ) : (
              <Button size="sm" variant="outline" aria-label={`Mark “${label(task)}” done`} disabled={done.isPending && done.variables === task.id} onClick={() => done.mutate(task.id)}>
                {done.isPending && done.variables === task.id ? <Loader2 className="animate-spin" aria-hidden /> : null} Done
              </Button>
            )}
          </li>
        ))}
      </ul>
      <WriteError error={done.error} retryHint="press 'Done' again." />
    </div>
  );
}

type Open = "none" | "reject" | "cancel" | "refund";

function OrderActions({ order }: { order: OperatorOrder }) {
  const [open, setOpen] = useState<Open>("none");
  const rejectable = (REJECTABLE_STATUSES as readonly string[]).includes(order.status);
  const refundable = (REFUNDABLE_STATUSES as readonly string[]).includes(order.status) && order.paymentTx !== null && order.refundTx === null;
  const approvable = order.status === "review" && order.paymentTx !== null && order.refundTx === null;
  const cancellable = order.status === "quoted";
  if (!rejectable && !refundable && !cancellable) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {approvable ? <ApproveButton order={order} /> : null}
        {rejectable ? (
          <Button size="sm" variant="outline" aria-expanded={open === "reject"} onClick={() => setOpen(open === "reject" ? "none" : "reject")}>
            Reject…
          </Button>
        ) : null}
        {cancellable ? (
          <Button size="sm" variant="outline" aria-expanded={open === "cancel"} onClick={() => setOpen(open === "cancel" ? "none" : "cancel")}>
            Cancel…
          </Button>
        ) : null}
        {refundable ? (
          <Button size="sm" variant="outline" aria-expanded={open === "refund"} onClick={() => setOpen(open === "refund" ? "none" : "refund")}>
            Record refund…
          </Button>
        ) : null}
      </div>
      {open === "reject" ? <ReasonForm kind="reject" order={order} onDone={() => setOpen("none")} /> : null}
      {open === "cancel" ? <ReasonForm kind="cancel" order={order} onDone={() => setOpen("none")} /> : null}
      {open === "refund" ? <RefundForm order={order} onDone={() => setOpen("none")} /> : null}
    </div>
  );
}

/** Accepts the payment as it is: the order is fulfilled as any paid order (live, or back to review saying why). */
function ApproveButton({ order }: { order: OperatorOrder }) {
  const approve = useApproveOrder();
  const buttonRef = useRef<HTMLButtonElement>(null);
  function run() {
    approve.mutate(order.id, {
      onSuccess: (approved) =>
        toast({
          title: approved.status === "live" ? `Order ${order.id} approved: live` : `Order ${order.id} is ${STATUS_LABELS[approved.status].toLowerCase()}`,
          description: approved.status === "live" ? `${order.tokenSymbol} is on the site.` : (approved.statusReason ?? undefined),
        }),
    });
  }
  return (
    <>
      <Button ref={buttonRef} size="sm" onClick={run} disabled={approve.isPending}>
        {approve.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null} Approve
      </Button>
      {approve.error ? (
        <div className="basis-full">
          <WriteError error={approve.error} retryHint="press 'Approve' again." onSignedAgain={() => buttonRef.current?.focus()} />
        </div>
      ) : null}
    </>
  );
}

/** Reject (a paid order) and Cancel (an unpaid quote): a reason the buyer reads, then one write. */
function ReasonForm({ kind, order, onDone }: { kind: "reject" | "cancel"; order: OperatorOrder; onDone: () => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const reject = useRejectOrder();
  const cancel = useCancelOrder();
  const write = kind === "reject" ? reject : cancel;
  const submitRef = useRef<HTMLButtonElement>(null);
  const takesDown = order.status === "live" ? "Its listing and slot come off the site at once." : "Anything it put on the site comes down.";
  const hint =
    kind === "reject"
      ? `${takesDown} A refund is recorded separately.`
      : "The quote expires now and its days are freed; a payment that still arrives waits for your review. A payment already mined cannot be cancelled: it settles first.";
  const action = kind === "reject" ? "Reject order" : "Cancel quote";

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = (kind === "reject" ? rejectOrderBodySchema : cancelOrderBodySchema).safeParse({ reason });
    if (!parsed.success) return setError(fieldErrors(parsed.error.issues).reason);
    setError(undefined);
    write.mutate(
      { id: order.id, reason },
      {
        onSuccess: () => {
          toast({ title: `Order ${order.id} ${kind === "reject" ? "rejected" : "cancelled"}`, description: `${order.tokenSymbol}: the buyer sees your reason.` });
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`${kind === "reject" ? "Reject" : "Cancel"} order ${order.id}`} className="flex flex-col gap-3 rounded-md border p-3">
      <FieldFrame label="Reason (the buyer sees it)" hint={hint} error={error}>
        {(control) => (
          <textarea
            {...control}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={2}
            className="w-full min-w-0 rounded-md border bg-transparent px-3 py-2 text-base outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive sm:text-sm"
          />
        )}
      </FieldFrame>
      <WriteError error={write.error} retryHint={`press '${action}' again.`} onSignedAgain={() => submitRef.current?.focus()} />
      <div>
        <Button ref={submitRef} type="submit" size="sm" variant="destructive" disabled={write.isPending}>
          {write.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null} {action}
        </Button>
      </div>
    </form>
  );
}

function RefundForm({ order, onDone }: { order: OperatorOrder; onDone: () => void }) {
  const [txHash, setTxHash] = useState("");
  const [error, setError] = useState<string | undefined>();
  const refund = useRecordRefund();
  const submitRef = useRef<HTMLButtonElement>(null);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = recordRefundBodySchema.safeParse({ txHash });
    if (!parsed.success) return setError(fieldErrors(parsed.error.issues).txHash);
    setError(undefined);
    refund.mutate(
      { id: order.id, txHash },
      {
        onSuccess: (refunded) => {
          toast({ title: `Order ${order.id} refunded`, description: `${pls(refunded.refundedWei ?? "0")} back to the buyer, checked on chain.` });
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Record the refund of order ${order.id}`} className="flex flex-col gap-3 rounded-md border p-3">
      <p className="text-xs break-all text-muted-foreground">
        Send the refund first, from {order.payTo} to the buyer&apos;s wallet {order.buyer} (paid: {order.paidWei ? pls(order.paidWei) : "nothing"}).
      </p>
      <Field
        label="Refund transaction hash"
        name="txHash"
        value={txHash}
        onChange={(event) => setTxHash(event.target.value)}
        placeholder="0x…"
        autoComplete="off"
        spellCheck={false}
        error={error}
        hint="The server reads it on chain: it must come from the payment address to the buyer."
      />
      <WriteError error={refund.error} retryHint="press 'Record refund' again." onSignedAgain={() => submitRef.current?.focus()} />
      <div>
        <Button ref={submitRef} type="submit" size="sm" disabled={refund.isPending}>
          {refund.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null} Record refund
        </Button>
      </div>
    </form>
  );
}
