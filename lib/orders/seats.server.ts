// The home page's featured seats per UTC day (FEATURED_SEATS of them): taken by an operator's
// promoted featured comparison running that day, or held by an order (SlotHold). The home page
// shows promoted comparisons first (lib/compare/featured.server.ts), so the operator's unpromoted ones
// (the seed's, say) only fill the row when no one has paid: they take no seat. Orders' own
// featured comparisons are not counted twice: their seats are their holds.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import type { SlotCalendar } from "@/lib/orders/schemas";
import { addDays, runsOn, utcDay } from "./calendar";
import { dayKey } from "../shared/utc-day";
import { FEATURED_SEATS } from "./catalog";

export type DaySeats = {
  /** Seat numbers an order may still hold that day, lowest first. */
  seats: number[];
  /** Whether an order for this token already holds a seat that day. */
  tokenHeld: boolean;
};

/** Frees the seats of quotes nobody paid in time. */
export async function sweepExpiredHolds(db: PrismaClient, now: Date): Promise<void> {
  await db.slotHold.deleteMany({ where: { expiresAt: { lte: now } } });
}

/** The free seats of each day in `days` (contiguous or not), keyed by dayKey. */
export async function freeSeatsByDay(db: PrismaClient, days: Date[], now: Date, tokenAddress?: string): Promise<Map<string, DaySeats>> {
  const first = days.reduce((a, b) => (a < b ? a : b));
  const end = addDays(days.reduce((a, b) => (a > b ? a : b)), 1);
  const [operatorSlots, holds] = await Promise.all([
    db.featuredComparison.findMany({
      where: { orderId: null, isPromoted: true, startsAt: { lt: end }, OR: [{ endsAt: null }, { endsAt: { gt: first } }] },
      select: { startsAt: true, endsAt: true },
    }),
    db.slotHold.findMany({
      where: { day: { gte: first, lt: end }, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      select: { day: true, seat: true, order: { select: { tokenAddress: true } } },
    }),
  ]);
  const result = new Map<string, DaySeats>();
  for (const day of days) {
    const capacity = Math.max(0, FEATURED_SEATS - operatorSlots.filter((slot) => runsOn(slot, day)).length);
    const held = holds.filter((hold) => hold.day.getTime() === day.getTime());
    result.set(dayKey(day), {
      seats: Array.from({ length: capacity }, (_, seat) => seat).filter((seat) => !held.some((hold) => hold.seat === seat)),
      tokenHeld: tokenAddress !== undefined && held.some((hold) => hold.order.tokenAddress === tokenAddress),
    });
  }
  return result;
}

/** Free seats per day from tomorrow (UTC) for `horizonDays` days: what the form's calendar shows. */
export async function slotCalendar(db: PrismaClient, now: Date, horizonDays: number): Promise<SlotCalendar> {
  const tomorrow = addDays(utcDay(now), 1);
  const days = Array.from({ length: horizonDays }, (_, i) => addDays(tomorrow, i));
  const free = await freeSeatsByDay(db, days, now);
  return { seats: FEATURED_SEATS, days: days.map((day) => ({ day: dayKey(day), free: free.get(dayKey(day))!.seats.length })) };
}

/**
 * The first of `days` with more featured comparisons than seats (live holds plus the operator's
 * promoted slots running that day), with the seats orders hold that day; null when all fit.
 * Whoever wrote last (an operator's slot, a quote's holds) checks this after writing, so of two
 * racing writes at least one sees the other and withdraws.
 */
export async function overfullDay(db: PrismaClient, days: Date[], now: Date): Promise<{ day: Date; held: number } | null> {
  if (days.length === 0) return null;
  const first = days.reduce((a, b) => (a < b ? a : b));
  const end = addDays(days.reduce((a, b) => (a > b ? a : b)), 1);
  const [holds, operatorSlots] = await Promise.all([
    db.slotHold.findMany({ where: { day: { gte: first, lt: end }, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }, select: { day: true } }),
    db.featuredComparison.findMany({
      where: { orderId: null, isPromoted: true, startsAt: { lt: end }, OR: [{ endsAt: null }, { endsAt: { gt: first } }] },
      select: { startsAt: true, endsAt: true },
    }),
  ]);
  for (const day of days) {
    const held = holds.filter((hold) => hold.day.getTime() === day.getTime()).length;
    if (held > 0 && held + operatorSlots.filter((slot) => runsOn(slot, day)).length > FEATURED_SEATS) return { day, held };
  }
  return null;
}

/**
 * The first day an operator's promoted slot running over [startsAt, endsAt), already written,
 * overbooks: only days some order holds a seat on are looked at (the operator's own slots may
 * stack up as they like). Held means paid (kept for good) or quoted and not yet expired: a buyer
 * paying for a quote keeps the seat the quote showed.
 */
export async function overbookedDay(db: PrismaClient, slot: { startsAt: Date; endsAt: Date | null }, now: Date): Promise<{ day: Date; held: number } | null> {
  const from = utcDay(slot.startsAt.getTime() > now.getTime() ? slot.startsAt : now);
  const holds = await db.slotHold.findMany({
    where: { day: { gte: from, ...(slot.endsAt && { lt: slot.endsAt }) }, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    select: { day: true },
    distinct: ["day"],
    orderBy: { day: "asc" },
  });
  return overfullDay(db, holds.map((hold) => hold.day).filter((day) => runsOn(slot, day)), now);
}
