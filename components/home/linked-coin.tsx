"use client";

// The coin a home page link names (/?coin1=hex), read with its own code (TanStack Query among
// it) so a visit without such a link never downloads it. See CompareSection.
import { useEffect } from "react";
import { useCoinsByIds } from "@/components/coins/coin-queries";
import { QueryProvider } from "@/components/shell/query-provider";
import type { Coin } from "@/lib/coins/schemas";

type Props = { coinId: string; onCoin: (coin: Coin) => void };

/** Reads the linked coin so the first selector can show it. Renders nothing; an unknown id does nothing. */
export function LinkedCoin(props: Props) {
  return (
    <QueryProvider>
      <LinkedCoinQuery {...props} />
    </QueryProvider>
  );
}

function LinkedCoinQuery({ coinId, onCoin }: Props) {
  const { data } = useCoinsByIds([coinId]);
  useEffect(() => {
    const coin = data?.get(coinId);
    if (coin) onCoin(coin);
  }, [coinId, data, onCoin]);
  return null;
}
