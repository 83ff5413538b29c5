// The slot calendar's arithmetic, on UTC day keys ("2026-12-03"): a slot of N days starting on D
// takes one featured seat on each of D .. D+N-1, so D can start it only when every one of those
// days still has a free seat and lies within the calendar (90 days from tomorrow).
import type { SlotCalendar } from "@/lib/orders/schemas";
import { DAY_MS, dayKey, dayStart } from "@/lib/shared/utc-day";
import { once } from "@/lib/shared/once";


export type CalendarDay = SlotCalendar["days"][number];

export const addDays = (day: string, days: number) => dayKey(dayStart(day) + days * DAY_MS);

/** The days of a slot of `length` days starting on `start`. */
export function slotDays(start: string, length: number): string[] {
  return Array.from({ length }, (_, i) => addDays(start, i));
}

/** Free seats by day. */
export function freeByDay(days: readonly CalendarDay[]): Map<string, number> {
  return new Map(days.map((d) => [d.day, d.free]));
}

/** Can a slot of `length` days start on `start`? */
export function canStart(free: ReadonlyMap<string, number>, start: string, length: number): boolean {
  return slotDays(start, length).every((day) => (free.get(day) ?? 0) > 0);
}

export type MonthGrid = {
  /** "2026-12" */
  key: string;
  /** "December 2026" */
  title: string;
  /** Weeks from Sunday; null pads the days before the 1st and after the last. */
  weeks: (string | null)[][];
};

const monthTitle = once(() => new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", year: "numeric" }));

/** The months from the first calendar day's to the last's, as weeks of day keys. */
export function monthGrids(first: string, last: string): MonthGrid[] {
  const grids: MonthGrid[] = [];
  let month = first.slice(0, 7);
  while (month <= last.slice(0, 7)) {
    const start = dayStart(`${month}-01`);
    const [year, index] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
    const length = new Date(Date.UTC(year, index, 0)).getUTCDate();
    const cells: (string | null)[] = [...Array<null>(new Date(start).getUTCDay()).fill(null), ...Array.from({ length }, (_, i) => dayKey(start + i * DAY_MS))];
    while (cells.length % 7) cells.push(null);
    grids.push({ key: month, title: monthTitle().format(start), weeks: Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7)) });
    month = dayKey(Date.UTC(year, index, 1)).slice(0, 7);
  }
  return grids;
}
