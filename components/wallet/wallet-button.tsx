"use client";

// The header's wallet slot. It stays a plain button until the wallet kit is wanted: on a click,
// on arriving from a 'Log in' link (#connect-wallet), for a signed-in visitor, or in a browser
// that has connected a wallet here before. Everyone else never downloads the kit.
//
// The server HTML (cached, the same for everyone) always holds 'Connect Wallet': an anonymous
// visitor sees it from the first paint and never a skeleton. For a visitor holding the "signed
// in" hint cookie, the header's inline script (SignedInHintScript) marks this slot before the
// first paint, and globals.css shows the button as a skeleton until React knows the user.
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { CONNECT_WALLET_HASH } from "@/lib/wallet/login-redirect";
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

  let content: React.ReactNode;
  if (kit) content = <WalletKit openOnLoad={kit.openOnLoad} />;
  else if (isPending) content = <WalletButtonPlaceholder />;
  else content = <ConnectWalletButton onClick={() => setKit({ openOnLoad: true })} />;

  return (
    // data-signed-in mirrors the hint once React runs; before that, the inline script sets it
    // on the server's HTML, which hydration keeps (hence suppressHydrationWarning, this element only).
    <div data-wallet-slot="" data-signed-in={hinted ? "" : undefined} suppressHydrationWarning className="flex items-center">
      {content}
    </div>
  );
}
