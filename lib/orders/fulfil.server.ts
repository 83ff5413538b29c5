// What a paid order does: a listing goes live through the operator's own listing function (the
// same reads and cleaning), and a slot is booked as a promoted featured comparison on its held
// days. Anything that stands in the way (the token was listed meanwhile, its pool is gone, the
// days were lost after a late payment) puts the order in front of an operator instead. A live
// plan queues its posts on X for the operator (lib/orders/tasks.server.ts).
import "server-only";
import type { Address } from "viem";
import { DomainError } from "@/lib/errors/domain-error";
import { invalidatePublicData } from "@/lib/cache/invalidate.server";
import type { PrismaClient } from "@/lib/db/create-client";
import { isRecordNotFound } from "@/lib/db/errors";
import type { ListingOrder } from "@/lib/generated/prisma/client";
import { findListedCoin, listCoin, type ListingDeps } from "@/lib/listings/coins.server";
import { addDays, daysOfSlot } from "./calendar";
import { holdSeats } from "./quotes.server";
import { takeDown } from "./take-down.server";
import { tasksOwed } from "./tasks.server";

export async function fulfil(db: PrismaClient, orderId: number, deps: ListingDeps, now: Date): Promise<void> {
  const order = await db.listingOrder.findUniqueOrThrow({ where: { id: orderId } });
  if (order.status !== "paid") return;
  try {
    const coinId = order.plan ? (await listCoin(db, { contractAddress: order.tokenAddress as Address }, deps)).id : await listedCoinId(db, order.tokenAddress);
    await db.listingOrder.update({ where: { id: order.id }, data: { coinId } });
    if (order.slotDays) await bookSlot(db, order, coinId, now);
    if (!(await goLive(db, order))) await takeDown(db, order.id);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const held = await db.listingOrder.updateMany({ where: { id: order.id, status: "paid" }, data: { status: "review", statusReason: `Paid, but not done: ${error.message}` } });
    if (held.count === 0) await takeDown(db, order.id); // rejected meanwhile: undo what was done
  }
}

/**
 * Live, with the plan's posts on X queued for the operator in the same transaction: a live order
 * never lacks its tasks, and their unique key (order, kind, number) refuses a second set. Only
 * while the order is still paid: false when an operator rejected it meanwhile (what was just
 * listed or booked is then taken down again).
 */
async function goLive(db: PrismaClient, order: ListingOrder): Promise<boolean> {
  const tasks = tasksOwed(order.plan).map((task) => ({ ...task, orderId: order.id }));
  try {
    await db.$transaction([db.listingOrder.update({ where: { id: order.id, status: "paid" }, data: { status: "live" } }), db.orderTask.createMany({ data: tasks })]);
    return true;
  } catch (error) {
    if (isRecordNotFound(error)) return false; // no longer paid: the batch wrote nothing
    throw error;
  }
}

async function listedCoinId(db: PrismaClient, address: string): Promise<string> {
  const coin = await findListedCoin(db, address);
  if (!coin) throw new DomainError("unknown_coin", `${address} is no longer listed.`);
  return coin.id;
}

async function bookSlot(db: PrismaClient, order: ListingOrder, coinId: string, now: Date): Promise<void> {
  const days = daysOfSlot(order.slotStartsOn!, order.slotDays!);
  // The coin it is compared with may have been taken down since the quote (lib/orders/take-down.server.ts).
  if (!(await db.coin.findUnique({ where: { id: order.slotAgainstId! }, select: { id: true } }))) {
    throw new DomainError("unknown_coin", `"${order.slotAgainstId}", which the slot compares with, is no longer listed.`);
  }
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
