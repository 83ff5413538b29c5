"use client";

// The wallet kit (wagmi + RainbowKit + sign-in), loaded on demand by <WalletButton />: only
// visitors who open the connect dialog, or who have used a wallet here before, download it.
import "@rainbow-me/rainbowkit/styles.css";
import {
  darkTheme,
  RainbowKitAuthenticationProvider,
  RainbowKitProvider,
  useChainModal,
  useConnectModal,
  type AuthenticationStatus,
} from "@rainbow-me/rainbowkit";
import { useQueryClient } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { isAddressEqual } from "viem";
import { useAccount, useAccountEffect, useSignMessage, WagmiProvider } from "wagmi";
import type { AuthUser } from "@/lib/auth/schemas";
import { PULSECHAIN_CHAIN_ID } from "@/lib/chain/pulsechain";
import { SITE_NAME } from "@/lib/shared/site-identity";
import { AddressAvatar } from "./address-avatar";
import { publishConnectedAccount } from "./connected-account";
import { PaymentSender } from "./payment-sender";
import { provideSignAgain, SignAgainError } from "./sign-again";
import { createSiweAdapter } from "./siwe-adapter";
import { refreshAuthUser, useAuthUser } from "@/components/shell/use-auth-user";
import { createWalletConfig } from "./wallet-config";
import { WalletMenu } from "./wallet-menu";
import { rememberWalletUse } from "./wallet-memory";

// The site's primary pink (app/globals.css --primary) with its dark text: 5.49:1. RainbowKit's
// default white on the former #e0249a was 4.30:1.
const ACCENT = "#e041d9";
const ACCENT_FOREGROUND = "#0f0b15";

/** The bag reads any connected wallet: asking it to sign first would only be in the way there. */
const NO_SIGN_IN_PATHS = new Set(["/portfolio"]);

export default function WalletKit({ openOnLoad, connectRequests = 0 }: { openOnLoad: boolean; /** Counts a page's own 'Connect Wallet' presses. */ connectRequests?: number }) {
  const [config] = useState(createWalletConfig);
  const queryClient = useQueryClient();
  const { data: user, isPending } = useAuthUser();
  const status: AuthenticationStatus = isPending ? "loading" : user ? "authenticated" : "unauthenticated";
  const adapter = useMemo(() => createSiweAdapter(() => refreshAuthUser(queryClient)), [queryClient]);
  // Sign-in follows a connection everywhere except on the bag page, where connecting is enough (a
  // signed-in visitor stays signed in there). Elsewhere a wallet connected there shows 'Connect
  // Wallet', whose dialog asks for the signature, as for a session that ended.
  const signInOnConnect = !NO_SIGN_IN_PATHS.has(usePathname()) || Boolean(user);

  return (
    <WagmiProvider config={config}>
      <RainbowKitAuthenticationProvider adapter={adapter} status={status} enabled={signInOnConnect}>
        <RainbowKitProvider
          appInfo={{ appName: SITE_NAME }}
          avatar={({ address, size }) => <AddressAvatar address={address} size={size} />}
          theme={darkTheme({ accentColor: ACCENT, accentColorForeground: ACCENT_FOREGROUND, borderRadius: "medium" })}
        >
          <SessionFollowsWallet user={user ?? null} signOut={adapter.signOut} />
          <SignAgainSigner user={user ?? null} adapter={adapter} />
          <PaymentSender />
          <PublishAccount />
          {openOnLoad && status !== "loading" && <OpenConnectDialog />}
          <OpenOnRequest requests={connectRequests} />
          <WalletMenu />
        </RainbowKitProvider>
      </RainbowKitAuthenticationProvider>
    </WagmiProvider>
  );
}

/**
 * A session belongs to one wallet address. RainbowKit signs out when the wallet disconnects or
 * switches accounts while the page is open; this covers a wallet that comes back (say after a
 * reload) on a different account than the one signed in.
 */
function SessionFollowsWallet({ user, signOut }: { user: AuthUser | null; signOut: () => Promise<void> }) {
  const { address, status } = useAccount();
  useAccountEffect({ onConnect: () => rememberWalletUse(true), onDisconnect: () => rememberWalletUse(false) });
  useEffect(() => {
    if (user && status === "connected" && address && !isAddressEqual(address, user.address as `0x${string}`)) {
      // A failed sign-out (offline) leaves the session; the next account change tries again.
      signOut().catch(() => {});
    }
  }, [user, status, address, signOut]);
  return null;
}

/**
 * The signer behind "Sign again" (sign-again.ts): the same Sign-In with Ethereum steps as
 * RainbowKit's sign-in dialog (nonce, message, signature, verify), run for a visitor who is
 * signed in already, without signing out first. A wallet that is not connected, or is on another
 * network or account, gets the dialog that fixes it and a message saying to press again.
 */
function SignAgainSigner({ user, adapter }: { user: AuthUser | null; adapter: ReturnType<typeof createSiweAdapter> }) {
  const { address, chainId, status } = useAccount();
  const { signMessageAsync } = useSignMessage();
  const { openConnectModal } = useConnectModal();
  const { openChainModal } = useChainModal();
  // What 'Sign again' reads when pressed (kept after each commit, as in payment-sender.tsx).
  const latest = useRef({ user, address, chainId, status, openConnectModal, openChainModal });
  useLayoutEffect(() => {
    latest.current = { user, address, chainId, status, openConnectModal, openChainModal };
  });

  useEffect(
    () =>
      provideSignAgain(async () => {
        const { user, address, chainId, status, openConnectModal, openChainModal } = latest.current;
        if (status !== "connected" || !address || chainId === undefined) {
          openConnectModal?.();
          throw new SignAgainError("Connect your wallet first, then press 'Sign again'.");
        }
        if (chainId !== PULSECHAIN_CHAIN_ID) {
          openChainModal?.();
          throw new SignAgainError("Switch your wallet to PulseChain, then press 'Sign again'.");
        }
        if (user && !isAddressEqual(address, user.address as `0x${string}`)) {
          throw new SignAgainError(`Your wallet is on another account than the one signed in (${user.address}). Switch back to it, then press 'Sign again'.`);
        }
        const message = await adapter.createMessage({ nonce: await adapter.getNonce(), address, chainId });
        let signature: string;
        try {
          signature = await signMessageAsync({ message });
        } catch {
          throw new SignAgainError("Your wallet did not sign. Press 'Sign again' to retry.");
        }
        if (!(await adapter.verify({ message, signature }))) throw new SignAgainError("Error verifying signature, please retry!");
      }),
    [adapter, signMessageAsync],
  );
  return null;
}

/**
 * Opens the connect dialog once, when the kit was loaded by a click or a 'Log in' link. It waits
 * a tick: RainbowKit closes its dialogs in an effect whenever the visitor turns out to be
 * signed out, and that effect runs after this one on the first render.
 */
function OpenConnectDialog() {
  const { openConnectModal } = useConnectModal();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !openConnectModal) return;
    const timer = setTimeout(() => {
      opened.current = true;
      openConnectModal();
    }, 0);
    return () => clearTimeout(timer);
  }, [openConnectModal]);
  return null;
}

/** Tells the rest of the page which wallet is connected (connected-account.ts). */
function PublishAccount() {
  const { address, chainId, status } = useAccount();
  useEffect(() => {
    publishConnectedAccount(status === "connected" && address ? { address, chainId } : null);
  }, [address, chainId, status]);
  useEffect(() => () => publishConnectedAccount(null), []);
  return null;
}

/** Opens the connect dialog each time a page's own 'Connect Wallet' is pressed after the kit loaded. */
function OpenOnRequest({ requests }: { requests: number }) {
  const { openConnectModal } = useConnectModal();
  const seen = useRef(requests);
  useEffect(() => {
    if (requests === seen.current || !openConnectModal) return;
    seen.current = requests;
    openConnectModal();
  }, [requests, openConnectModal]);
  return null;
}
