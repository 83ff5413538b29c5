// The operator's queue (the admin page's orders): every order with its payment, its buyer and the
// posts on X it owes, and the operator's 'Approve' (of an order held for review), 'Reject' and
// 'Cancel' (of an unpaid quote).
// Recording a refund is lib/orders/refunds.server.ts.
import "server-only";
import type { Hash } from "viem";
import { DomainError } from "@/lib/errors/domain-error";
import type { PrismaClient } from "@/lib/db/create-client";
import { configuredListingDeps, type ListingDeps } from "@/lib/listings/coins.server";
import type { ListingOrder, OrderTask, Prisma } from "@/lib/generated/prisma/client";
import { REJECTABLE_STATUSES, type OperatorOrder } from "@/lib/orders/operator-schemas";
import { findMined } from "./chain-reads.server";
import { reclaimIfMined } from "./claims.server";
import { fulfil } from "./fulfil.server";
import { rpcDown } from "./payments.server";
import { toOrder } from "./order-view";
import type { OrderStatus } from "./status";
import { assertNoOrderStandsOn, takeDown } from "./take-down.server";
import { toOrderTask } from "./tasks.server";

/** The most orders one answer lists (newest first). */
export const MAX_QUEUE_ORDERS = 500;

// "listed-post" sorts after "compare-post": descending puts the listed post first.
const withBuyerAndTasks = {
  user: { select: { address: true } },
  tasks: { orderBy: [{ kind: "desc" }, { seq: "asc" }] },
} satisfies Prisma.ListingOrderInclude;
type QueueRow = ListingOrder & { user: { address: string }; tasks: OrderTask[] };

export function toOperatorOrder(row: QueueRow, now: Date): OperatorOrder {
  return { ...toOrder(row, now), buyer: row.user.address, refundTx: row.refundTx, refundedWei: row.refundedWei, tasks: row.tasks.map(toOrderTask) };
}

/**
 * The orders, newest first, all of them or those the buyer sees with `status`. "quoted" and
 * "expired" are read together and told apart as the buyer's view does (an unpaid quote past its
 * time reads "expired" before the sweep writes it).
 */
export async function listOperatorOrders(db: PrismaClient, status?: OrderStatus, now = new Date()): Promise<OperatorOrder[]> {
  const stored: string[] | undefined = status === "quoted" || status === "expired" ? ["quoted", "expired"] : status && [status];
  const where: Prisma.ListingOrderWhereInput = stored ? { status: { in: stored } } : {};
  const rows = await db.listingOrder.findMany({ where, include: withBuyerAndTasks, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: MAX_QUEUE_ORDERS });
  const orders = rows.map((row) => toOperatorOrder(row, now));
  return status ? orders.filter((order) => order.status === status) : orders;
}

export async function operatorOrder(db: PrismaClient, orderId: number, now = new Date()): Promise<OperatorOrder> {
  const row = await db.listingOrder.findUnique({ where: { id: orderId }, include: withBuyerAndTasks });
  if (!row) throw new DomainError("not_found", `No order ${orderId}.`);
  return toOperatorOrder(row, now);
}

const isRejectable = (status: string) => (REJECTABLE_STATUSES as readonly string[]).includes(status);

function notRejectable(order: ListingOrder): DomainError {
  const why: Record<string, string> = {
    quoted: "it is an unpaid quote: cancel it instead",
    expired: "it was never paid",
    rejected: "it is rejected already",
    refunded: "it is refunded already",
  };
  return new DomainError("order_conflict", `Order ${order.id} cannot be rejected: ${why[order.status] ?? `it is ${order.status}`}.`);
}

/**
 * Rejects a paid order with the reason its buyer reads (statusReason), and takes down what it put
 * on the site (lib/orders/take-down.server.ts). Refusals, nothing written: 404, 409 order_conflict for
 * an order not paid, already closed, or whose coin another paid order's slot stands on.
 */
export async function rejectOrder(db: PrismaClient, orderId: number, reason: string, now = new Date()): Promise<OperatorOrder> {
  const order = await db.listingOrder.findUnique({ where: { id: orderId } });
  if (!order) throw new DomainError("not_found", `No order ${orderId}.`);
  if (!isRejectable(order.status)) throw notRejectable(order);
  await assertNoOrderStandsOn(db, order);
  // The status first, and only from where it was: a fulfilment still running then sees the order
  // is no longer paid and undoes its own work (lib/orders/fulfil.server.ts); a second reject loses here.
  const { count } = await db.listingOrder.updateMany({ where: { id: orderId, status: { in: [...REJECTABLE_STATUSES] } }, data: { status: "rejected", statusReason: reason } });
  if (count === 0) throw notRejectable(await db.listingOrder.findUniqueOrThrow({ where: { id: orderId } }));
  await takeDown(db, orderId);
  return operatorOrder(db, orderId, now);
}

/**
 * Cancels an unpaid quote, its payment stuck or not: written "expired" with the reason its buyer
 * reads, its claim on a transaction with no receipt let go and its seats freed. It still takes a
 * payment, as any expired quote: one that arrives later goes to review
 * (lib/orders/payments.server.ts), so no PLS is lost unseen. A claimed transaction that is mined
 * is a payment the chain has (issue 50): the cancel is refused naming it (it settles at the next
 * check, paid or held for review; reject or refund it then), and one mined while the cancel was
 * written is claimed back (lib/orders/claims.server.ts reclaimIfMined). Refusals, nothing
 * written: 404, 409 order_conflict for an order not "quoted" (paid meanwhile: the payment's
 * settlement wins the race) or whose claimed transaction is mined; 503 when the chain does not
 * answer about the claimed transaction.
 */
export async function cancelOrder(db: PrismaClient, orderId: number, reason: string, deps: ListingDeps = configuredListingDeps()): Promise<OperatorOrder> {
  const now = deps.now?.() ?? new Date();
  const order = await db.listingOrder.findUnique({ where: { id: orderId } });
  if (!order) throw new DomainError("not_found", `No order ${orderId}.`);
  const refuse = (status: string) =>
    new DomainError("order_conflict", `Order ${orderId} cannot be cancelled: ${status === "expired" ? "it has expired already" : `it is ${status}; only an unpaid quote is cancelled`}.`);
  if (order.status !== "quoted") throw refuse(order.status);
  const claim = order.paymentTx as Hash | null;
  if (claim) {
    const mined = await findMined(deps.client, claim, rpcDown);
    // A reverted transaction moved nothing: its claim goes as any other.
    if (mined && mined.receipt.status === "success") {
      throw new DomainError(
        "order_conflict",
        `Order ${orderId} cannot be cancelled: its payment ${claim} is mined (block ${mined.receipt.blockNumber}) and is waiting for its confirmations. It settles at the next check, paid or held for review; reject or refund it then.`,
      );
    }
  }
  const { count } = await db.listingOrder.updateMany({
    where: { id: orderId, status: "quoted", paymentTx: claim },
    data: { status: "expired", statusReason: reason, paymentTx: null, paymentNonce: null, paymentClaimedAt: null },
  });
  if (count === 0) {
    const latest = await db.listingOrder.findUniqueOrThrow({ where: { id: orderId } });
    if (latest.status !== "quoted") throw refuse(latest.status);
    throw new DomainError("order_conflict", `Order ${orderId} cannot be cancelled: its payment changed meanwhile (now ${latest.paymentTx ?? "none"}). Look at it again.`);
  }
  await db.slotHold.deleteMany({ where: { orderId } });
  if (claim) await reclaimIfMined(db, orderId, claim, deps.client, now, rpcDown);
  return operatorOrder(db, orderId, now);
}

/**
 * Approves a paid order held for review (underpaid, paid late, or stopped half-way): it is paid
 * again and fulfilled as any paid order is, so it goes live, or back to review with what stood in
 * the way now. The review's reason stays on the order, marked approved. Refusals, nothing
 * written: 404, 409 order_conflict for an order not in review or refunded already.
 */
export async function approveOrder(db: PrismaClient, orderId: number, deps: ListingDeps = configuredListingDeps()): Promise<OperatorOrder> {
  const now = deps.now?.() ?? new Date();
  const order = await db.listingOrder.findUnique({ where: { id: orderId } });
  if (!order) throw new DomainError("not_found", `No order ${orderId}.`);
  const approvable = { id: orderId, status: "review", paymentTx: { not: null }, refundTx: null } satisfies Prisma.ListingOrderWhereInput;
  // Only from review: two approvals at once, or a reject meanwhile, leave one of them nothing to do.
  const { count } = await db.listingOrder.updateMany({
    where: approvable,
    data: { status: "paid", statusReason: order.statusReason ? `Approved after review: ${order.statusReason}` : null },
  });
  if (count === 0) throw new DomainError("order_conflict", `Order ${orderId} cannot be approved: it is ${order.status === "review" ? "refunded already" : order.status}, not held for review.`);
  await fulfil(db, orderId, deps, now);
  return operatorOrder(db, orderId, now);
}
