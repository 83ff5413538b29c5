"use client";

// The header's wallet slot. It stays a plain button until the wallet kit is wanted: on a click,
// on arriving from a 'Log in' link (#connect-wallet), for a signed-in visitor, or in a browser
// that has connected a wallet here before. Everyone else never downloads the kit.
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { CONNECT_WALLET_HASH } from "@/lib/wallet/login-redirect";
import { useAuthUser } from "./use-auth-user";
import { WalletButtonPlaceholder } from "./wallet-button-placeholder";
import { hasUsedWallet } from "./wallet-memory";

const WalletKit = dynamic(() => import("./wallet-kit"), { ssr: false, loading: () => <WalletButtonPlaceholder /> });

export function WalletButton() {
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

  if (kit) return <WalletKit openOnLoad={kit.openOnLoad} />;
  if (isPending) return <WalletButtonPlaceholder />;
  return (
    <Button size="sm" onClick={() => setKit({ openOnLoad: true })}>
      Connect Wallet
    </Button>
  );
}
