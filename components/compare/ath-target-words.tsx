// "BTC's all-time-high market cap of $2.51T on Oct 6, 2025" in a sentence, with the cap in the
// visitor's unit (components/shell/money.tsx); lib/compare/ath-target-copy.ts has the plain text.
import { Money } from "@/components/shell/money";
import { formatHighDay } from "@/lib/compare/ath-target-copy";

export function AthTargetWords({ symbol, athMarketCap, athMarketCapAt }: { symbol: string; athMarketCap: number; athMarketCapAt: string | null }) {
  const day = formatHighDay(athMarketCapAt);
  return (
    <>
      {symbol}&apos;s all-time-high market cap of <Money usd={athMarketCap} format="cap" />
      {day ? ` on ${day}` : ""}
    </>
  );
}
