// Undoing what a paid order did (lib/orders/fulfil.server.ts), when an operator rejects or refunds it:
// the coin its plan listed comes off the site, its slot's featured comparison goes and its days
// are free again, and the posts on X nobody made are no longer owed.
//
// The admin has no "unlist" of its own (operators list and edit coins, never remove them), so the
// coin row is deleted: its price history, featured slots and users' watchlist entries and saved
// comparisons of it go with it (cascade), as they would for a coin that never existed.
import "server-only";
import { DomainError } from "@/lib/errors/domain-error";
import { invalidatePublicData } from "@/lib/cache/invalidate.server";
import { coinsChanged } from "@/lib/coins/coins-changed.server";
import type { PrismaClient } from "@/lib/db/create-client";
import type { ListingOrder } from "@/lib/generated/prisma/client";
import { rerank } from "@/lib/market/pass/pass-writes.server";

/** Statuses in which an order has been paid and may have a listing or a slot on the site. */
const PAID_STATUSES = ["paid", "live", "review"];

/**
 * Refuses (409 order_conflict) to take down a coin that another paid order stands on: a slot
 * bought for it, or compared with it. Deleting the coin would remove those buyers' featured
 * comparisons behind their backs; the operator decides on those orders first. Open quotes do not
 * block it (anyone can make one): their payment goes to review once the coin is gone.
 */
export async function assertNoOrderStandsOn(db: PrismaClient, order: ListingOrder): Promise<void> {
  if (!order.plan || !order.coinId) return;
  const others = await db.listingOrder.findMany({
    where: { id: { not: order.id }, status: { in: PAID_STATUSES }, OR: [{ tokenAddress: order.tokenAddress }, { slotAgainstId: order.coinId }] },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  if (others.length > 0) {
    const ids = others.map((other) => other.id).join(", ");
    throw new DomainError("order_conflict", `Order ${order.id} listed "${order.coinId}", and paid orders ${ids} have a slot with it: reject or refund them first.`);
  }
}

/**
 * Takes down whatever the order put on the site, once, as it leaves paid, live or review (a coin
 * listed again later may have the same id). Safe to run twice meanwhile: what is gone stays gone.
 */
export async function takeDown(db: PrismaClient, orderId: number): Promise<void> {
  // Read now, not before: a fulfilment finishing meanwhile has written the coin it listed.
  const order = await db.listingOrder.findUniqueOrThrow({ where: { id: orderId } });
  await db.orderTask.deleteMany({ where: { orderId, doneAt: null } });
  // The holds are the slot's seats (lib/orders/seats.server.ts): without them its days count as free.
  const [, featured] = await db.$transaction([db.slotHold.deleteMany({ where: { orderId } }), db.featuredComparison.deleteMany({ where: { orderId } })]);
  // A slot alone names a coin the site listed before (coinId); only a plan's coin is the order's own.
  const unlisted = order.plan && order.coinId ? (await db.coin.deleteMany({ where: { id: order.coinId, contractAddress: order.tokenAddress } })).count : 0;
  if (unlisted > 0) {
    await rerank(db);
    await coinsChanged(db);
    invalidatePublicData(["featured"]);
  } else if (featured.count > 0) {
    invalidatePublicData(["featured"]);
  }
}
