"use client";

// The header's wallet slot. It stays a plain button until the wallet kit is wanted: on a click,
// on arriving from a 'Log in' link (#connect-wallet), for a signed-in visitor, or in a browser
// that has connected a wallet here before. Everyone else never downloads the kit.
//
// The server HTML (cached, the same for everyone) always holds 'Connect Wallet': an anonymous
// visitor sees it from the first paint and never a skeleton. For a visitor holding the "signed
// in" hint cookie, the header's inline script (SignedInHintScript) adds a style before the first
// paint that draws that button as a skeleton; it is removed here once React shows the hinted state.
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { CONNECT_WALLET_HASH } from "@/lib/wallet/login-redirect";
import { SIGNED_IN_HINT_STYLE_ID } from "./signed-in-hint-script";
import { useAuthUser, useSignedInHint } from "./use-auth-user";
import { ConnectWalletButton, WalletButtonPlaceholder, WalletSlotLoading } from "./wallet-button-placeholder";
import { hasUsedWallet } from "./wallet-memory";

const WalletKit = dynamic(() => import("./wallet-kit"), { ssr: false, loading: () => <WalletSlotLoading /> });

export function WalletButton() {
  const hinted = useSignedInHint();
  const { data: user, isPending } = useAuthUser();
  const [kit, setKit] = useState<{ openOnLoad: boolean } | null>(null);

  useEffect(() => {
    if (kit) return;
    if (window.location.hash === CONNECT_WALLET_HASH) {
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
      setKit({ openOnLoad: true });
    } else if (user || hasUsedWallet()) {
      setKit({ openOnLoad: false });
    }
  }, [kit, user]);

  // React now renders what the hint says (the skeleton, then the user): the pre-paint style has
  // done its job. (Hydration renders "no hint" like the server; this runs after the re-render.)
  useEffect(() => {
    if (hinted) document.getElementById(SIGNED_IN_HINT_STYLE_ID)?.remove();
  }, [hinted]);

  let content: React.ReactNode;
  if (kit) content = <WalletKit openOnLoad={kit.openOnLoad} />;
  else if (isPending) content = <WalletButtonPlaceholder />;
  else content = <ConnectWalletButton onClick={() => setKit({ openOnLoad: true })} />;

  return (
    <div data-wallet-slot="" className="flex items-center">
      {content}
    </div>
  );
}
