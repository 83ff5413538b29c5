"use client";

// Step 2: what to buy for the token (a plan, a slot, or both; a token listed already can only
// book a slot), the optional logo and links, the total in USD, and the quote request.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useCallback, useState } from "react";
import { Button } from "@/components/ui/button";
import { describeFailure } from "@/components/orders/call-failure";
import { apiKey, apiMutation } from "@/lib/api/endpoint-queries.browser";
import { formatWholeUsd } from "@/lib/shared/format";
import { orderPriceUsd } from "@/lib/orders/catalog";
import { QUOTE_MINUTES } from "@/lib/orders/status";
import type { OrderToken } from "@/lib/orders/order-token-schema";
import type { CreateOrderInput, Order } from "@/lib/orders/schemas";
import { type ChoiceErrors, type OrderChoices, quoteRequest } from "./order-choices";
import { PlanPicker } from "./plan-picker";
import { ProjectLinks } from "./project-links";
import { SlotPicker } from "./slot-picker";

const ordersEndpoints = () => import("@/lib/orders/endpoints");

export function OrderForm({
  token,
  choices,
  onChoices,
  onQuoted,
  onClosed,
  indexVersion,
}: {
  token: OrderToken;
  choices: OrderChoices;
  onChoices: (update: (current: OrderChoices) => OrderChoices) => void;
  onQuoted: (order: Order) => void;
  onClosed: () => void;
  indexVersion: string;
}) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<ChoiceErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const quote = useMutation({
    ...apiMutation(ordersEndpoints, "createOrder", (body: CreateOrderInput) => ({ body })),
    onSuccess: onQuoted,
    onError: (error) => {
      const failure = describeFailure(error);
      if (failure.code === "listings_closed") onClosed();
      // The day filled up since the calendar was read: read it again, so it shows.
      if (failure.code === "slot_unavailable") void queryClient.invalidateQueries({ queryKey: apiKey("slotCalendar") });
      setRefusal(failure.message);
    },
  });
  const change = useCallback(
    (patch: Partial<OrderChoices>) => {
      onChoices((current) => ({ ...current, ...patch }));
      setErrors((current) => {
        const next = { ...current };
        for (const key of Object.keys(patch)) delete next[(key === "slotDays" ? "slot" : key) as keyof ChoiceErrors];
        return next;
      });
      setRefusal(null);
    },
    [onChoices],
  );

  // Not the buyer's own change: a refusal that said why the day went stays on screen.
  const dropDay = useCallback(() => onChoices((current) => ({ ...current, startsOn: null })), [onChoices]);

  const plan = token.kind === "new" ? choices.plan : null;
  const total = plan || choices.slotDays ? orderPriceUsd({ plan, slotDays: choices.slotDays }) : null;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const request = quoteRequest(token, choices);
    setErrors(request.errors ?? {});
    setRefusal(null);
    if (request.body) quote.mutate(request.body);
  };
  const problems = Object.values(errors).length;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-8" aria-labelledby="order-form-title">
      <h2 id="order-form-title" className="text-xl font-semibold">
        2. Your order
      </h2>
      {token.kind === "new" ? <PlanPicker value={choices.plan} onChange={(next) => change({ plan: next })} error={errors.plan} /> : null}
      <SlotPicker
        symbol={token.symbol}
        optional={token.kind === "new"}
        value={choices}
        onChange={change}
        onDayLost={dropDay}
        errors={errors}
        indexVersion={indexVersion}
      />
      <ProjectLinks logoUrl={choices.logoUrl} links={choices.links} onChange={change} errors={errors} />
      <div className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">
          Total: <span className="text-lg font-bold tabular-nums">{total === null ? "-" : formatWholeUsd(total)}</span>
          <span className="block text-muted-foreground">Paid in PLS: the quote holds its price for {QUOTE_MINUTES} minutes.</span>
        </p>
        <Button type="submit" size="lg" disabled={quote.isPending}>
          {quote.isPending ? <Loader2 aria-hidden className="animate-spin" /> : null}
          {quote.isPending ? "Getting your quote…" : "Get quote"}
        </Button>
      </div>
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
    </form>
  );
}
