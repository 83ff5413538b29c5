// A payment's claim on its order (issue 38): the hash is recorded while its transaction is still
// pending, so the claim must end when that transaction can no longer pay, or the order would stay
// "quoted" for good.
//
// - Replaced: a transaction from the buyer with the claim's nonce has been mined instead (the
//   wallet's "Speed up" or "Cancel"): the claim is released at the next look. A replacement that
//   pays the order takes the claim over (swapClaim): from the payment page, from the scheduled
//   check's block scan, or released first and then found as any unsubmitted payment.
// - Not mined CLAIM_RELEASE_MINUTES after it was claimed (the node dropped it, or its fee is too
//   low to ever mine): released. If it mines later, the scan finds it like any unsubmitted payment
//   (a late one goes to review), so nothing is lost by letting go.
// A released order is an unpaid quote again: it expires like any other.
//
// A claim is let go only while its transaction has no receipt (issue 50): the scan skips a claimed
// transaction's block, so a mined one released would be lost once the scan's cursor is past it.
// Every release reads the receipt again right after it (reclaimIfMined): one mined in between is
// claimed back, and the order's next look settles it (paid, or review).
import "server-only";
import type { Hash, PublicClient, Transaction } from "viem";
import { DomainError } from "@/lib/errors/domain-error";
import type { PrismaClient } from "@/lib/db/create-client";
import { isUniqueViolation, throwDbError } from "@/lib/db/errors";
import type { ListingOrder } from "@/lib/generated/prisma/client";
import { findMined, findTransaction } from "./chain-reads.server";
import { PAYABLE_STATUSES } from "./status";

/** An unmined claim is let go this long after it was made (a quote lasts 15 minutes). */
export const CLAIM_RELEASE_MINUTES = 30;

const claimedAt = (order: ListingOrder) => order.paymentClaimedAt ?? order.createdAt;

/**
 * For a claim whose transaction has no receipt: releases it when its nonce is used by another
 * mined transaction of the buyer, or when it is older than CLAIM_RELEASE_MINUTES. True when
 * released (by this call or meanwhile by another).
 */
export async function releaseUnminedClaim(db: PrismaClient, order: ListingOrder, client: PublicClient, now: Date, down: (error: unknown) => DomainError): Promise<boolean> {
  const hash = order.paymentTx as Hash;
  const stale = now.getTime() - claimedAt(order).getTime() >= CLAIM_RELEASE_MINUTES * 60_000;
  let replaced = false;
  if (!stale && order.paymentNonce !== null) {
    const buyer = await db.user.findUniqueOrThrow({ where: { id: order.userId }, select: { address: true } });
    let mined: number;
    try {
      mined = await client.getTransactionCount({ address: buyer.address as Hash, blockTag: "latest" });
    } catch (error) {
      throw down(error);
    }
    // Read after the count: a claim mined between the two reads has its receipt by now.
    replaced = mined > order.paymentNonce && (await findMined(client, hash, down)) === null;
  }
  if (!stale && !replaced) return false;
  await db.listingOrder.updateMany({ where: { id: order.id, paymentTx: hash }, data: { paymentTx: null, paymentNonce: null, paymentClaimedAt: null } });
  if (stale) await reclaimIfMined(db, order.id, hash, client, now, down);
  return true;
}

/**
 * Right after a claim on `hash` was let go: a transaction that has a successful receipt by now
 * (mined between the last look and the release) is claimed for the order again, so the payment the
 * chain has is never dropped. True when claimed again.
 */
export async function reclaimIfMined(db: PrismaClient, orderId: number, hash: Hash, client: PublicClient, now: Date, down: (error: unknown) => DomainError): Promise<boolean> {
  const mined = await findMined(client, hash, down);
  if (!mined || mined.receipt.status !== "success") return false;
  try {
    const { count } = await db.listingOrder.updateMany({
      where: { id: orderId, paymentTx: null, status: { in: [...PAYABLE_STATUSES] } },
      data: { paymentTx: hash, paymentNonce: mined.tx.nonce, paymentClaimedAt: now },
    });
    return count === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false; // it pays another order: recorded there
    throw error;
  }
}

/**
 * Hands the order's claim from its current transaction to `tx`, a transaction of the buyer with
 * the same nonce (checked by the caller to pay the order): only while the claimed transaction is
 * unmined, which a mined transaction with its nonce guarantees for good. 409 payment_conflict
 * otherwise, nothing written.
 */
export async function swapClaim(db: PrismaClient, order: ListingOrder, tx: Transaction, client: PublicClient, now: Date, down: (error: unknown) => DomainError): Promise<ListingOrder> {
  const current = order.paymentTx as Hash;
  const conflict = () => new DomainError("payment_conflict", `Order ${order.id} is paid by another transaction (${current}).`);
  // Claims made before nonces were recorded: read it, while the node still knows it.
  const nonce = order.paymentNonce ?? (await findTransaction(client, current, down))?.nonce ?? null;
  if (nonce === null || tx.nonce !== nonce) throw conflict();
  if ((await findMined(client, current, down)) !== null) throw conflict();
  try {
    const { count } = await db.listingOrder.updateMany({
      where: { id: order.id, paymentTx: current, status: { in: [...PAYABLE_STATUSES] } },
      data: { paymentTx: tx.hash, paymentNonce: tx.nonce, paymentClaimedAt: now },
    });
    if (count === 1) return db.listingOrder.findUniqueOrThrow({ where: { id: order.id } });
  } catch (error) {
    throwDbError(error, { unique: () => new DomainError("payment_conflict", `Transaction ${tx.hash} has already paid another order.`) });
  }
  // Changed meanwhile: the same swap made by another caller answers alike.
  const latest = await db.listingOrder.findUniqueOrThrow({ where: { id: order.id } });
  if (latest.paymentTx === tx.hash) return latest;
  throw conflict();
}
