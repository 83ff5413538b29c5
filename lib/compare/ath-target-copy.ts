// The words for an "at its all-time-high market cap" comparison, shared by the pair page's
// result card, the playground and saved comparisons. Pure: no React.
import { formatMarketCap } from "../format";

// Fixed to UTC and en-US, like the footer's price date (lib/coins/price-source.ts): highs are
// stored at midnight UTC, and the server's and the visitor's renders must print the same day.
const dayFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });

/** "Oct 6, 2025", or null for a missing or unreadable date. */
export function formatHighDay(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isFinite(time) ? dayFormat.format(time) : null;
}

/** "BTC's all-time-high market cap of $2.51T on Oct 6, 2025" (without "on …" when the date is unknown). */
export function athTargetPhrase(symbol: string, athMarketCap: number, athMarketCapAt: string | null): string {
  const day = formatHighDay(athMarketCapAt);
  return `${symbol}'s all-time-high market cap of ${formatMarketCap(athMarketCap)}${day ? ` on ${day}` : ""}`;
}

/** Said wherever an estimated high shows: the old supply is unknown, so today's stands in. */
export function athEstimatedNote(symbol: string): string {
  return `Estimated: ${symbol}'s price that day × today's supply, as the old supply is unknown.`;
}
