"use client";

import { useEffect, useState } from "react";
import type { Address } from "viem";
import { createBagRpcClient, readBag } from "@/lib/bag/read-bag";
import { holdingAmount } from "@/lib/bag/value-bag";
import { formatTokenAmount } from "@/lib/shared/format";
import type { OnChainCoin } from "@/lib/bag/on-chain-coin";

type Props = { owner: Address; coin: OnChainCoin; worth: (amount: number) => { text: React.ReactNode } | null };

/** Reads the wallet's balance of coin 1 (one block number, one Multicall3 call) and says it; nothing when it holds none or the read fails. */
export function WalletHoldingRead(props: Props) {
  const { owner, coin } = props;
  // Another wallet or coin is another read: a fresh line, showing nothing until its own read answers.
  return <HoldingLine key={[owner, coin.id, coin.symbol, coin.address].join(" ")} {...props} />;
}

function HoldingLine({ owner, coin, worth }: Props) {
  const [amount, setAmount] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    const token = { id: coin.id, symbol: coin.symbol, name: coin.symbol, logoUrl: null, address: coin.address, decimals: null, currentPrice: 0, marketCap: 0, athMarketCap: null };
    readBag(createBagRpcClient(), owner, [token]).then(
      (bag) => current && setAmount(bag.held[0] ? holdingAmount(bag.held[0]) : null),
      // A line that could not be read is left out: the card's answer does not depend on it.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [owner, coin.id, coin.symbol, coin.address]);
  if (amount === null) return null;
  const value = worth(amount);
  return (
    <p className="text-sm" data-testid="wallet-holding">
      Your {coin.symbol}: <span className="font-semibold tabular-nums">{formatTokenAmount(amount)}</span>
      {value ? (
        <>
          {" "}→ <span className="font-semibold tabular-nums">{value.text}</span>
        </>
      ) : null}
    </p>
  );
}
