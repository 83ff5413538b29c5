// How fresh the shown prices are. Until live market data writes prices, every coin carries the
// seed snapshot's figures, and the site says so with the snapshot's date wherever prices show.

type PricedCoin = { priceSource: string; updatedAt: string };

export type PriceSourceInfo = { kind: "snapshot" | "live"; asOf: string; label: string };

// Fixed to UTC and en-US so the server-rendered label matches on every machine ("Nov 20, 2026").
const dayFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

export function describePriceSource(coins: readonly PricedCoin[]): PriceSourceInfo | null {
  if (coins.length === 0) return null;
  const snapshot = coins.filter((coin) => coin.priceSource === "snapshot");
  const kind = snapshot.length > 0 ? "snapshot" : "live";
  // The oldest timestamp is the honest one: some of the prices shown are at least this old.
  const asOf = (kind === "snapshot" ? snapshot : coins).map((coin) => coin.updatedAt).sort()[0]!;
  const date = new Date(asOf);
  const label =
    kind === "snapshot"
      ? `Prices: snapshot of ${dayFormat.format(date)}`
      : `Prices updated ${dayFormat.format(date)}, ${timeFormat.format(date)} UTC`;
  return { kind, asOf, label };
}
