// Which of a source's days the backfill writes, with what market cap, and the highs they raise.
// Pure: the caller reads the coin and its earliest snapshot, and writes what this returns.
import { raiseAllTimeHigh, type AllTimeHigh } from "../pass/publish";
import { DAY_MS } from "../../shared/utc-day";
import type { DayPoint } from "./day-points";

export type PlannedDay = {
  takenAt: Date;
  price: number;
  marketCap: number;
  /** The market cap is this price times today's supply: the supply that day is unknown. */
  estimated: boolean;
};

export type DayPlan = {
  days: PlannedDay[];
  /** Days with a price but no market cap, left out because the coin has no supply to estimate one. */
  withoutSupply: number;
  /** Holes between the first and last day written, and the days they miss in all. */
  gaps: number;
  missingDays: number;
};

/**
 * The days to write: only those before `before` (the coin's earliest real snapshot: the site's
 * own history wins, the backfill fills what came before; null when it has none, as for a coin
 * with only the seed's sample history, whose days all count as missing) and from `since` on.
 * A day's market cap is the source's, else its price × `supply` (today's circulating supply),
 * marked estimated; without either the day is left out and counted.
 */
export function planDays(points: readonly DayPoint[], options: { before: Date | null; since: Date; supply: number | null }): DayPlan {
  const before = options.before?.getTime() ?? Infinity;
  const supply = options.supply !== null && Number.isFinite(options.supply) && options.supply > 0 ? options.supply : null;
  const days: PlannedDay[] = [];
  let withoutSupply = 0;
  for (const point of points) {
    const at = point.day.getTime();
    if (at >= before || at < options.since.getTime()) continue;
    if (point.marketCap !== null) days.push({ takenAt: point.day, price: point.price, marketCap: point.marketCap, estimated: false });
    else if (supply !== null) days.push({ takenAt: point.day, price: point.price, marketCap: point.price * supply, estimated: true });
    else withoutSupply++;
  }
  return { days, withoutSupply, ...countGaps(days.map((day) => day.takenAt)) };
}

/** Holes in a run of days in time order (a pool's day without trades has no candle). */
export function countGaps(days: readonly Date[]): { gaps: number; missingDays: number } {
  let gaps = 0;
  let missingDays = 0;
  for (let i = 1; i < days.length; i++) {
    const missing = Math.round((days[i]!.getTime() - days[i - 1]!.getTime()) / DAY_MS) - 1;
    if (missing > 0) {
      gaps++;
      missingDays += missing;
    }
  }
  return { gaps, missingDays };
}

/** The coin's highs raised over the planned days (raiseAllTimeHigh never lowers them). */
export function raiseHighsOver(previous: AllTimeHigh, days: readonly PlannedDay[]): AllTimeHigh {
  return days.reduce<AllTimeHigh>((high, day) => raiseAllTimeHigh(high, day.price, day.marketCap, day.takenAt, day.estimated), previous);
}
