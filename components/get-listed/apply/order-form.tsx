"use client";

// Step 2: what to buy for the token (a plan, a slot, or both; a token listed already can only
// book a slot), the optional logo and links, the total in USD, and the quote request.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { describeFailure } from "@/components/orders/call-failure";
import { apiKey, apiMutation } from "@/lib/api/endpoint-queries.browser";
import type { OrderToken } from "@/lib/orders/order-token-schema";
import type { CreateOrderInput, Order } from "@/lib/orders/schemas";
import { type ChoiceErrors, type OrderChoices, quoteRequest } from "./order-choices";
import { OrderTotal, QuoteProblems } from "./order-summary";
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

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const request = quoteRequest(token, choices);
    setErrors(request.errors ?? {});
    setRefusal(null);
    if (request.body) quote.mutate(request.body);
  };

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
      <OrderTotal plan={token.kind === "new" ? choices.plan : null} slotDays={choices.slotDays} pending={quote.isPending} />
      <QuoteProblems errors={errors} refusal={refusal} />
    </form>
  );
}
