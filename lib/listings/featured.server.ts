// Featured comparison slots, as operators manage them: schedule, list with their status, remove.
// The home page reads running slots itself (lib/coins/featured.server.ts filters by time at read time),
// so a slot starts and stops showing on its own, without any job.
import "server-only";
import { ApiError } from "@/lib/api/errors";
import { assertCoinsExist } from "@/lib/account/coins-exist.server";
import type { PrismaClient } from "@/lib/db/create-client";
import type { FeaturedSlot, ScheduleFeaturedBody, SlotStatus } from "@/lib/validation/listings";
import { invalidatePublicData } from "@/lib/cache/invalidate.server";

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
    throw new ApiError("bad_request", "endsAt: the slot would already be over; give an end in the future.");
  }
  await assertCoinsExist(db, [slot.coin1Id, slot.coin2Id]);
  const row = await db.featuredComparison.create({
    data: { coin1Id: slot.coin1Id, coin2Id: slot.coin2Id, startsAt: slot.startsAt, endsAt: slot.endsAt ?? null, isPromoted: slot.isPromoted },
    include: withCoins,
  });
  invalidatePublicData(["featured"]);
  return toSlot(row, now);
}

/** Removes a slot; 404 when there is none with this id. */
export async function removeFeatured(db: PrismaClient, id: number): Promise<void> {
  const { count } = await db.featuredComparison.deleteMany({ where: { id } });
  if (count === 0) throw new ApiError("not_found", `No featured slot with id ${id}.`);
  invalidatePublicData(["featured"]);
}
