// PulseChain (id 369) as viem and wagmi see it, reached through a configured RPC URL rather
// than the library's built-in default. Shared by the server and the wallet kit.
import { defineChain } from "viem";
import { pulsechain } from "viem/chains";
import { EXPLORER_NAME, explorerBaseUrl } from "@/lib/chain/explorer";

export const PULSECHAIN_CHAIN_ID = pulsechain.id;

export function pulsechainAt(rpcUrl: string) {
  return defineChain({
    ...pulsechain,
    rpcUrls: { default: { http: [rpcUrl] } },
    blockExplorers: { default: { name: EXPLORER_NAME, url: explorerBaseUrl() } },
  });
}
