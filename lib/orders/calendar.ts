// UTC days for the Homepage Compare slots: a slot of N days starting on day D runs from D's
// midnight (UTC) to N days later, and holds one featured seat on each of those days.

import { DAY_MS } from "../shared/utc-day";

/** Midnight UTC of the day `time` falls on. */
export function utcDay(time: Date): Date {
  return new Date(Math.floor(time.getTime() / DAY_MS) * DAY_MS);
}

export function addDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * DAY_MS);
}

/** The days a slot of `length` days starting on `first` covers. */
export function daysOfSlot(first: Date, length: number): Date[] {
  return Array.from({ length }, (_, i) => addDays(first, i));
}

/** Does a featured comparison running over [startsAt, endsAt) show on any part of `day`? */
export function runsOn(slot: { startsAt: Date; endsAt: Date | null }, day: Date): boolean {
  return slot.startsAt.getTime() < addDays(day, 1).getTime() && (slot.endsAt === null || slot.endsAt.getTime() > day.getTime());
}
