// What each history range covers and how finely: pure, shared by the API (which thins the
// snapshots to these steps) and the charts (which label and align by them).
import type { HistoryPoint, HistoryRange } from "./schemas";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * `windowMs`: how far back the range reaches (null: everything); `stepMs`: one point per step at
 * most, so a body stays a few hundred points whatever the refresh rate (1d at the default 5-minute
 * refresh is every snapshot; older snapshots are thinned to hourly and daily anyway).
 */
export const RANGE_SPECS: Record<HistoryRange, { windowMs: number | null; stepMs: number; label: string }> = {
  "1d": { windowMs: DAY_MS, stepMs: 5 * MINUTE_MS, label: "24 hours" },
  "7d": { windowMs: 7 * DAY_MS, stepMs: HOUR_MS, label: "7 days" },
  "30d": { windowMs: 30 * DAY_MS, stepMs: 4 * HOUR_MS, label: "30 days" },
  "1y": { windowMs: 365 * DAY_MS, stepMs: DAY_MS, label: "1 year" },
  all: { windowMs: null, stepMs: DAY_MS, label: "all time" },
};

/** The earliest time a range includes, at `now`; null for all of it. */
export function rangeStart(range: HistoryRange, now: number): number | null {
  const { windowMs } = RANGE_SPECS[range];
  return windowMs === null ? null : now - windowMs;
}

/**
 * Points (in time order) thinned to at most one per `stepMs` (UTC-aligned steps): the last point
 * of each step, which is the step's closing value.
 */
export function thinToSteps(points: readonly HistoryPoint[], stepMs: number): HistoryPoint[] {
  const out: HistoryPoint[] = [];
  let currentStep = Number.NaN;
  for (const point of points) {
    const step = Math.floor(point.t / stepMs);
    if (step === currentStep) out[out.length - 1] = point;
    else out.push(point);
    currentStep = step;
  }
  return out;
}
