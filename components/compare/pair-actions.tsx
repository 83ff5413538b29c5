"use client";

// The pair page's Save Comparison and Watch buttons. The page is one cached HTML for everyone, so
// they are the browser's own: asked for only by a visitor holding the "signed in" hint, with
// their code (TanStack Query among it) loaded then, so an anonymous visit downloads none of it.
import { useSignedInHint } from "@/components/wallet/use-signed-in-hint";
import { lazyModule, useLazyModule } from "@/components/lazy-module";

const actionsCode = lazyModule(() => import("./signed-in-actions"));

type ActionCoin = { id: string; symbol: string };

export function PairActions({ coin1, coin2 }: { coin1: ActionCoin; coin2: ActionCoin }) {
  const hinted = useSignedInHint();
  const code = useLazyModule(actionsCode, hinted);
  if (!hinted || !code.module) return null;
  return <code.module.SignedInActions coin1={coin1} coin2={coin2} />;
}
