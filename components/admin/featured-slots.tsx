"use client";

// Featured comparisons: schedule a slot (two coins, start, optional end, promoted) and the list of
// slots with their status. The home page shows running slots by itself, promoted first, at most 2.
import { format } from "date-fns";
import { Loader2, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { apiErrorMessage, isReauthenticationRequired } from "./api-errors";
import { toast } from "@/components/ui/use-toast";
import type { AdminCoin } from "@/lib/listings/schemas";
import { scheduleFeaturedBodySchema, type FeaturedSlot, type SlotStatus } from "@/lib/orders/featured-slot-schemas";
import { useRemoveFeatured, useScheduleFeatured } from "./admin-queries";
import { Field, FieldFrame, fieldErrors } from "@/components/shell/field";
import { utcTime } from "./utc-time";
import { WriteError } from "./write-error";

/** A datetime-local value ("2026-12-01T09:00", the browser's zone) as an ISO instant; "" when empty or invalid. */
function localToIso(value: string): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

/** Now, as a datetime-local value in the browser's zone (the start field's default). */
function nowLocal(): string {
  return format(new Date(), "yyyy-MM-dd'T'HH:mm");
}

export function ScheduleFeaturedForm({ coins }: { coins: AdminCoin[] }) {
  const [coin1Id, setCoin1Id] = useState("");
  const [coin2Id, setCoin2Id] = useState("");
  const [startsAt, setStartsAt] = useState(nowLocal);
  const [endsAt, setEndsAt] = useState("");
  const [isPromoted, setIsPromoted] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const schedule = useScheduleFeatured();
  const scheduleRef = useRef<HTMLButtonElement>(null);
  const promotedId = useId();
  const zone = format(new Date(), "xxx");

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!coin1Id) found.coin1Id = "Choose the first coin.";
    if (!coin2Id) found.coin2Id = "Choose the second coin.";
    const start = localToIso(startsAt);
    if (!start) found.startsAt = "Give a start date and time.";
    const end = endsAt ? localToIso(endsAt) : null;
    if (end === "") found.endsAt = "Give a valid end date and time.";
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    // The server's rules (two different coins, end after start), then "not already over".
    const parsed = scheduleFeaturedBodySchema.safeParse({ coin1Id, coin2Id, startsAt: start, endsAt: end, isPromoted });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    if (parsed.data.endsAt && parsed.data.endsAt.getTime() <= Date.now()) {
      setErrors({ endsAt: "The end is in the past: the slot would never show." });
      return;
    }
    setErrors({});
    schedule.mutate(
      { coin1Id, coin2Id, startsAt: start, endsAt: end, isPromoted },
      {
        onSuccess: (slot) => {
          toast({ title: "Featured slot scheduled", description: `${slot.coin1.symbol} vs ${slot.coin2.symbol} is ${slot.status}.` });
          setCoin1Id("");
          setCoin2Id("");
          setEndsAt("");
          setIsPromoted(false);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Schedule a featured comparison" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <CoinSelect label="Coin 1" value={coin1Id} onChange={setCoin1Id} coins={coins} error={errors.coin1Id} />
        <CoinSelect label="Coin 2 (its market cap)" value={coin2Id} onChange={setCoin2Id} coins={coins} error={errors.coin2Id} />
        <Field label="Starts" type="datetime-local" name="startsAt" value={startsAt} onChange={(event) => setStartsAt(event.target.value)} error={errors.startsAt} hint={`Your time zone (UTC${zone}).`} />
        <Field label="Ends (optional)" type="datetime-local" name="endsAt" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} error={errors.endsAt} hint="Empty: runs until removed." />
      </div>
      <div className="flex items-center gap-2">
        <input id={promotedId} type="checkbox" checked={isPromoted} onChange={(event) => setIsPromoted(event.target.checked)} className="size-4 accent-primary" />
        <label htmlFor={promotedId} className="text-sm">
          Promoted (paid): shown before the others
        </label>
      </div>
      <WriteError error={schedule.error} retryHint="press 'Schedule' again." onSignedAgain={() => scheduleRef.current?.focus()} />
      <div>
        <Button ref={scheduleRef} type="submit" disabled={schedule.isPending}>
          {schedule.isPending ? (
            <>
              <Loader2 className="animate-spin" aria-hidden /> Scheduling…
            </>
          ) : (
            "Schedule"
          )}
        </Button>
      </div>
    </form>
  );
}

function CoinSelect({ label, value, onChange, coins, error }: { label: string; value: string; onChange: (id: string) => void; coins: AdminCoin[]; error?: string }) {
  const sorted = [...coins].sort((a, b) => a.symbol.localeCompare(b.symbol) || a.id.localeCompare(b.id));
  return (
    <FieldFrame label={label} error={error}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 w-full min-w-0 rounded-md border bg-background px-2 text-base outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive sm:text-sm"
        >
          <option value="">Choose a coin</option>
          {sorted.map((coin) => (
            <option key={coin.id} value={coin.id}>
              {coin.symbol} ({coin.id})
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

const STATUS_LABEL: Record<SlotStatus, string> = { live: "Live", scheduled: "Scheduled", ended: "Ended" };

export function FeaturedSlotList({ slots }: { slots: FeaturedSlot[] }) {
  const remove = useRemoveFeatured();
  if (slots.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">No featured slots yet.</p>;
  // A removal refused for an old signature asks for a new one above the list (other refusals are
  // toasts); then the operator presses the slot's remove button again.
  const signAgain = isReauthenticationRequired(remove.error) ? (
    <WriteError error={remove.error} retryHint="remove the slot again." />
  ) : null;
  return (
    <div className="flex flex-col gap-3">
      {signAgain}
      <ul aria-label="Featured slots" className="divide-y rounded-lg border">
        {slots.map((slot) => {
          const name = `${slot.coin1.symbol} vs ${slot.coin2.symbol}`;
          const removing = remove.isPending && remove.variables === slot.id;
          return (
            <li key={slot.id} data-testid="featured-slot" className="flex items-center gap-3 px-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{name}</span>
                  <Badge variant={slot.status === "live" ? "success" : slot.status === "ended" ? "muted" : "outline"}>
                    {STATUS_LABEL[slot.status]}
                  </Badge>
                  {slot.isPromoted ? <Badge variant="secondary">Promoted</Badge> : null}
                </p>
                <p className="text-xs text-muted-foreground">
                  {utcTime(slot.startsAt)} → {slot.endsAt ? utcTime(slot.endsAt) : "no end"}
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove featured slot ${name}`}
                disabled={removing}
                onClick={() =>
                  remove.mutate(slot.id, {
                    onSuccess: () => toast({ title: "Featured slot removed", description: `${name} no longer shows.` }),
                    onError: (error) => {
                      if (!isReauthenticationRequired(error)) toast({ title: "Error", description: apiErrorMessage(error), variant: "destructive" });
                    },
                  })
                }
              >
                {removing ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
