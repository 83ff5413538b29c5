// What a paid order does: a listing goes live through the operator's own listing function (the
// same reads and cleaning), and a slot is booked as a promoted featured comparison on its held
// days. Anything that stands in the way (the token was listed meanwhile, its pool is gone, the
// days were lost after a late payment) puts the order in front of an operator instead.
import "server-only";
import type { Address } from "viem";
import { ApiError } from "@/lib/api/errors";
import { invalidatePublicData } from "@/lib/cache/invalidate";
import type { PrismaClient } from "@/lib/db/create-client";
import type { ListingOrder } from "@/lib/generated/prisma/client";
import { findListedCoin, listCoin, type ListingDeps } from "@/lib/listings/coins";
import { addDays, daysOfSlot } from "./calendar";
import { holdSeats } from "./quotes";

export async function fulfil(db: PrismaClient, orderId: number, deps: ListingDeps, now: Date): Promise<void> {
  const order = await db.listingOrder.findUniqueOrThrow({ where: { id: orderId } });
  if (order.status !== "paid") return;
  try {
    const coinId = order.plan ? (await listCoin(db, { contractAddress: order.tokenAddress as Address }, deps)).id : await listedCoinId(db, order.tokenAddress);
    await db.listingOrder.update({ where: { id: order.id }, data: { coinId } });
    if (order.slotDays) await bookSlot(db, order, coinId, now);
    await db.listingOrder.update({ where: { id: order.id }, data: { status: "live" } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await db.listingOrder.update({ where: { id: order.id }, data: { status: "review", statusReason: `Paid, but not done: ${error.message}` } });
  }
}

async function listedCoinId(db: PrismaClient, address: string): Promise<string> {
  const coin = await findListedCoin(db, address);
  if (!coin) throw new ApiError("unknown_coin", `${address} is no longer listed.`);
  return coin.id;
}

async function bookSlot(db: PrismaClient, order: ListingOrder, coinId: string, now: Date): Promise<void> {
  const days = daysOfSlot(order.slotStartsOn!, order.slotDays!);
  // The quote's holds become the order's for good; a hold lost after a late payment is held again if free.
  const kept = await db.slotHold.updateMany({ where: { orderId: order.id }, data: { expiresAt: null } });
  if (kept.count !== days.length) {
    await db.slotHold.deleteMany({ where: { orderId: order.id } });
    await holdSeats(db, order.id, { address: order.tokenAddress, symbol: order.tokenSymbol }, days, null, now);
  }
  await db.featuredComparison.create({
    data: { coin1Id: coinId, coin2Id: order.slotAgainstId!, startsAt: days[0]!, endsAt: addDays(days[0]!, days.length), isPromoted: true, orderId: order.id },
  });
  invalidatePublicData(["featured"]);
}
