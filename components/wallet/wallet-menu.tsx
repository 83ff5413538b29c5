"use client";

// The header's wallet button in its three forms (spec section 2): 'Connect Wallet', 'Wrong
// Network', or the avatar that opens the account menu.
import { ConnectButton } from "@rainbow-me/rainbowkit";
import { Bell, Bookmark, LogOut, Receipt, Star, Wallet } from "lucide-react";
import Link from "next/link";
import { useEffect, useState } from "react";
import { useConfig } from "wagmi";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { shortenAddress } from "@/lib/shared/format";
import { AddressAvatar } from "./address-avatar";
import { WalletButtonPlaceholder, WalletSlotLoading } from "./wallet-button-placeholder";

/** The signed-in visitor's own pages, in the account menu. */
const ACCOUNT_PAGES = [
  { href: "/watchlist", icon: Star, label: "Watchlist" },
  { href: "/saved", icon: Bookmark, label: "Saved Comparisons" },
  { href: "/alerts", icon: Bell, label: "Alerts" },
  { href: "/orders", icon: Receipt, label: "Orders" },
];

/** How long a signed-in visitor's wallet may take to reconnect before the header offers 'Connect Wallet'. */
const RECONNECT_GRACE_MS = 3_000;

/**
 * Whether wagmi's reconnect on load (the wallet used last time) has finished. Until then a
 * signed-in visitor's wallet is not "disconnected", only not back yet. Subscribed to the config's
 * store directly (synchronously), from before the provider starts the reconnect.
 */
function useReconnectSettled(): boolean {
  const config = useConfig();
  const [settled, setSettled] = useState(() => config.state.status === "connected");
  useEffect(() => {
    if (settled) return;
    const attempting = (status: string) => status === "reconnecting" || status === "connecting";
    let attempted = attempting(config.state.status);
    const unsubscribe = config.subscribe(
      (state) => state.status,
      (status) => {
        if (attempting(status)) attempted = true;
        else if (attempted || status === "connected") setSettled(true);
      },
    );
    const timer = setTimeout(() => setSettled(true), RECONNECT_GRACE_MS);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [config, settled]);
  return settled;
}

export function WalletMenu() {
  const reconnectSettled = useReconnectSettled();
  return (
    <ConnectButton.Custom>
      {({ account, chain, mounted, authenticationStatus, openConnectModal, openChainModal, openAccountModal }) => {
        if (authenticationStatus === "loading") return <WalletButtonPlaceholder />;
        if (!mounted) return <WalletSlotLoading />;
        // Signed in, wallet not back yet: hold the place rather than flash 'Connect Wallet'.
        if (authenticationStatus === "authenticated" && !account && !reconnectSettled) return <WalletButtonPlaceholder />;
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
                <Link href="/portfolio">
                  <Wallet aria-hidden /> Your Bag
                </Link>
              </DropdownMenuItem>
              {/* A wallet connected on the bag page without signing in has no lists (spec: they are the signed-in menu's). */}
              {authenticationStatus === "authenticated" ? (
                ACCOUNT_PAGES.map(({ href, icon: Icon, label }) => (
                  <DropdownMenuItem key={href} asChild>
                    <Link href={href}>
                      <Icon aria-hidden /> {label}
                    </Link>
                  </DropdownMenuItem>
                ))
              ) : null}
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
