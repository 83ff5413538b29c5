"use client";

// "Your HEX: 1,500,000 → $4.2M at BTC's market cap" on the pair card, for a connected wallet that
// holds coin 1. The balance is read in the browser from the PulseChain RPC; the reading code loads
// only once a wallet is connected (the wallet kit published it), so anonymous visitors carry none.
import { useConnectedAccount } from "@/components/wallet/connected-account";
import type { OnChainCoin } from "@/lib/bag/on-chain-coin";
import { lazyModule, useLazyModule } from "@/components/shell/lazy-module";

const reader = lazyModule(() => import("./wallet-holding-read"));

/** Coin 1 as the chain knows it: its contract, or null for PLS itself. */

export function WalletHolding({ coin, worth }: { coin: OnChainCoin; /** What an amount is worth at the target (null: no target value). */ worth: (amount: number) => { text: React.ReactNode } | null }) {
  const account = useConnectedAccount();
  const code = useLazyModule(reader, account !== null);
  if (!account || !code.module) return null;
  return <code.module.WalletHoldingRead owner={account.address} coin={coin} worth={worth} />;
}
