// Highs that held (pure). An all-time high is raised only by a price that held: the lowest of the
// coin's published prices over its last HELD_PASSES passes and over at least HELD_MIN_SPAN_MS,
// whichever reaches further back. So a price pushed up in one pool for one pass never becomes a
// high (the passes around it pull the minimum down), and a rise that lasts becomes one about 10
// minutes after it began (the third 5-minute pass at the new level).
//
// Both conditions, not one: three passes alone would be 3 minutes apart when passes run every
// minute (a push held for 3 minutes is cheap), and 10 minutes alone could be a single pass when
// passes are far apart or a coin was skipped. The backfill's daily closes count as held as they are.

import { DAY_MS } from "../../shared/utc-day";

/** A published price of a coin: a pass's snapshot, or the price this pass is about to publish. */
export type PricePoint = { price: number; marketCap: number; takenAt: Date };

export const HELD_PASSES = 3;
export const HELD_MIN_SPAN_MS = 10 * 60_000;

/**
 * How far back a pass reads snapshots for the held price. A coin with no snapshot in that time
 * has no held price this pass (its high waits for passes that see the level again).
 */
export const HELD_LOOKBACK_MS = 60 * 60_000;

export type HeldFigures = { price: number; marketCap: number };

/**
 * The held price and market cap when `current` is published after `previous` (any order), or null
 * when they do not yet span HELD_PASSES passes and HELD_MIN_SPAN_MS: the lowest figures of the
 * window that reaches back to the HELD_PASSES-th pass and to the last pass at least
 * HELD_MIN_SPAN_MS before `current`, whichever is earlier.
 */
export function heldFigures(current: PricePoint, previous: readonly PricePoint[]): HeldFigures | null {
  const earlier = previous.filter((point) => point.takenAt.getTime() < current.takenAt.getTime()).sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  if (earlier.length < HELD_PASSES - 1) return null;
  const spanStart = earlier.find((point) => point.takenAt.getTime() <= current.takenAt.getTime() - HELD_MIN_SPAN_MS);
  if (!spanStart) return null;
  const start = Math.min(earlier[HELD_PASSES - 2]!.takenAt.getTime(), spanStart.takenAt.getTime());
  const window = [current, ...earlier.filter((point) => point.takenAt.getTime() >= start)];
  return { price: Math.min(...window.map((point) => point.price)), marketCap: Math.min(...window.map((point) => point.marketCap)) };
}

/**
 * The earlier points one held window can need: HELD_PASSES passes, or HELD_MIN_SPAN_MS of passes
 * a minute apart (the fastest schedule), plus the one at its start.
 */
const HELD_LOOKBACK_WINDOW = Math.max(HELD_PASSES, HELD_MIN_SPAN_MS / 60_000) + 1;

export type HeldHighs = { athPrice: number; athAt: Date; athMarketCap: number; athMarketCapAt: Date };

/**
 * The highest held price and market cap over a coin's whole record of published prices (its
 * snapshots), each with the time it had held by: what an operator sets a wrong high back to.
 * Null when the record never spans a held window.
 */
export function highestHeld(points: readonly PricePoint[]): HeldHighs | null {
  const sorted = [...points].sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
  let best: HeldHighs | null = null;
  for (let i = 0; i < sorted.length; i++) {
    // A point a day or more after the one before it is a daily close (the backfill's, or what
    // thinning kept of an old day): it counts as held as it is.
    const dailyClose = i > 0 && sorted[i]!.takenAt.getTime() - sorted[i - 1]!.takenAt.getTime() >= DAY_MS;
    const held = dailyClose ? sorted[i]! : heldFigures(sorted[i]!, sorted.slice(Math.max(0, i - HELD_LOOKBACK_WINDOW), i));
    if (!held) continue;
    const at = sorted[i]!.takenAt;
    if (!best) best = { athPrice: held.price, athAt: at, athMarketCap: held.marketCap, athMarketCapAt: at };
    if (held.price > best.athPrice) Object.assign(best, { athPrice: held.price, athAt: at });
    if (held.marketCap > best.athMarketCap) Object.assign(best, { athMarketCap: held.marketCap, athMarketCapAt: at });
  }
  return best;
}
