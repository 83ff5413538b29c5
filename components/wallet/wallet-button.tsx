"use client";

// The header's wallet slot. It stays a plain button until more is wanted: who is signed in is
// asked only by a visitor holding the "signed in" hint, and the wallet kit loads on a click, on
// arriving from a 'Log in' link (#connect-wallet), for a signed-in visitor, or in a browser that
// has connected a wallet here before. Both come with their own code (wallet-session.tsx, with
// TanStack Query; wallet-kit.tsx), so an anonymous visitor downloads neither.
//
// The server HTML (cached, the same for everyone) always holds 'Connect Wallet': an anonymous
// visitor sees it from the first paint and never a skeleton. For a visitor holding the "signed
// in" hint cookie, the header's inline script (SignedInHintScript) adds a style before the first
// paint that draws that button as a skeleton; it is removed here once React shows the hinted state.
import { useCallback, useEffect, useState } from "react";
import { lazyModule, useLazyModule } from "@/components/shell/lazy-module";
import { CONNECT_WALLET_HASH } from "@/lib/auth/connect-wallet-hash";
import { provideWalletConnect } from "./connected-account";
import { SIGNED_IN_HINT_STYLE_ID } from "@/lib/auth/signed-in-hint";
import { useSignedInHint } from "@/components/shell/use-signed-in-hint";
import { ConnectWalletButton, WalletSlotLoading } from "./wallet-button-placeholder";
import { hasUsedWallet } from "./wallet-memory";
import type { KitRequest } from "./wallet-session";

const sessionCode = lazyModule(() => import("./wallet-session"));

export function WalletButton() {
  const hinted = useSignedInHint();
  const [kit, setKit] = useState<KitRequest | null>(null);
  const session = useLazyModule(sessionCode, hinted || kit !== null);
  const wantKit = useCallback((request: KitRequest) => {
    // The kit's download starts now, beside the session's, not after it (a failure shows where
    // the kit renders, which asks for it again).
    import("./wallet-kit").catch(() => {});
    setKit((current) => current ?? request);
  }, []);

  // A page's own 'Connect Wallet' (the bag): the kit loads if needed, and its dialog opens.
  const [connectRequests, setConnectRequests] = useState(0);
  useEffect(
    () =>
      provideWalletConnect(() => {
        wantKit({ openOnLoad: true });
        setConnectRequests((count) => count + 1);
      }),
    [wantKit],
  );

  useEffect(() => {
    if (window.location.hash === CONNECT_WALLET_HASH) {
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
      // eslint-disable-next-line react-hooks/set-state-in-effect -- once after hydration: the #connect-wallet address (removed just above) and the wallet-memory cookie exist only in the browser
      wantKit({ openOnLoad: true });
    } else if (hasUsedWallet()) {
      wantKit({ openOnLoad: false });
    }
  }, [wantKit]);

  // React now renders what the hint says (the skeleton, then the user): the pre-paint style has
  // done its job. (Hydration renders "no hint" like the server; this runs after the re-render.)
  useEffect(() => {
    if (hinted) document.getElementById(SIGNED_IN_HINT_STYLE_ID)?.remove();
  }, [hinted]);

  let content: React.ReactNode;
  if (!hinted && !kit) content = <ConnectWalletButton onClick={() => wantKit({ openOnLoad: true })} />;
  else if (session.module) content = <session.module.WalletSession kit={kit} onWantKit={wantKit} connectRequests={connectRequests} />;
  // The session's code did not arrive (offline): 'Connect Wallet' asks for it again.
  else if (session.failed) content = <ConnectWalletButton onClick={session.retry} />;
  else content = <WalletSlotLoading />;

  return (
    <div data-wallet-slot="" className="flex items-center">
      {content}
    </div>
  );
}
