"use client";

import { Pause, Play, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import type { AlertRuleView } from "@/lib/alerts/schemas";
import { useAlertRules, useDeleteAlert, usePauseAlert } from "./alert-queries";
import { ruleStateText } from "./alert-text";
import { SectionError, SectionSpinner } from "./section-states";

const STATE_BADGE: Record<AlertRuleView["state"], { label: string; variant: "success" | "muted" | "warning" | "outline" }> = {
  armed: { label: "Armed", variant: "success" },
  waiting: { label: "Waiting to re-arm", variant: "outline" },
  waiting_for_market_cap: { label: "Waiting for a market cap", variant: "outline" },
  paused: { label: "Paused", variant: "muted" },
  coin_gone: { label: "Coin gone", variant: "warning" },
};

export function RuleList({ userId }: { userId: number }) {
  const rules = useAlertRules(userId);
  if (rules.isPending) return <SectionSpinner label="Loading your alerts" />;
  if (rules.isError) return <SectionError message="Couldn't load your alerts." onRetry={() => void rules.refetch()} />;
  if (rules.data.length === 0) return <NoRules />;
  return (
    <ul className="flex flex-col divide-y" aria-label="Your alerts">
      {rules.data.map((rule) => (
        <RuleRow key={rule.id} rule={rule} />
      ))}
    </ul>
  );
}

function NoRules() {
  return (
    <div className="flex flex-col items-start gap-3 py-2">
      <p className="font-medium">You have no alerts yet.</p>
      <p className="text-sm text-muted-foreground">
        Open a comparison (&ldquo;Alert me when HEX reaches BTC&apos;s market cap&rdquo;) or a coin&apos;s page (a price, a market cap, a new
        all-time high) and press <strong>Alert me</strong>. Your watchlist and saved comparisons have the same button.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link href="/" className={buttonVariants({ variant: "outline", size: "sm" })}>
          Start Comparing
        </Link>
        <Link href="/watchlist" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Your watchlist
        </Link>
      </div>
    </div>
  );
}

function RuleRow({ rule }: { rule: AlertRuleView }) {
  const pause = usePauseAlert({
    onSuccess: () => toast({ title: rule.state === "paused" ? "Alert resumed" : "Alert paused", description: rule.description }),
    onError: () => void toast({ title: "Error", description: "Failed to change the alert. Please try again.", variant: "destructive" }),
  });
  const remove = useDeleteAlert({
    onSuccess: () => toast({ title: "Alert deleted", description: rule.description }),
    onError: () => void toast({ title: "Error", description: "Failed to delete the alert.", variant: "destructive" }),
  });
  const [confirming, setConfirming] = useState(false);
  const busy = pause.isPending || remove.isPending;
  const badge = STATE_BADGE[rule.state];
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between" data-testid="alert-rule">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium break-words">{rule.description}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant={badge.variant}>{badge.label}</Badge>
          <span>{ruleStateText(rule)}</span>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        {/* A rule whose coin is gone never fires again: pausing it would mean nothing. */}
        {rule.state === "coin_gone" ? null : (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => pause.mutate({ id: rule.id, paused: rule.state !== "paused" })}
            aria-label={`${rule.state === "paused" ? "Resume" : "Pause"} alert: ${rule.description}`}
          >
            {rule.state === "paused" ? <Play aria-hidden /> : <Pause aria-hidden />}
            {rule.state === "paused" ? "Resume" : "Pause"}
          </Button>
        )}
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming(true)} aria-label={`Delete alert: ${rule.description}`}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this alert?"
        description={<>&ldquo;{rule.description}&rdquo; and its recent firings will be gone. To stop it for a while instead, pause it.</>}
        action="Delete alert"
        onConfirm={() => remove.mutate(rule.id)}
      />
    </li>
  );
}
