"use client";

// The wallet's live keys (issue 55): each one's name, its first characters, when it was created
// and its use of its quota in the last day, with Revoke (asked first: a program using the key
// stops working at once).
import { format } from "date-fns";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import type { ApiKeyView } from "@/lib/api-keys/schemas";
import { useRevokeApiKey } from "./api-key-queries";

const count = (value: number) => value.toLocaleString("en-US");

export function KeyList({ keys }: { keys: readonly ApiKeyView[] }) {
  if (keys.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="api-keys-empty">
        You have no API keys yet. Name one above to create it; without a key the API still answers, within the anonymous quota.
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y" aria-label="Your API keys">
      {keys.map((key) => (
        <KeyRow key={key.id} apiKey={key} />
      ))}
    </ul>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeApiKey({
    onSuccess: () => toast({ title: "API key revoked", description: `"${apiKey.name}" no longer works.` }),
    onError: () => void toast({ title: "Error", description: "Failed to revoke the key. Please try again.", variant: "destructive" }),
  });
  const share = Math.min(100, (apiKey.usedLastDay / apiKey.dayLimit) * 100);
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between" data-testid="api-key">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium break-words">{apiKey.name}</p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs text-foreground">{apiKey.prefix}…</code>
          <span>Created {format(new Date(apiKey.createdAt), "MMM d, yyyy")}</span>
        </p>
        <p className="text-sm" data-testid="api-key-use">
          {count(apiKey.usedLastDay)} of {count(apiKey.dayLimit)} calls used in the last day
          <span className="text-muted-foreground"> · {count(apiKey.minuteLimit)} a minute</span>
        </p>
        <div className="h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-muted" aria-hidden>
          <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
        </div>
      </div>
      <Button variant="outline" size="sm" className="self-start sm:self-center" disabled={revoke.isPending} onClick={() => setConfirming(true)} aria-label={`Revoke API key ${apiKey.name}`}>
        <Trash2 aria-hidden />
        Revoke
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={<>Revoke &ldquo;{apiKey.name}&rdquo;?</>}
        description={
          <>
            Every call with <code>{apiKey.prefix}…</code> will be refused (401) from now on. This cannot be undone: to keep a program working, create a
            new key and switch it over first.
          </>
        }
        action="Revoke key"
        onConfirm={() => revoke.mutate(apiKey.id)}
      />
    </li>
  );
}
