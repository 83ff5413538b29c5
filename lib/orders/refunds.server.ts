// An operator records a refund by its transaction hash; the server reads the transaction on chain
// and accepts it only as a refund of this order: succeeded, on PulseChain (369), sent from the
// payment address the order was paid to, to the buyer's wallet, with some PLS, mined after the
// payment. A hash refunds one order at most (the unique index on ListingOrder.refundTx).
//
// Refundable: orders in review and rejected ones (paid, with paymentTx). A live order is rejected
// first, which takes it down and tells the buyer why; a refund recorded for an order in review
// takes down whatever it had put on the site, as a reject does, and keeps the review's reason.
import "server-only";
import { getAddress, type Hash, type PublicClient } from "viem";
import { DomainError } from "@/lib/errors/domain-error";
import type { PrismaClient } from "@/lib/db/create-client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { ListingOrder } from "@/lib/generated/prisma/client";
import { shortMessage } from "@/lib/market/onchain/client.server";
import { assertPulseChain, configuredListingDeps, type ListingDeps } from "@/lib/listings/coins.server";
import { PULSECHAIN_CHAIN_ID } from "@/lib/market/onchain/contracts";
import { REFUNDABLE_STATUSES, type OperatorOrder } from "@/lib/orders/operator-schemas";
import { findMined, findTransaction, type MinedTransaction } from "./chain-reads.server";
import { operatorOrder } from "./operator-queue.server";
import { assertNoOrderStandsOn, takeDown } from "./take-down.server";

/**
 * Records `hash` as the refund of order `orderId`. Refusals, nothing written: 404; 409
 * order_conflict for an order never paid, live (reject it first) or refunded by another
 * transaction; 422 payment_refused naming the rule the transaction breaks; 409 payment_conflict
 * when the hash is another order's refund; 503 when the chain does not answer. The same hash
 * again answers the order as it stands.
 */
export async function recordRefund(db: PrismaClient, orderId: number, hash: Hash, deps: ListingDeps = configuredListingDeps()): Promise<OperatorOrder> {
  const now = deps.now?.() ?? new Date();
  const order = await db.listingOrder.findUnique({ where: { id: orderId }, include: { user: { select: { address: true } } } });
  if (!order) throw new DomainError("not_found", `No order ${orderId}.`);
  if (order.refundTx === hash) return operatorOrder(db, orderId, now);
  assertRefundable(order);
  // A rejected order was taken down when it was rejected; one in review may still have a listing up.
  const takesDown = order.status === "review";
  if (takesDown) await assertNoOrderStandsOn(db, order);

  await assertPulseChain(deps.client);
  const mined = await readMined(deps.client, hash);
  assertRefunds(order, order.user.address, mined);
  let claimed: number;
  try {
    ({ count: claimed } = await db.listingOrder.updateMany({
      where: { id: orderId, refundTx: null, status: { in: [...REFUNDABLE_STATUSES] } },
      data: { status: "refunded", refundTx: hash, refundedWei: mined.tx.value.toString() },
    }));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const other = await db.listingOrder.findUnique({ where: { refundTx: hash }, select: { id: true } });
    throw new DomainError("payment_conflict", `Transaction ${hash} is recorded already as the refund of order ${other?.id ?? "another order"}.`);
  }
  if (claimed === 0) {
    // Changed since it was read: the same hash recorded at once twice answers alike; else why not.
    const current = await db.listingOrder.findUniqueOrThrow({ where: { id: orderId } });
    if (current.refundTx === hash) return operatorOrder(db, orderId, now);
    assertRefundable(current);
  }
  if (takesDown) await takeDown(db, orderId);
  return operatorOrder(db, orderId, now);
}

function assertRefundable(order: ListingOrder): void {
  const conflict = (why: string) => new DomainError("order_conflict", `Order ${order.id} cannot be refunded: ${why}.`);
  if (order.refundTx) throw conflict(`its refund is recorded already (${order.refundTx})`);
  if (!order.paymentTx || order.status === "quoted" || order.status === "expired") throw conflict("it was never paid");
  if (order.status === "live" || order.status === "paid") throw conflict(`it is ${order.status}: reject it first, which takes it down and tells the buyer why`);
  if (!(REFUNDABLE_STATUSES as readonly string[]).includes(order.status)) throw conflict(`it is ${order.status}`);
}

function assertRefunds(order: ListingOrder, buyer: string, { tx, receipt, minedAt }: MinedTransaction): void {
  const refuse = (why: string) => new DomainError("payment_refused", `Transaction ${tx.hash} cannot refund order ${order.id}: ${why}.`);
  if (tx.chainId !== undefined && tx.chainId !== PULSECHAIN_CHAIN_ID) throw refuse(`it is for chain ${tx.chainId}, not PulseChain (${PULSECHAIN_CHAIN_ID})`);
  if (getAddress(tx.from) !== getAddress(order.payTo)) throw refuse(`it was not sent from the payment address ${order.payTo}`);
  if (!tx.to || getAddress(tx.to) !== getAddress(buyer)) throw refuse(`it was not sent to the buyer's wallet ${getAddress(buyer)}`);
  if (receipt.status !== "success") throw refuse("it reverted, so it moved no PLS");
  if (tx.value === 0n) throw refuse("it sent no PLS");
  if (order.paidAt && minedAt.getTime() < order.paidAt.getTime()) throw refuse("it was mined before the order was paid");
  // The amount is stored as sent: more or less than was paid is the operator's call (the queue shows both).
}

const rpcDown = (error: unknown) => new DomainError("unavailable", `The PulseChain RPC did not answer (${shortMessage(error)}). Try again later.`);

/** The transaction, its receipt and its block's time; 422 when it is unknown or not mined yet. */
async function readMined(client: PublicClient, hash: Hash): Promise<MinedTransaction> {
  const tx = await findTransaction(client, hash, rpcDown);
  if (!tx) throw new DomainError("payment_refused", `No transaction ${hash} on PulseChain: check the hash.`);
  const mined = await findMined(client, hash, rpcDown, tx);
  if (!mined) throw new DomainError("payment_refused", `Transaction ${hash} is not mined yet: record the refund once it is.`);
  return mined;
}
