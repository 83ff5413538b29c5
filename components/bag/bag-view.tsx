"use client";

// The bag page ('Your Bag'): the connected wallet's holdings of every listed coin, or any address
// pasted in (kept in the fragment, /portfolio#0x…, which browsers never send). Everything about
// the wallet is read in the browser from the PulseChain RPC; the site's server sees no address.
import { useCallback, useEffect, useState } from "react";
import { isAddressEqual, type Address } from "viem";
import { QueryProvider } from "@/components/shell/query-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { requestWalletConnect, useConnectedAccount } from "@/components/wallet/connected-account";
import { useAuthUser } from "@/components/shell/use-auth-user";
import { addressFromHash } from "@/lib/bag/watch-address";
import type { PriceContext } from "@/lib/shared/freshness";
import { BagReader } from "./bag-reader";
import { WatchAddressField } from "./watch-address-field";

type Props = { tokensVersion: string; indexVersion: string; priceContext: PriceContext };

export function BagView(props: Props) {
  return (
    <QueryProvider>
      <Bag {...props} />
    </QueryProvider>
  );
}

/** The address in the fragment, read after hydration and kept in step with it. */
function useWatchedAddress() {
  const [watched, setWatched] = useState<Address | null>(null);
  useEffect(() => {
    const read = () => setWatched(addressFromHash(window.location.hash));
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  const watch = useCallback((address: Address | null) => {
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, "", address ? `${pathname}${search}#${address}` : `${pathname}${search}`);
    setWatched(address);
  }, []);
  return [watched, watch] as const;
}

function Bag({ tokensVersion, indexVersion, priceContext }: Props) {
  const connected = useConnectedAccount();
  const [watched, watch] = useWatchedAddress();
  const owner = watched ?? connected?.address ?? null;
  const { data: user } = useAuthUser();
  // Snapshots are of one's own bag: the signed-in wallet, connected and not watching another.
  const snapshotsOf = user && !watched && connected && isAddressEqual(connected.address, user.address as Address) ? user.id : null;
  return (
    <div className="flex flex-col gap-6">
      {owner ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="bag-owner">
          <span className="text-muted-foreground">{watched ? "Watching" : "Your wallet"}</span>
          <span className="font-mono break-all">{owner}</span>
          {watched ? (
            <Button variant="ghost" size="sm" onClick={() => watch(null)}>
              {connected ? "Back to your wallet" : "Stop watching"}
            </Button>
          ) : null}
        </div>
      ) : (
        <Card className="flex flex-col items-start gap-3 p-5" data-testid="bag-no-wallet">
          <p className="font-medium">Connect a wallet to see what your bag is worth, today and at any market cap.</p>
          <p className="text-sm text-muted-foreground">Connecting is enough: nothing to sign, and your balances are read in your browser, never sent to this site.</p>
          <Button onClick={requestWalletConnect}>Connect Wallet</Button>
        </Card>
      )}
      {owner ? <BagReader key={owner} owner={owner} tokensVersion={tokensVersion} indexVersion={indexVersion} snapshotsOf={snapshotsOf} priceContext={priceContext} /> : null}
      <div className="max-w-xl">
        <WatchAddressField onView={watch} />
        {watched ? (
          <p className="mt-2 text-xs text-muted-foreground">
            This view&apos;s link keeps the address after the #, which your browser never sends to a server.
          </p>
        ) : null}
      </div>
    </div>
  );
}
