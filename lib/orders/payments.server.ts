// The server checks a payment itself; it never takes the browser's word for it.
//
// A transaction pays an order only when it succeeded on PulseChain (369), came from the order's
// wallet, went to the payment address the quote named, names the order (its amount mod 10^9 is
// the order's id: lib/orders/amount.ts), pays at least the quote, was mined after the quote was
// made, is LISTING_CONFIRMATIONS blocks deep and at or under the node's `safe` block (where the
// node serves that tag; depth alone where it does not), and was mined before the quote expired (or within LISTING_GRACE_MINUTES after it while
// PLS is still within 5% of the quoted price; later, an operator reviews it). A hash pays one
// order at most: the unique index on ListingOrder.paymentTx.
//
// The hash is claimed for the order only after the transaction is seen to come from the buyer
// and to name the order, so nobody can block a payment by submitting its hash (seen pending)
// for an order of their own. A claim whose transaction was replaced or never mines is released,
// and a replacement (same sender, same nonce) that pays the order takes the claim over
// (lib/orders/claims.server.ts).
import "server-only";
import { getAddress, type Hash, type PublicClient, type Transaction } from "viem";
import { DomainError } from "@/lib/errors/domain-error";
import type { SessionUser } from "@/lib/auth/sessions.server";
import type { PrismaClient } from "@/lib/db/create-client";
import { throwDbError } from "@/lib/db/errors";
import { getEnv } from "@/lib/config/env";
import type { ListingOrder } from "@/lib/generated/prisma/client";
import { assertPulseChain, configuredListingDeps, type ListingDeps } from "@/lib/listings/coins.server";
import { PULSECHAIN_CHAIN_ID } from "@/lib/market/onchain/contracts";
import type { Order } from "@/lib/orders/schemas";
import { formatPls, hasQuotedAmount, orderTagOf } from "./amount";
import { findMined, findTransaction, isUnderSafeHead } from "./chain-reads.server";
import { releaseUnminedClaim, swapClaim } from "./claims.server";
import { fulfil } from "./fulfil.server";
import { recordRefusedPayment } from "./unmatched.server";
import { toOrder } from "./order-view";
import { plsPriceUsd } from "./quotes.server";
import { PAYABLE_STATUSES } from "./status";

/** Past the quote, a late payment still counts while PLS is within this of the quoted price. */
export const GRACE_PRICE_BAND = 0.05;

type Verdict = { kind: "paid" } | { kind: "review"; reason: string } | { kind: "waiting"; confirmations: number };

/**
 * Takes `hash` as the payment of the buyer's order `orderId`. Answers the order: paid (and
 * fulfilled, so usually live), held for review, or still quoted with the hash recorded while the
 * transaction gathers confirmations. Refusals (nothing written): 404 for another wallet's order,
 * 409 payment_refused when the order is paid by another transaction or closed, 422
 * payment_refused naming the rule a transaction breaks, 503 when the chain does not answer.
 */
export async function submitPayment(db: PrismaClient, user: SessionUser, orderId: number, hash: Hash, deps: ListingDeps = configuredListingDeps()): Promise<Order> {
  const now = deps.now?.() ?? new Date();
  const order = await db.listingOrder.findFirst({ where: { id: orderId, userId: user.id } });
  if (!order) throw new DomainError("not_found", `You have no order ${orderId}.`);
  if (order.paymentTx === hash) return checkPayment(db, order, deps, now); // the same hash again: the same answer
  if (order.paymentTx && !isPayable(order)) throw new DomainError("payment_conflict", `Order ${orderId} is paid by another transaction (${order.paymentTx}).`);
  if (!isPayable(order)) throw new DomainError("payment_conflict", `Order ${orderId} is ${order.status}: it takes no payment.`);

  await assertPulseChain(deps.client);
  const tx = await readTransaction(deps.client, hash);
  assertPaysOrder(order, tx, user.address);
  // Claimed by another transaction: this one may be its replacement (the wallet's "Speed up").
  const claimed = order.paymentTx ? await swapClaim(db, order, tx, deps.client, now, rpcDown) : await claimPayment(db, order, tx, now);
  return checkPayment(db, claimed, deps, now, tx);
}

const isPayable = (order: ListingOrder) => (PAYABLE_STATUSES as readonly string[]).includes(order.status);

/**
 * Records `hash` as the order's payment, once it is known to be the buyer's and to name the
 * order: claimed only while the order is still unpaid, so a second hash racing this one loses
 * here, and the unique index refuses a hash that paid another order. The same hash claimed
 * twice at once (the tab and the scheduled check): both go on with the one claim.
 */
export async function claimPayment(db: PrismaClient, order: ListingOrder, tx: Transaction, now: Date): Promise<ListingOrder> {
  const hash = tx.hash;
  try {
    await db.listingOrder.updateMany({
      where: { id: order.id, paymentTx: null, status: { in: [...PAYABLE_STATUSES] } },
      data: { paymentTx: hash, paymentNonce: tx.nonce, paymentClaimedAt: now },
    });
  } catch (error) {
    throwDbError(error, { unique: () => new DomainError("payment_conflict", `Transaction ${hash} has already paid another order.`) });
  }
  const claimed = await db.listingOrder.findUniqueOrThrow({ where: { id: order.id } });
  if (claimed.paymentTx !== hash) throw new DomainError("payment_conflict", `Order ${order.id} was just paid by another transaction.`);
  return claimed;
}

/**
 * Looks again at an order's recorded payment: once deep enough, settles it (paid, then
 * fulfilled, or review). The buyer's submission and the scheduled check both come here.
 * `listRefusal` false: the caller (the block scan) lists a refused transfer itself.
 */
export async function checkPayment(db: PrismaClient, order: ListingOrder, deps: ListingDeps, now: Date, known?: Transaction, listRefusal = true): Promise<Order> {
  if (!isPayable(order) || !order.paymentTx) return toOrder(order, now);
  const mined = await findMined(deps.client, order.paymentTx as Hash, rpcDown, known);
  if (!mined) {
    // Still pending; or replaced, or never mining, and then let go.
    const released = await releaseUnminedClaim(db, order, deps.client, now, rpcDown);
    return toOrder(released ? await db.listingOrder.findUniqueOrThrow({ where: { id: order.id } }) : order, now);
  }
  const { tx, receipt, confirmations, minedAt } = mined;
  if (receipt.status !== "success") {
    // A reverted transaction paid nothing: the order goes back to waiting for a payment.
    await db.listingOrder.updateMany({ where: { id: order.id, paymentTx: order.paymentTx }, data: { paymentTx: null, paymentNonce: null, paymentClaimedAt: null } });
    throw new DomainError("payment_refused", `Transaction ${order.paymentTx} reverted: it paid nothing. Send the payment again.`);
  }
  // Block times are whole seconds: a payment in the quote's own second counts.
  if (minedAt.getTime() < Math.floor(order.createdAt.getTime() / 1000) * 1000) {
    const why = `Transaction ${order.paymentTx} was mined before order ${order.id} was quoted: it cannot pay it.`;
    await db.listingOrder.updateMany({ where: { id: order.id, paymentTx: order.paymentTx }, data: { paymentTx: null, paymentNonce: null, paymentClaimedAt: null } });
    // A mined claim let go is recorded with its true reason (issue 50): the scan skipped it while claimed.
    if (listRefusal) await recordRefusedPayment(db, tx, receipt.blockNumber, minedAt, why);
    throw new DomainError("payment_refused", why);
  }
  const deep = confirmations >= getEnv().LISTING_CONFIRMATIONS && (await isUnderSafeHead(deps.client, receipt.blockNumber, rpcDown));
  const verdict = await judge(db, order, tx.value, deep, confirmations, minedAt);
  if (verdict.kind === "waiting") return toOrder(order, now);
  const settled = await db.listingOrder.updateMany({
    where: { id: order.id, status: { in: [...PAYABLE_STATUSES] }, paymentTx: order.paymentTx },
    data: {
      status: verdict.kind === "paid" ? "paid" : "review",
      paidWei: tx.value.toString(),
      paidAt: minedAt,
      statusReason: verdict.kind === "review" ? verdict.reason : overpaymentNote(order, tx.value),
    },
  });
  // Another check settled it first: whatever it decided stands.
  if (settled.count === 1 && verdict.kind === "paid") await fulfil(db, order.id, deps, now);
  return toOrder(await db.listingOrder.findUniqueOrThrow({ where: { id: order.id } }), now);
}

export const rpcDown = () => new DomainError("unavailable", "The PulseChain RPC did not answer. Try again later; your payment is safe on chain.");

async function readTransaction(client: PublicClient, hash: Hash): Promise<Transaction> {
  const tx = await findTransaction(client, hash, rpcDown);
  if (!tx) throw new DomainError("payment_refused", `No transaction ${hash} on PulseChain: check the hash, or wait until your wallet has sent it.`);
  return tx;
}

/** What needs no confirmations: whose it is, where it went, which order it names. */
export function assertPaysOrder(order: ListingOrder, tx: Transaction, buyer: string): void {
  const refuse = (why: string) => new DomainError("payment_refused", `Transaction ${tx.hash} cannot pay order ${order.id}: ${why}.`);
  if (tx.chainId !== undefined && tx.chainId !== PULSECHAIN_CHAIN_ID) throw refuse(`it is for chain ${tx.chainId}, not PulseChain (${PULSECHAIN_CHAIN_ID})`);
  if (getAddress(tx.from) !== getAddress(buyer)) throw refuse("it was not sent from your wallet");
  if (!tx.to || getAddress(tx.to) !== getAddress(order.payTo)) throw refuse(`it was not sent to the payment address ${order.payTo}`);
  if (!hasQuotedAmount(order)) throw refuse("its quote has no amount yet");
  if (orderTagOf(tx.value) !== order.id) throw refuse(`its amount does not name this order (send exactly ${formatPls(BigInt(order.amountWei))} PLS)`);
}

async function judge(db: PrismaClient, order: ListingOrder, value: bigint, deep: boolean, confirmations: number, minedAt: Date): Promise<Verdict> {
  const env = getEnv();
  if (!deep) return { kind: "waiting", confirmations };
  if (!hasQuotedAmount(order)) return { kind: "review", reason: "Paid while the quote had no amount yet." };
  // An expired order with a reason was cancelled by the operator: its payment is theirs to weigh.
  if (order.status === "expired" && order.statusReason) return { kind: "review", reason: `Paid after the quote was cancelled: ${order.statusReason}` };
  const quoted = BigInt(order.amountWei);
  if (value < quoted) return { kind: "review", reason: `Underpaid by ${formatPls(quoted - value)} PLS.` };
  if (minedAt.getTime() <= order.quoteExpiresAt.getTime()) return { kind: "paid" };
  const late = Math.round((minedAt.getTime() - order.quoteExpiresAt.getTime()) / 60_000);
  if (minedAt.getTime() > order.quoteExpiresAt.getTime() + env.LISTING_GRACE_MINUTES * 60_000) {
    return { kind: "review", reason: `Paid ${late} minutes after the quote expired.` };
  }
  const pls = await plsPriceUsd(db);
  const drift = pls === null ? Infinity : Math.abs(pls - order.plsUsd) / order.plsUsd;
  if (drift > GRACE_PRICE_BAND) {
    return { kind: "review", reason: `Paid ${late} minutes after the quote expired, and PLS has moved ${(drift * 100).toFixed(1)}% since the quote.` };
  }
  return { kind: "paid" };
}

function overpaymentNote(order: ListingOrder, value: bigint): string | null {
  const extra = value - BigInt(order.amountWei);
  return extra > 0n ? `Overpaid by ${formatPls(extra)} PLS.` : null;
}
