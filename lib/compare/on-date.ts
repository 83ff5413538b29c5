// The "on a date" target (issue 43): coin 2's market cap on a chosen UTC day, read from its
// stored history (GET /api/cryptocurrencies/{id}/history?range=all). Pure: no I/O, no React.
//
// The rule: a day's market cap is the LAST point of that UTC day with a usable cap (positive and
// finite), a real point preferred over a sample one. The last point is the day's close, which is
// what the daily backfill stores (one point at midnight UTC) and what a snapshot day ends on.
// Days are UTC, as every day the site prints (lib/shared/format.ts formatDay).
import type { HistoryPoint } from "../history/schemas";
import { formatDay } from "../shared/format";
import { dayKey } from "../shared/utc-day";

/** A UTC day as the date input and the address write it: "2026-11-20". */
export type Day = string;

export type DayBounds = { first: Day; last: Day };

/** Coin 2's market cap on the day shown (what the holding figures value at); `sample`: invented history. */
export type DayCap = { day: Day; marketCap: number; sample: boolean };

export type CapOnDay =
  /** No point with a usable market cap at all: there is no day to offer. */
  | { kind: "no-history" }
  /** The day's market cap; `sample` when it comes from the seed's invented history. */
  | { kind: "found"; day: Day; marketCap: number; sample: boolean; bounds: DayBounds }
  /** Before the first or after the last day with history. */
  | { kind: "outside"; day: Day; bounds: DayBounds }
  /** Inside the bounds, but no usable point that day: `earlier` is the nearest earlier day with one. */
  | { kind: "no-record"; day: Day; bounds: DayBounds; earlier: Day };

const usable = (point: HistoryPoint) => Number.isFinite(point.marketCap) && point.marketCap > 0 && Number.isFinite(point.t);

/** The first and last day with a usable market cap: the picker's min and max. */
export function dayBounds(points: readonly HistoryPoint[]): DayBounds | null {
  let first = Infinity;
  let last = -Infinity;
  for (const point of points) {
    if (!usable(point)) continue;
    first = Math.min(first, point.t);
    last = Math.max(last, point.t);
  }
  return first === Infinity ? null : { first: dayKey(first), last: dayKey(last) };
}

/** Whether `a` comes before `b`, both days: their text sorts as the calendar does. */
const before = (a: Day, b: Day) => a < b;

/** Coin 2's market cap on `day` (null: the last day with history, the picker's default). */
export function capOnDay(points: readonly HistoryPoint[], day: Day | null): CapOnDay {
  const bounds = dayBounds(points);
  if (!bounds) return { kind: "no-history" };
  const chosen = day ?? bounds.last;
  if (before(chosen, bounds.first) || before(bounds.last, chosen)) return { kind: "outside", day: chosen, bounds };

  let best: HistoryPoint | null = null;
  let earlier: HistoryPoint | null = null;
  for (const point of points) {
    if (!usable(point)) continue;
    const pointDay = dayKey(point.t);
    if (pointDay === chosen) {
      if (!best || betterOfDay(point, best)) best = point;
    } else if (before(pointDay, chosen) && (!earlier || point.t > earlier.t)) {
      earlier = point;
    }
  }
  if (best) return { kind: "found", day: chosen, marketCap: best.marketCap, sample: best.sample === true, bounds };
  // Inside the bounds, the first day has a point, so an earlier day with one always exists.
  return { kind: "no-record", day: chosen, bounds, earlier: dayKey(earlier!.t) };
}

/** Within one day: a real point beats a sample one, then the later point wins. */
function betterOfDay(point: HistoryPoint, than: HistoryPoint): boolean {
  const real = point.sample !== true;
  const thanReal = than.sample !== true;
  if (real !== thanReal) return real;
  return point.t > than.t;
}

/**
 * Why a day gives no market cap, in the date view's words (components/compare/on-date-messages.tsx),
 * with the nearest earlier day written as it is asked for (YYYY-MM-DD), for a caller without the button.
 */
export function dayFailureMessage(found: Exclude<CapOnDay, { kind: "found" }>, coin2Symbol: string): string {
  if (found.kind === "no-history") return `${coin2Symbol} has no stored history yet.`;
  if (found.kind === "outside") return `${coin2Symbol}'s stored history runs from ${formatDay(found.bounds.first)} to ${formatDay(found.bounds.last)}: pick a day in between.`;
  return `No record of ${coin2Symbol}'s market cap on ${formatDay(found.day)}; the nearest earlier day with one is ${found.earlier}.`;
}
