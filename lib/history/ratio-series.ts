// The pair page's ratio chart: coin A's market cap over coin B's, step by step. Pure.
import type { HistoryPoint } from "./schemas";
import type { ValuePoint } from "./range-summary";
import { once } from "../shared/once";

/**
 * A's market cap divided by B's at each UTC-aligned step (`stepMs`, as ranges.ts thins the API's
 * points) where both have a point; `t` is the step's start, so the two coins' points, taken a few
 * seconds apart by a refresh pass, meet at one time. Within a step the last point of each counts
 * (its closing value, as thinToSteps keeps). Steps where B's market cap is not positive, or either
 * value is not finite, are left out: a ratio there means nothing.
 */
export function ratioSeries(a: readonly HistoryPoint[], b: readonly HistoryPoint[], stepMs: number): ValuePoint[] {
  const bByStep = new Map<number, number>();
  for (const point of b) bByStep.set(Math.floor(point.t / stepMs), point.marketCap);
  const aByStep = new Map<number, number>();
  for (const point of a) aByStep.set(Math.floor(point.t / stepMs), point.marketCap);
  const out: ValuePoint[] = [];
  for (const [step, capA] of aByStep) {
    const capB = bByStep.get(step);
    if (capB === undefined || !(capB > 0) || !Number.isFinite(capA) || !Number.isFinite(capB)) continue;
    out.push({ t: step * stepMs, value: capA / capB });
  }
  // `a` is in time order, so its steps are too; sorting keeps that promise for any input.
  return out.sort((x, y) => x.t - y.t);
}

const ratioFormat = once(() => new Intl.NumberFormat("en-US", { maximumSignificantDigits: 4, useGrouping: true }));
const smallRatioFormat = once(() => new Intl.NumberFormat("en-US", { maximumSignificantDigits: 3, notation: "scientific" }));

/**
 * A ratio with four significant digits ("0.001477", "12.35", "1,476"); below 0.000001 in
 * scientific notation ("1.23E-9"), where the zeros would fill the axis. formatMultiplier's two
 * decimals would print most PulseChain tokens against BTC as "<0.01x".
 */
export function formatRatio(value: number): string {
  if (!Number.isFinite(value) || value < 0) return "-";
  if (value !== 0 && value < 1e-6) return smallRatioFormat().format(value);
  return ratioFormat().format(value);
}
