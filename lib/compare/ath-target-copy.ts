// The words for an "at its all-time-high market cap" comparison, shared by the pair page's
// result card, the playground and saved comparisons (the phrase with its cap in the visitor's
// unit: components/compare/ath-target-words.tsx). Pure: no React.
import { formatDay } from "../shared/format";


/** "Oct 6, 2025", or null for a missing or unreadable date. */
export function formatHighDay(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isFinite(time) ? formatDay(time) : null;
}

/** Said wherever an estimated high shows: the old supply is unknown, so today's stands in. */
export function athEstimatedNote(symbol: string): string {
  return `Estimated: ${symbol}'s price that day × today's supply, as the old supply is unknown.`;
}
