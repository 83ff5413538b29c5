// How far a coin is from its all-time high ("-91.4% from high"). Pure: the coin page's figures
// and the tests share it.
import { once } from "../shared/once";

/**
 * Percent from `high` to `current` ((current / high − 1) × 100): -91.4 means 91.4% below the high.
 * Null when either is missing, not finite, or the high is not positive. A current value above the
 * recorded high (the high is raised by the next refresh pass) counts as at the high: 0.
 */
export function distanceFromHigh(current: number | null | undefined, high: number | null | undefined): number | null {
  if (typeof current !== "number" || typeof high !== "number" || !Number.isFinite(current) || !Number.isFinite(high)) return null;
  if (!(high > 0) || current < 0) return null;
  return Math.min(0, (current / high - 1) * 100);
}

const percentFormat = once(() => new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }));

/** "-91.4% from high", "At its high" (also when it rounds to 0.0%), or null without a distance. */
export function formatDistanceFromHigh(distance: number | null): string | null {
  if (distance === null) return null;
  const text = percentFormat().format(distance);
  if (!/[1-9]/.test(text)) return "At its high";
  return `${text}% from high`;
}
