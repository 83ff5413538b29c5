// The words for an "at its all-time-high market cap" comparison, shared by the pair page's
// result card, the playground and saved comparisons. Pure: no React.
import { formatDay, formatMarketCap } from "../shared/format";


/** "Oct 6, 2025", or null for a missing or unreadable date. */
export function formatHighDay(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isFinite(time) ? formatDay(time) : null;
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
