// Featured comparison slots, as operators manage them: schedule, list with their status, remove.
// The home page reads running slots itself (lib/compare/featured.server.ts filters by time at read time),
// so a slot starts and stops showing on its own, without any job.
import "server-only";
import { DomainError } from "@/lib/errors/domain-error";
import { assertCoinsExist } from "@/lib/coins/coins-exist.server";
import type { PrismaClient } from "@/lib/db/create-client";
import type { FeaturedSlot, ScheduleFeaturedBody, SlotStatus } from "@/lib/orders/featured-slot-schemas";
import { invalidatePublicData } from "@/lib/cache/invalidate.server";
import { dayKey } from "@/lib/shared/utc-day";
import { FEATURED_SEATS } from "@/lib/orders/catalog";
import { overbookedDay } from "@/lib/orders/seats.server";

const withCoins = {
  coin1: { select: { id: true, symbol: true, name: true } },
  coin2: { select: { id: true, symbol: true, name: true } },
} as const;

type SlotRow = {
  id: number;
  isPromoted: boolean;
  startsAt: Date;
  endsAt: Date | null;
  createdAt: Date;
  coin1: FeaturedSlot["coin1"];
  coin2: FeaturedSlot["coin2"];
};

/** Same rule as the home page's query: started, and not yet ended. */
export function slotStatus(slot: { startsAt: Date; endsAt: Date | null }, now: Date): SlotStatus {
  if (slot.startsAt.getTime() > now.getTime()) return "scheduled";
  if (slot.endsAt && slot.endsAt.getTime() <= now.getTime()) return "ended";
  return "live";
}

function toSlot(row: SlotRow, now: Date): FeaturedSlot {
  return {
    id: row.id,
    coin1: row.coin1,
    coin2: row.coin2,
    isPromoted: row.isPromoted,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    status: slotStatus(row, now),
  };
}

const STATUS_ORDER: Record<SlotStatus, number> = { live: 0, scheduled: 1, ended: 2 };

/** Every slot: live ones first (promoted first), then scheduled by start, then ended, latest first. */
export async function listFeaturedSlots(db: PrismaClient, now = new Date()): Promise<FeaturedSlot[]> {
  const rows = await db.featuredComparison.findMany({ include: withCoins, orderBy: [{ startsAt: "desc" }, { id: "desc" }] });
  return rows
    .map((row) => toSlot(row, now))
    .sort((a, b) => {
      const byStatus = STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
      if (byStatus !== 0) return byStatus;
      if (a.status === "live" && a.isPromoted !== b.isPromoted) return a.isPromoted ? -1 : 1;
      if (a.status === "scheduled") return Date.parse(a.startsAt) - Date.parse(b.startsAt);
      return 0; // the query's order: newest start first
    });
}

/**
 * Schedules a slot. `slot` has passed scheduleFeaturedBodySchema (two different coins, an end
 * after the start); here: not already past. Coins we do not list are 422 unknown_coin.
 */
export async function scheduleFeatured(db: PrismaClient, slot: ScheduleFeaturedBody, now = new Date()): Promise<FeaturedSlot> {
  if (slot.endsAt && slot.endsAt.getTime() <= now.getTime()) {
    throw new DomainError("invalid_input", "endsAt: the slot would already be over; give an end in the future.");
  }
  await assertCoinsExist(db, [slot.coin1Id, slot.coin2Id]);
  const row = await db.featuredComparison.create({
    data: { coin1Id: slot.coin1Id, coin2Id: slot.coin2Id, startsAt: slot.startsAt, endsAt: slot.endsAt ?? null, isPromoted: slot.isPromoted },
    include: withCoins,
  });
  // A promoted slot takes a home-page seat: not one an order holds (paid, or quoted and being
  // paid). Checked with the slot written, so a quote holding a seat meanwhile is seen by one side.
  const overbooked = row.isPromoted ? await overbookedDay(db, row, now) : null;
  if (overbooked) {
    await db.featuredComparison.delete({ where: { id: row.id } });
    throw new DomainError(
      "slot_unavailable",
      `Orders hold ${overbooked.held} of the ${FEATURED_SEATS} Homepage Compare seats on ${dayKey(overbooked.day)}, so a promoted slot then would push a paid comparison off the home page: start it after that day, end it before, or schedule it unpromoted.`,
    );
  }
  invalidatePublicData(["featured"]);
  return toSlot(row, now);
}

/**
 * Removes a slot; 404 when there is none with this id. A slot an order paid for is 409
 * order_conflict: the order queue's reject or refund takes it down with its order, so the buyer
 * is never left with a "live" order whose slot is gone.
 */
export async function removeFeatured(db: PrismaClient, id: number): Promise<void> {
  const { count } = await db.featuredComparison.deleteMany({ where: { id, orderId: null } });
  if (count === 0) {
    const paid = await db.featuredComparison.findUnique({ where: { id }, select: { orderId: true } });
    if (!paid) throw new DomainError("not_found", `No featured slot with id ${id}.`);
    throw new DomainError(
      "order_conflict",
      `Featured slot ${id} was paid for by order ${paid.orderId}: reject or refund that order in the order queue, which takes its slot down with it.`,
    );
  }
  invalidatePublicData(["featured"]);
}
