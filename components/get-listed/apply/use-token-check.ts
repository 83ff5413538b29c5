"use client";

// Checking the listing form's token address (token-step.tsx): its shape here, then the server
// reads it as the quote will; what stops it is the problem to show. An address the page was opened
// with is checked at once.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { describeFailure } from "@/components/orders/call-failure";
import { apiMutation } from "@/lib/api/endpoint-queries.browser";
import { addressSchema } from "@/lib/listings/schemas";
import type { OrderToken } from "@/lib/orders/order-token-schema";

const ordersEndpoints = () => import("@/lib/orders/endpoints");

type Options = {
  initialAddress: string | undefined;
  onToken: (token: OrderToken | null) => void;
  onClosed: () => void;
};

export function useTokenCheck({ initialAddress, onToken, onClosed }: Options) {
  const [problem, setProblem] = useState<string | null>(null);
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

  const checkAddress = (address: string) => {
    const parsed = addressSchema.safeParse(address);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]!.message);
      return;
    }
    setProblem(null);
    check.mutate(parsed.data);
  };

  return { checking: check.isPending, problem, clearProblem: () => setProblem(null), checkAddress };
}
