"use client";

// Step 1: the token's contract address. The server reads it as the quote will (name, symbol,
// decimals, supply, best pool, liquidity, cleaned text) and refuses it in the quote's words: a
// token already listed gets a slot only, anything else that cannot be listed is said why.
import { Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { OrderToken } from "@/lib/orders/order-token-schema";
import { TokenPreview } from "./token-preview";
import { useTokenCheck } from "./use-token-check";

type Props = {
  token: OrderToken | null;
  /** A quote is out for this token: the address stays as it is. */
  locked: boolean;
  onToken: (token: OrderToken | null) => void;
  /** The server says listings are closed. */
  onClosed: () => void;
  /** An address the page was opened with (?token=, the Telegram Listing Bot's button): filled in and checked at once. */
  initialAddress?: string;
};

export function TokenStep({ token, locked, onToken, onClosed, initialAddress }: Props) {
  const [address, setAddress] = useState(initialAddress ?? "");
  const { checking, problem, clearProblem, checkAddress } = useTokenCheck({ initialAddress, onToken, onClosed });
  const inputId = useId();
  const problemId = useId();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    checkAddress(address);
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
              clearProblem();
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
          <Button type="submit" disabled={locked || checking || address.trim() === ""}>
            {checking ? <Loader2 aria-hidden className="animate-spin" /> : null}
            {checking ? "Reading the token…" : "Check token"}
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
