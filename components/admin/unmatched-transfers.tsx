"use client";

// Transfers to a payment address that paid no order (lib/orders/unmatched.server.ts): a second
// payment of a paid order, one naming no order, PLS sent through a contract. Each with why, and
// 'Mark handled' once the operator has refunded or settled it, which takes it off this list.
// Transfers under the dust floor (1 PLS) are one line, counted, so a flood of 1-wei transfers
// cannot push a real payment off the list (issue 50).
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { shortHash } from "@/components/orders/order-text";
import { explorerTxUrl } from "@/lib/chain/explorer";
import { formatPls } from "@/lib/orders/amount";
import type { UnmatchedTransfers as Unmatched } from "@/lib/orders/unmatched-schemas";
import { useMarkDustHandled, useMarkUnmatchedHandled } from "./admin-queries";
import { utcTime } from "./utc-time";
import { WriteError } from "./write-error";

export function UnmatchedTransfers({ unmatched: { transfers, dust } }: { unmatched: Unmatched }) {
  const handled = useMarkUnmatchedHandled();
  const dustHandled = useMarkDustHandled();
  const dustLine =
    dust.count > 0 && dust.since ? (
      <div data-testid="unmatched-dust" className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <p>
          {dust.count.toLocaleString("en-US")} {dust.count === 1 ? "transfer" : "transfers"} under {formatPls(BigInt(dust.floorWei))} PLS since {utcTime(dust.since)}: counted, not listed.
        </p>
        <Button size="sm" variant="outline" disabled={dustHandled.isPending} onClick={() => dustHandled.mutate()} aria-label={`Mark the transfers under ${formatPls(BigInt(dust.floorWei))} PLS handled`}>
          {dustHandled.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null} Mark handled
        </Button>
        <WriteError error={dustHandled.error} retryHint="press 'Mark handled' again." />
      </div>
    ) : null;
  if (transfers.length === 0) {
    return (
      <div className="flex flex-col gap-2 py-2">
        <p className="text-sm text-muted-foreground">No unmatched transfers.</p>
        {dustLine}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {dustLine}
      <ul className="flex flex-col gap-3">
        {transfers.map((transfer) => (
          <li key={transfer.id} data-testid="unmatched-transfer" className="flex min-w-0 flex-col gap-1 rounded-lg border p-3 text-sm">
            <p className="font-medium">
              {formatPls(BigInt(transfer.valueWei))} PLS in block {transfer.blockNumber}, {utcTime(transfer.minedAt)}
            </p>
            <p>{transfer.reason}</p>
            <p className="break-all text-muted-foreground">
              {transfer.from ? `From ${transfer.from} ` : ""}to {transfer.to}
              {transfer.txHash ? (
                <>
                  {" "}
                  <a href={explorerTxUrl(transfer.txHash)} target="_blank" rel="noopener noreferrer" className="font-mono text-xs underline underline-offset-2" aria-label={`Transaction ${transfer.txHash} on PulseScan`}>
                    {shortHash(transfer.txHash)}
                  </a>
                </>
              ) : null}
            </p>
            <div>
              <Button size="sm" variant="outline" disabled={handled.isPending && handled.variables === transfer.id} onClick={() => handled.mutate(transfer.id)}>
                {handled.isPending && handled.variables === transfer.id ? <Loader2 className="animate-spin" aria-hidden /> : null} Mark handled
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <WriteError error={handled.error} retryHint="press 'Mark handled' again." />
    </div>
  );
}
