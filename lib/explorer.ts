// Links to PulseChain's block explorer (pure; built, never fetched): transactions, addresses and
// blocks. The base URL is NEXT_PUBLIC_EXPLORER_URL (inlined at build time, for the browser and
// the server alike), PulseScan by default.

export const DEFAULT_EXPLORER_URL = "https://scan.pulsechain.com";
export const EXPLORER_NAME = "PulseScan";

/** The configured base URL without a trailing slash; the default when unset or not an http(s) URL. */
export function explorerBaseUrl(configured: string | undefined = process.env.NEXT_PUBLIC_EXPLORER_URL): string {
  const trimmed = configured?.trim().replace(/\/+$/, "");
  return trimmed && /^https?:\/\/[^\s/]+/.test(trimmed) ? trimmed : DEFAULT_EXPLORER_URL;
}

export const explorerTxUrl = (hash: string) => `${explorerBaseUrl()}/tx/${hash}`;
export const explorerAddressUrl = (address: string) => `${explorerBaseUrl()}/address/${address}`;
export const explorerBlockUrl = (block: number) => `${explorerBaseUrl()}/block/${block}`;
