import { Card } from "@/components/ui/card";
import { distanceFromHigh, formatDistanceFromHigh } from "@/lib/coins/distance-from-high";
import { MoneyView, type MoneyFormat } from "@/components/shell/money-view";
import { formatDay } from "@/lib/shared/format";
import type { Coin } from "@/lib/coins/schemas";
import { Fact } from "./fact";

/** The all-time highs of price and market cap, when they were set, and how far today is from them. */
export function AllTimeHigh({ coin, plsUsd }: { coin: Coin; plsUsd: number | null }) {
  return (
    <Card className="p-5" data-testid="coin-highs">
      <h2 className="mb-4 text-lg font-semibold">All-time high</h2>
      <dl className="grid gap-4 sm:grid-cols-2">
        <High label="Price" value={coin.athPrice} at={coin.athAt} current={coin.currentPrice} format="price" testId="ath-price" plsUsd={plsUsd} />
        <High
          label="Market cap"
          value={coin.athMarketCap}
          at={coin.athMarketCapAt}
          current={coin.marketCap}
          format="cap"
          testId="ath-market-cap"
          plsUsd={plsUsd}
          note={coin.athMarketCapEstimated ? "Estimated: that day's price × today's supply; the supply then is unknown." : undefined}
        />
      </dl>
    </Card>
  );
}

function High({
  label,
  value,
  at,
  current,
  format,
  testId,
  note,
  plsUsd,
}: {
  label: string;
  value: number | null;
  at: string | null;
  current: number;
  format: MoneyFormat;
  testId: string;
  note?: string;
  plsUsd: number | null;
}) {
  const distance = formatDistanceFromHigh(distanceFromHigh(current, value));
  return (
    <Fact label={label} testId={testId}>
      {value === null ? "-" : <MoneyView usd={value} format={format} plsUsd={plsUsd} />}
      {at ? <span className="block text-sm font-normal text-muted-foreground">on {formatDay(at)}</span> : null}
      {distance ? (
        <span className="block text-sm font-normal" data-testid={`${testId}-distance`}>
          {distance}
        </span>
      ) : null}
      {note ? (
        <span className="mt-1 block text-xs font-normal text-muted-foreground" data-testid={`${testId}-note`}>
          {note}
        </span>
      ) : null}
    </Fact>
  );
}
