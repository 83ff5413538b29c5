// When a threshold rule is past its level, and where it re-arms (issue 39 item 3). Pure: rule
// creation, resuming and the pass's evaluation share it, so "passed" means one thing everywhere.
import type { AlertDirection } from "@/lib/validation/alerts";

/**
 * A rule that fired waits until the value has gone back 2% past its level: a price hovering at
 * the level rings once, and a real return (2% is well beyond a pass's rounding and the TWAP's
 * drift) arms it again.
 */
export const REARM_MARGIN = 0.02;

/** The value at which a rule past its level arms again: 2% below the level for "above", 2% over it for "below". */
export function rearmLevel(direction: AlertDirection, level: number): number {
  return direction === "above" ? level * (1 - REARM_MARGIN) : level * (1 + REARM_MARGIN);
}

/** Whether `value` is at or past `level` going `direction` (what firing needs). */
export function isPastLevel(direction: AlertDirection, value: number, level: number): boolean {
  return direction === "above" ? value >= level : value <= level;
}
