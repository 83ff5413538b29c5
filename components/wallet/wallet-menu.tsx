"use client";

// The header's wallet button in its three forms (spec section 2): 'Connect Wallet', 'Wrong
// Network', or the avatar that opens the account menu.
import { ConnectButton } from "@rainbow-me/rainbowkit";
import { Bookmark, LogOut, Star } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { shortenAddress } from "@/lib/format";
import { AddressAvatar } from "./address-avatar";
import { WalletButtonPlaceholder, WalletSlotLoading } from "./wallet-button-placeholder";

export function WalletMenu() {
  return (
    <ConnectButton.Custom>
      {({ account, chain, mounted, authenticationStatus, openConnectModal, openChainModal, openAccountModal }) => {
        if (authenticationStatus === "loading") return <WalletButtonPlaceholder />;
        if (!mounted) return <WalletSlotLoading />;
        // On another chain the wallet must switch first: signing in there would be refused.
        if (account && chain?.unsupported) {
          return (
            <Button size="sm" variant="destructive" onClick={openChainModal}>
              Wrong Network
            </Button>
          );
        }
        if (!account || !chain || authenticationStatus === "unauthenticated") {
          return (
            <Button size="sm" onClick={openConnectModal}>
              Connect Wallet
            </Button>
          );
        }
        return (
          <DropdownMenu>
            <DropdownMenuTrigger
              className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              aria-label={`Wallet menu for ${shortenAddress(account.address)}`}
            >
              <AddressAvatar address={account.address} />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel className="font-mono" title={account.address}>
                {shortenAddress(account.address)}
              </DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem asChild>
                <Link href="/watchlist">
                  <Star aria-hidden /> Watchlist
                </Link>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <Link href="/saved">
                  <Bookmark aria-hidden /> Saved Comparisons
                </Link>
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              {/* Opens RainbowKit's account dialog, whose Disconnect button ends it all. */}
              <DropdownMenuItem onSelect={openAccountModal}>
                <LogOut aria-hidden /> Disconnect
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        );
      }}
    </ConnectButton.Custom>
  );
}
