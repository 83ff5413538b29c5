// How fresh the shown prices are. Until a live source writes prices, every coin carries the seed
// snapshot's figures, and the site says so with the snapshot's date wherever prices show; after
// that it shows when the prices were updated. The time is each price's own (priceUpdatedAt), not
// the row's updatedAt, which a re-rank or an operator's edit moves without a new price.

import { formatDay, formatUtcClock } from "../shared/format";

type PricedCoin = { priceSource: string; priceUpdatedAt: string };

export type PriceSourceInfo = { kind: "snapshot" | "live"; asOf: string; label: string };

// Fixed to UTC and en-US (formatDay, formatUtcClock) so the server-rendered label matches on every machine.
export function describePriceSource(coins: readonly PricedCoin[]): PriceSourceInfo | null {
  if (coins.length === 0) return null;
  const live = coins.filter((coin) => coin.priceSource !== "snapshot");
  // Before the first refresh every price is the seed snapshot's.
  if (live.length === 0) {
    const asOf = oldest(coins);
    return { kind: "snapshot", asOf, label: `Prices: snapshot of ${formatDay(new Date(asOf))}` };
  }
  // The oldest live timestamp is the honest one: some of the prices shown are at least this old.
  const asOf = oldest(live);
  const date = new Date(asOf);
  let label = `Prices updated ${formatDay(date)}, ${formatUtcClock(date)} UTC`;
  // Coins no live source has priced yet keep the snapshot's figures, and the label says so.
  const snapshot = coins.filter((coin) => coin.priceSource === "snapshot");
  if (snapshot.length > 0) label += ` (some from the snapshot of ${formatDay(new Date(oldest(snapshot)))})`;
  return { kind: "live", asOf, label };
}

/** The earliest priceUpdatedAt (ISO strings order as times): one walk, not a sort. */
function oldest(coins: readonly PricedCoin[]): string {
  let min = coins[0]!.priceUpdatedAt;
  for (const coin of coins) if (coin.priceUpdatedAt < min) min = coin.priceUpdatedAt;
  return min;
}
