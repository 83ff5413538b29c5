"use client";

// The pair page's Save Comparison, Watch and Alert me buttons. The page is one cached HTML for
// everyone, so they are the browser's own: asked for only by a visitor holding the "signed in"
// hint, with their code (TanStack Query among it) loaded then, so an anonymous visit downloads
// none of it. A visitor without the hint sees how to get alerts: log in.
import { AlertSignInHint, pairAlertWhat } from "@/components/alerts/alert-sign-in-hint";
import { useSignedInHint } from "@/components/shell/use-signed-in-hint";
import { lazyModule, useLazyModule } from "@/components/shell/lazy-module";
import { pairPath } from "@/lib/compare/pair-route";

const actionsCode = lazyModule(() => import("./signed-in-actions"));

type ActionCoin = { id: string; symbol: string };

export function PairActions({ coin1, coin2, athTarget }: { coin1: ActionCoin; coin2: ActionCoin; /** coin 2 has an all-time-high market cap */ athTarget: boolean }) {
  const hinted = useSignedInHint();
  const code = useLazyModule(actionsCode, hinted);
  if (!hinted) return <AlertSignInHint what={pairAlertWhat(coin1, coin2)} returnTo={pairPath(coin1.id, coin2.id)} />;
  if (!code.module) return null;
  return <code.module.SignedInActions coin1={coin1} coin2={coin2} athTarget={athTarget} />;
}
