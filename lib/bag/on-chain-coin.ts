import type { Address } from "viem";

/** A coin as a wallet's balance of it is read: its contract on PulseChain (null: the native PLS). */
export type OnChainCoin = { id: string; symbol: string; address: Address | null };
