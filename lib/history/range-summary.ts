// What a chart's range says in words: its high, its low and the change from its first point to
// its last. Pure, so the chart's screen-reader summary (and its visible small text) is tested
// without a browser.

import { formatDay } from "../shared/format";
import { once } from "../shared/once";

/** One value at a time (`t`: Unix ms): a market cap, or a ratio of two. */
export type ValuePoint = { t: number; value: number };

export type RangeSummary = {
  high: ValuePoint;
  low: ValuePoint;
  first: ValuePoint;
  last: ValuePoint;
  /** Percent from the first value to the last; null when the first is 0 (no base to compare with). */
  changePercent: number | null;
};

/** The summary of `points` (time order), skipping values that are not finite; null when none is left. */
export function summarizeRange(points: readonly ValuePoint[]): RangeSummary | null {
  let summary: Omit<RangeSummary, "changePercent"> | null = null;
  for (const point of points) {
    if (!Number.isFinite(point.value)) continue;
    if (!summary) {
      summary = { high: point, low: point, first: point, last: point };
      continue;
    }
    // Ties keep the earlier point: the first time the high (or low) was reached.
    if (point.value > summary.high.value) summary.high = point;
    if (point.value < summary.low.value) summary.low = point;
    summary.last = point;
  }
  if (!summary) return null;
  const { first, last } = summary;
  const changePercent = first.value > 0 ? (last.value / first.value - 1) * 100 : null;
  return { ...summary, changePercent };
}

const changeFormat = once(() => new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "exceptZero" }));

/**
 * "Over 30 days: high $2.87B (Nov 3, 2026), low $1.10B (Oct 25, 2026), change +12.5%." `format`
 * prints a value (formatMarketCap, formatRatio); `label` is the range's (RANGE_SPECS[range].label).
 */
export function describeRange(summary: RangeSummary, label: string, format: (value: number) => string): string {
  const { high, low, changePercent } = summary;
  const change = changePercent === null ? "change unknown" : `change ${changeFormat().format(changePercent)}%`;
  return `Over ${label}: high ${format(high.value)} (${formatDay(high.t)}), low ${format(low.value)} (${formatDay(low.t)}), ${change}.`;
}
