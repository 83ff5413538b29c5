"use client";

import { ComparisonActions } from "@/components/home/comparison-actions";
import { QueryProvider } from "@/components/query-provider";

type ActionCoin = { id: string; symbol: string };

/** ComparisonActions with the browser's query client: loaded by PairActions for a signed-in visitor. */
export function SignedInActions(props: { coin1: ActionCoin; coin2: ActionCoin }) {
  return (
    <QueryProvider>
      <ComparisonActions {...props} />
    </QueryProvider>
  );
}
