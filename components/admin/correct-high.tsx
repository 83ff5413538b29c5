"use client";

// An operator corrects a coin's wrong all-time high: back to the highest price on record that held
// (3 passes over 10 minutes, lib/market/pass/held-highs.ts), or to figures they give, with a reason
// for the audit log. Every "at its all-time high" answer uses the corrected figures at once.
import { TrendingDown } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { formatMarketCap, formatPrice } from "@/lib/shared/format";
import { toast } from "@/components/ui/use-toast";
import { correctHighBodySchema, type AdminCoin } from "@/lib/listings/schemas";
import { useCorrectHigh } from "./admin-queries";
import { Field, fieldErrors } from "@/components/shell/field";
import { WriteDialog } from "./write-dialog";
import { WriteError } from "./write-error";

export function CorrectHigh({ coin }: { coin: AdminCoin }) {
  const correct = useCorrectHigh();
  return (
    <WriteDialog
      label={`Correct the all-time high of ${coin.symbol} (${coin.id})`}
      icon={<TrendingDown aria-hidden />}
      title={`Correct the all-time high of ${coin.symbol}`}
      description={`Now ${formatPrice(coin.athPrice)} (market cap ${formatMarketCap(coin.athMarketCap)}). Every comparison at its all-time high uses the new figures at once.`}
      write={correct}
    >
      {(close) => <CorrectHighForm coin={coin} correct={correct} onDone={close} />}
    </WriteDialog>
  );
}

function CorrectHighForm({ coin, correct, onDone }: { coin: AdminCoin; correct: ReturnType<typeof useCorrectHigh>; onDone: () => void }) {
  const [to, setTo] = useState<"held" | "given">("held");
  const [price, setPrice] = useState("");
  const [cap, setCap] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submitRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const figures = to === "given" ? { athPrice: Number(price), athMarketCap: Number(cap) } : {};
    const parsed = correctHighBodySchema.safeParse({ reason, ...figures });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    correct.mutate(
      { id: coin.id, ...parsed.data },
      {
        onSuccess: (saved) => {
          toast({ title: "All-time high corrected", description: `${saved.symbol}: ${formatPrice(saved.athPrice)}, market cap ${formatMarketCap(saved.athMarketCap)}.` });
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Set it to</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={`${id}-to`} checked={to === "held"} onChange={() => setTo("held")} />
          The highest price on record that held
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={`${id}-to`} checked={to === "given"} onChange={() => setTo("given")} />
          These figures
        </label>
      </fieldset>
      {to === "given" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Price (USD)" name="athPrice" inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} error={errors.athPrice} />
          <Field label="Market cap (USD)" name="athMarketCap" inputMode="decimal" value={cap} onChange={(event) => setCap(event.target.value)} error={errors.athMarketCap} />
        </div>
      ) : null}
      <Field label="Reason (kept in the audit log)" name="reason" value={reason} onChange={(event) => setReason(event.target.value)} error={errors.reason} />
      <WriteError error={correct.error} retryHint="press 'Correct' again." onSignedAgain={() => submitRef.current?.focus()} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={correct.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button ref={submitRef} type="submit" disabled={correct.isPending}>
          {correct.isPending ? "Correcting…" : "Correct"}
        </Button>
      </DialogFooter>
    </form>
  );
}
