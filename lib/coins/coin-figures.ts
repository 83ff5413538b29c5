// Small texts of a coin's page that format.ts has no use for elsewhere. Pure.
import { formatDay } from "../shared/format";
import { formatPriceAge } from "../shared/freshness";
import { once } from "../shared/once";

const supplyFormat = once(() => new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 }));

/** "173.41B HEX"; "-" when unknown (a coin whose supply no source reports). */
export function formatSupply(value: number | null, symbol: string): string {
  if (value === null || !Number.isFinite(value) || value < 0) return "-";
  return `${supplyFormat().format(value)} ${symbol}`;
}

/**
 * Where the price comes from and how old it is, at `now`: "pulsex, 3 minutes ago", or the seed's
 * "snapshot of Nov 20, 2026" (its age says nothing: it is the same for every coin).
 */
export function describePriceOrigin(coin: { priceSource: string; priceUpdatedAt: string }, now: number): string {
  if (coin.priceSource === "snapshot") return `snapshot of ${formatDay(coin.priceUpdatedAt)}`;
  const minutes = Math.max(0, Math.floor((now - Date.parse(coin.priceUpdatedAt)) / 60_000));
  return `${coin.priceSource}, ${minutes === 0 ? "under a minute" : formatPriceAge(minutes)} ago`;
}
