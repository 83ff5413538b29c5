// Links to PulseChain's block explorer (pure; built, never fetched): transactions, addresses and
// blocks. The base URL is NEXT_PUBLIC_EXPLORER_URL (lib/config/public-env.ts; inlined at build time, for
// the browser and the server alike), PulseScan by default.
import { publicEnv } from "../config/public-env";

export const EXPLORER_NAME = "PulseScan";

/** The configured explorer's base URL, without a trailing slash. */
export const explorerBaseUrl = () => publicEnv.explorerUrl;

export const explorerTxUrl = (hash: string) => `${explorerBaseUrl()}/tx/${hash}`;
export const explorerAddressUrl = (address: string) => `${explorerBaseUrl()}/address/${address}`;
export const explorerBlockUrl = (block: number) => `${explorerBaseUrl()}/block/${block}`;
