"use client";

// Step 1: the token's contract address. The server reads it as the quote will (name, symbol,
// decimals, supply, best pool, liquidity, cleaned text) and refuses it in the quote's words: a
// token already listed gets a slot only, anything else that cannot be listed is said why.
import { useMutation } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { describeFailure } from "@/components/orders/call-failure";
import { apiMutation } from "@/lib/api/endpoint-queries.browser";
import { addressSchema } from "@/lib/listings/schemas";
import type { OrderToken } from "@/lib/orders/order-token-schema";
import { TokenPreview } from "./token-preview";

const ordersEndpoints = () => import("@/lib/orders/endpoints");

export function TokenStep({
  token,
  locked,
  onToken,
  onClosed,
  initialAddress,
}: {
  token: OrderToken | null;
  /** A quote is out for this token: the address stays as it is. */
  locked: boolean;
  onToken: (token: OrderToken | null) => void;
  /** The server says listings are closed. */
  onClosed: () => void;
  /** An address the page was opened with (?token=, the Telegram Listing Bot's button): filled in and checked at once. */
  initialAddress?: string;
}) {
  const [address, setAddress] = useState(initialAddress ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const problemId = useId();
  const check = useMutation({
    ...apiMutation(ordersEndpoints, "orderToken", (address: string) => ({ query: { address } })),
    onSuccess: (answer) => onToken(answer),
    onError: (error) => {
      const failure = describeFailure(error);
      if (failure.code === "listings_closed") onClosed();
      setProblem(failure.message);
    },
  });

  // Checked as if the buyer had pressed "Check token", once (a ref: React's strict mode runs effects twice).
  const { mutate } = check;
  const checkedInitial = useRef(false);
  useEffect(() => {
    if (!initialAddress || checkedInitial.current) return;
    checkedInitial.current = true;
    mutate(initialAddress);
  }, [initialAddress, mutate]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = addressSchema.safeParse(address);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]!.message);
      return;
    }
    setProblem(null);
    check.mutate(parsed.data);
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="flex flex-col gap-4">
      <h2 id={`${inputId}-title`} className="text-xl font-semibold">
        1. Your token
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
        <label htmlFor={inputId} className="text-sm font-medium">
          Token contract address (PulseChain)
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={inputId}
            value={address}
            onChange={(event) => {
              setAddress(event.target.value);
              setProblem(null);
              // Another address: what was read for the last one no longer applies.
              if (token) onToken(null);
            }}
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            disabled={locked}
            aria-invalid={problem !== null}
            aria-describedby={problem ? problemId : undefined}
            className="font-mono"
          />
          <Button type="submit" disabled={locked || check.isPending || address.trim() === ""}>
            {check.isPending ? <Loader2 aria-hidden className="animate-spin" /> : null}
            {check.isPending ? "Reading the token…" : "Check token"}
          </Button>
        </div>
        {problem ? (
          <p id={problemId} role="alert" className="text-sm text-destructive wrap-anywhere" data-testid="token-refusal">
            {problem}
          </p>
        ) : null}
      </form>
      {token ? <TokenPreview token={token} /> : null}
    </section>
  );
}
