"use client";

import { AlertSignInHint, pairAlertWhat } from "@/components/alerts/alert-sign-in-hint";
import { CreateAlertButton } from "@/components/alerts/create-alert-button";
import { ComparisonActions } from "./comparison-actions";
import { QueryProvider } from "@/components/shell/query-provider";
import { useAuthUser } from "@/components/shell/use-auth-user";
import { pairPath } from "@/lib/compare/pair-route";

type ActionCoin = { id: string; symbol: string };
type Props = { coin1: ActionCoin; coin2: ActionCoin; athTarget: boolean };

/** ComparisonActions and "Alert me" with the browser's query client: loaded by PairActions for a signed-in visitor. */
export function SignedInActions(props: Props) {
  return (
    <QueryProvider>
      <PairButtons {...props} />
    </QueryProvider>
  );
}

function PairButtons({ coin1, coin2, athTarget }: Props) {
  const { data: user, isPending } = useAuthUser();
  if (isPending) return null;
  // The hint cookie outlived its session (signed out elsewhere): say how to get alerts again.
  if (!user) return <AlertSignInHint what={pairAlertWhat(coin1, coin2)} returnTo={pairPath(coin1.id, coin2.id)} />;
  return <ComparisonActions coin1={coin1} coin2={coin2} extra={<CreateAlertButton subject={{ kind: "pair", coin: coin1, other: coin2, athTarget }} />} />;
}
