// The order form's foot (order-form.tsx): the total in USD with the quote button, and what stopped
// the quote: the fields to fix, or the server's refusal.
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatWholeUsd } from "@/lib/shared/format";
import { orderPriceUsd, type ListingPlanId, type SlotLength } from "@/lib/orders/catalog";
import { QUOTE_MINUTES } from "@/lib/orders/status";
import type { ChoiceErrors } from "./order-choices";

export function OrderTotal({ plan, slotDays, pending }: { plan: ListingPlanId | null; slotDays: SlotLength | null; pending: boolean }) {
  const total = plan || slotDays ? orderPriceUsd({ plan, slotDays }) : null;
  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm">
        Total: <span className="text-lg font-bold tabular-nums">{total === null ? "-" : formatWholeUsd(total)}</span>
        <span className="block text-muted-foreground">Paid in PLS: the quote holds its price for {QUOTE_MINUTES} minutes.</span>
      </p>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? <Loader2 aria-hidden className="animate-spin" /> : null}
        {pending ? "Getting your quote…" : "Get quote"}
      </Button>
    </div>
  );
}

export function QuoteProblems({ errors, refusal }: { errors: ChoiceErrors; refusal: string | null }) {
  const problems = Object.values(errors).length;
  return (
    <>
      {problems > 0 ? (
        <p role="alert" className="text-sm text-destructive" data-testid="order-problems">
          {problems === 1 ? Object.values(errors)[0] : `Check the ${problems} fields marked above.`}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="text-sm text-destructive wrap-anywhere" data-testid="quote-refusal">
          {refusal}
        </p>
      ) : null}
    </>
  );
}
