"use client";

// "HEX at a $100B market cap": the coin page's calculator, kept in the address (?mcap=100b,
// ?hold=1500000) so a shared link opens on it. Worked out here from the page's figures: the typed
// numbers never reach the server, and the cached page serves every one of them.
import { HoldingFigures } from "@/components/compare/holding-figures";
import { TypedNumberField, useTypedNumber } from "@/components/shell/typed-number-field";
import { useChoicesInAddress } from "@/components/compare/use-choices-in-address";
import { Card } from "@/components/ui/card";
import { AMOUNT_RULES, MARKET_CAP_RULES } from "@/lib/compare/typed-number";
import { comparisonFailureMessage, computeTypedCapComparison, type ComparableCoin } from "@/lib/compare/comparison";
import { formatMultiplier } from "@/lib/shared/format";
import { Money } from "@/components/shell/money";

type CapCoin = ComparableCoin & { symbol: string };

export function CoinAtMarketCap({ coin }: { coin: CapCoin }) {
  const cap = useTypedNumber(MARKET_CAP_RULES);
  const amount = useTypedNumber(AMOUNT_RULES);
  useChoicesInAddress(true, { target: "cap", capText: cap.valueText, holdText: amount.valueText }, (choices) => {
    if (choices.capText) cap.setText(choices.capText);
    if (choices.holdText) amount.setText(choices.holdText);
  });
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="coin-at-cap">
      <h2 className="text-lg font-semibold">{coin.symbol} at any market cap</h2>
      <TypedNumberField label="Market cap" prefix="$" field={cap} placeholder="100b" />
      <Answer coin={coin} cap={cap.value} />
      <HoldingFigures subject={{ coin, caps: { today: null, ath: null } }} amount={amount} target="cap" typedCap={cap.value} coin2Symbol={null} />
    </Card>
  );
}

function Answer({ coin, cap }: { coin: CapCoin; cap: number | null }) {
  if (cap === null) return <p className="text-muted-foreground">Type a market cap to see {coin.symbol}&apos;s price at it.</p>;
  const result = computeTypedCapComparison(coin, cap);
  if (!result.comparable) return <p className="text-muted-foreground">{comparisonFailureMessage(result.reason, coin.symbol)}</p>;
  return (
    <p data-testid="coin-at-cap-answer">
      At a market cap of <Money usd={cap} format="cap" />, {coin.symbol} would be at{" "}
      <strong className="tabular-nums">
        <Money usd={result.projectedPrice} />
      </strong>{" "}
      <span className="tabular-nums text-muted-foreground">({formatMultiplier(result.multiplier)})</span>.
    </p>
  );
}
