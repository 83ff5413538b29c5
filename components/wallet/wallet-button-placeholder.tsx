"use client";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useSignedInHint } from "@/components/shell/use-signed-in-hint";

/**
 * Holds the wallet button's place while a signed-in visitor's state is not known yet (no layout
 * shift): the shape of the avatar a signed-in visitor then sees (AddressAvatar, 32 px). Only
 * visitors holding the "signed in" hint ever see it.
 */
export function WalletButtonPlaceholder() {
  return <Skeleton className="size-8 rounded-full" aria-label="Loading wallet" role="status" />;
}

/** The plain 'Connect Wallet' (before the kit); data-connect-wallet lets the pre-paint CSS find it. */
export function ConnectWalletButton({ onClick }: { onClick?: () => void }) {
  return (
    <Button size="sm" onClick={onClick} data-connect-wallet="">
      Connect Wallet
    </Button>
  );
}

/**
 * While the wallet kit loads or mounts: the skeleton for a visitor who may be signed in, else the
 * 'Connect Wallet' the visitor already sees, so an anonymous visitor never sees a skeleton.
 */
export function WalletSlotLoading() {
  return useSignedInHint() ? <WalletButtonPlaceholder /> : <ConnectWalletButton />;
}
