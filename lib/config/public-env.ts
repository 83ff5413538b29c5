// The browser's configuration: the NEXT_PUBLIC_* variables, the only ones Next inlines into the
// client bundle at build time (each must be named in full for that). The server's are read and
// validated in lib/config/env.ts; this module is the client's one place to read the environment. Plain
// checks, not zod: it is on every page's first load. It imports nothing, so anything may use it.

export const DEFAULT_PULSECHAIN_RPC_URL = "https://rpc.pulsechain.com";
export const DEFAULT_EXPLORER_URL = "https://scan.pulsechain.com";

/** The value when it is an http(s) URL, else the fallback (unset, or not a URL). */
function httpUrl(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed && /^https?:\/\/[^\s/]+/.test(trimmed) ? trimmed : fallback;
}

export const publicEnv = {
  /** The PulseChain RPC the browser reads (the wallet kit, the bag), as the CSP allows it. */
  pulsechainRpcUrl: httpUrl(process.env.NEXT_PUBLIC_PULSECHAIN_RPC_URL, DEFAULT_PULSECHAIN_RPC_URL),
  /** WalletConnect Cloud project id; RainbowKit maps this placeholder to its shared example id for development. */
  walletConnectProjectId: process.env.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID?.trim() || "YOUR_PROJECT_ID",
  /** PulseChain's block explorer, for links to pools, blocks and transactions (no trailing slash). */
  explorerUrl: httpUrl(process.env.NEXT_PUBLIC_EXPLORER_URL, DEFAULT_EXPLORER_URL).replace(/\/+$/, ""),
} as const;
