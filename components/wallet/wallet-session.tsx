"use client";

// The wallet slot once it needs more than a button (loaded by WalletButton): who is signed in,
// through TanStack Query, and the wallet kit once it is wanted.
import { lazy, Suspense, useEffect } from "react";
import { QueryProvider } from "@/components/shell/query-provider";
import { useAuthUser } from "@/components/shell/use-auth-user";
import { ConnectWalletButton, WalletButtonPlaceholder, WalletSlotLoading } from "./wallet-button-placeholder";

const WalletKit = lazy(() => import("./wallet-kit"));

/** The kit is wanted; `openOnLoad` opens the connect dialog once it is there. */
export type KitRequest = { openOnLoad: boolean };

type Props = { kit: KitRequest | null; onWantKit: (request: KitRequest) => void; /** A page's own 'Connect Wallet' presses. */ connectRequests: number };

export function WalletSession(props: Props) {
  // The wallet kit sits inside: wagmi reads through the same client.
  return (
    <QueryProvider>
      <SessionSlot {...props} />
    </QueryProvider>
  );
}

function SessionSlot({ kit, onWantKit, connectRequests }: Props) {
  const { data: user, isPending } = useAuthUser();
  // A signed-in visitor gets the kit straight away: the avatar and its menu live there.
  useEffect(() => {
    if (!kit && user) onWantKit({ openOnLoad: false });
  }, [kit, user, onWantKit]);

  if (kit) {
    return (
      <Suspense fallback={<WalletSlotLoading />}>
        <WalletKit openOnLoad={kit.openOnLoad} connectRequests={connectRequests} />
      </Suspense>
    );
  }
  if (isPending) return <WalletButtonPlaceholder />;
  return <ConnectWalletButton onClick={() => onWantKit({ openOnLoad: true })} />;
}
