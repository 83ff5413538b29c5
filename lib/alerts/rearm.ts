// When a threshold rule is past its level, and where it re-arms (issue 39 item 3). Pure: rule
// creation, resuming and the pass's evaluation share it, so "passed" means one thing everywhere.
import type { AlertDirection } from "@/lib/alerts/schemas";
import { REARM_MARGIN } from "./limits";

/** The value at which a rule past its level arms again: 2% below the level for "above", 2% over it for "below". */
export function rearmLevel(direction: AlertDirection, level: number): number {
  return direction === "above" ? level * (1 - REARM_MARGIN) : level * (1 + REARM_MARGIN);
}

/** Whether `value` is at or past `level` going `direction` (what firing needs). */
export function isPastLevel(direction: AlertDirection, value: number, level: number): boolean {
  return direction === "above" ? value >= level : value <= level;
}
