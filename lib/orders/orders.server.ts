// A buyer's own orders: only ever the signed-in wallet's.
import "server-only";
import type { SessionUser } from "@/lib/auth/sessions.server";
import type { PrismaClient } from "@/lib/db/create-client";
import type { Order } from "@/lib/orders/schemas";
import { toOrder } from "./order-view";

/** The most orders one answer lists (newest first). */
export const MAX_LISTED_ORDERS = 100;

export async function listOwnOrders(db: PrismaClient, user: SessionUser, now = new Date()): Promise<Order[]> {
  const rows = await db.listingOrder.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: MAX_LISTED_ORDERS });
  return rows.map((row) => toOrder(row, now));
}
