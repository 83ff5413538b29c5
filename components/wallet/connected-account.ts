"use client";

// The connected wallet as the rest of the page sees it. The wallet kit (wagmi) lives in the
// header and loads only when wanted; pages that answer for a wallet (the bag, the pair page's
// "Your HEX" line) read the account from here instead of importing the kit, and ask the header to
// open its connect dialog through requestWalletConnect. Neither side imports the other.
import { useSyncExternalStore } from "react";
import type { Address } from "viem";

/** A connected wallet: signed in or not, on PulseChain or not (the reads use the site's RPC). */
export type ConnectedAccount = { address: Address; chainId: number | undefined };

let account: ConnectedAccount | null = null;
const listeners = new Set<() => void>();

/** Called by the kit whenever wagmi's account changes (null: disconnected). */
export function publishConnectedAccount(next: ConnectedAccount | null): void {
  if (next?.address === account?.address && next?.chainId === account?.chainId) return;
  account = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The connected wallet, or null (also on the server and before the kit loads). */
export function useConnectedAccount(): ConnectedAccount | null {
  return useSyncExternalStore(
    subscribe,
    () => account,
    () => null,
  );
}

let connectHandler: (() => void) | null = null;

/** The header's wallet slot registers how to open its connect dialog; returns the unregister function. */
export function provideWalletConnect(handler: () => void): () => void {
  connectHandler = handler;
  return () => {
    if (connectHandler === handler) connectHandler = null;
  };
}

/** Loads the wallet kit if needed and opens its connect dialog (a page's own 'Connect Wallet'). */
export function requestWalletConnect(): void {
  connectHandler?.();
}
