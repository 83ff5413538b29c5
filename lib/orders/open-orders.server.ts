// The scheduled check of open orders (issue 25): a buyer who paid and closed the tab loses nothing.
// It runs after each market pass on a Node host (lib/market/schedule.server.ts) and on the cron route
// GET /api/cron/orders (Vercel Cron, or any scheduler with the cron secret).
//
// 1. Quotes nobody paid: their holds are freed, and past the grace period they are written
//    "expired" (a late payment found later still reaches review: lib/orders/status.ts).
// 2. Payments already recorded (the tab submitted the hash) are looked at again until deep enough.
// 3. Payments never submitted are found on chain: the blocks since the last check are read for
//    transfers to a payment address whose amount names a watched order and whose sender is that
//    order's wallet (the same rules as a submitted hash; lib/orders/payments.server.ts).
//
// Cost: one block read per new block (about 30 per 5 minutes on PulseChain), none when no order
// is waiting for a payment, and never in proportion to coins or past orders. Several instances
// may run it at once: claims are conditional updates on a unique hash, the cursor only advances.
import "server-only";
import { getAddress, type Block, type Hash, type Transaction } from "viem";
import { ApiError } from "@/lib/api/errors";
import type { PrismaClient } from "@/lib/db/create-client";
import { getEnv } from "@/lib/config/env";
import { runInOrder } from "@/lib/shared/in-batches";
import type { ListingDeps } from "@/lib/listings/coins.server";
import { readMarketState, writeMarketState } from "@/lib/market/state.server";
import { orderTagOf } from "./amount";
import { checkPayment, claimPayment } from "./payments.server";
import { sweepExpiredHolds } from "./seats.server";
import { PAYABLE_STATUSES } from "./status";

/** Unpaid orders are watched for a late payment this long after their quote (it then goes to review). */
export const LATE_PAYMENT_WATCH_DAYS = 7;
/** The most blocks one check reads (about 2 hours of PulseChain); a longer gap is read over the next checks. */
export const MAX_BLOCKS_PER_CHECK = 720;
const BLOCK_READS_IN_FLIGHT = 8;

export type OpenOrdersReport = {
  expired: number;
  /** Orders whose recorded payment was looked at again. */
  rechecked: number;
  /** Blocks read for payments nobody submitted, inclusive; null when no order was waiting. */
  scanned: { from: number; to: number } | null;
  /** Payments found on chain and recorded for their orders. */
  found: number;
  /** Orders that could not be settled this time (the chain did not answer), for the log. */
  errors: string[];
};

export async function checkOpenOrders(db: PrismaClient, deps: ListingDeps, now: Date = deps.now?.() ?? new Date()): Promise<OpenOrdersReport> {
  const report: OpenOrdersReport = { expired: 0, rechecked: 0, scanned: null, found: 0, errors: [] };
  await sweepExpiredHolds(db, now);
  report.expired = await expireUnpaidQuotes(db, now);

  const recorded = await db.listingOrder.findMany({ where: { status: { in: [...PAYABLE_STATUSES] }, paymentTx: { not: null } } });
  for (const order of recorded) {
    await settle(report, order.id, () => checkPayment(db, order, deps, now));
    report.rechecked++;
  }
  await scanForPayments(db, deps, now, report);
  return report;
}

/** Writes "expired" on quotes with no payment recorded once their grace period is over too. */
async function expireUnpaidQuotes(db: PrismaClient, now: Date): Promise<number> {
  const graceOver = new Date(now.getTime() - getEnv().LISTING_GRACE_MINUTES * 60_000);
  const { count } = await db.listingOrder.updateMany({ where: { status: "quoted", paymentTx: null, quoteExpiresAt: { lte: graceOver } }, data: { status: "expired" } });
  return count;
}

async function scanForPayments(db: PrismaClient, deps: ListingDeps, now: Date, report: OpenOrdersReport): Promise<void> {
  const watched = await db.listingOrder.findMany({
    where: { status: { in: [...PAYABLE_STATUSES] }, paymentTx: null, createdAt: { gte: new Date(now.getTime() - LATE_PAYMENT_WATCH_DAYS * 86_400_000) } },
    include: { user: { select: { address: true } } },
  });
  const head = Number(await deps.client.getBlockNumber());
  const cursor = (await readMarketState(db, "listing-payments-scanned"))?.block ?? null;
  if (watched.length === 0) {
    // Nothing to look for: the next order is made after this head, so no block before it matters.
    await advanceCursor(db, cursor, head);
    return;
  }
  const from = cursor === null ? Math.max(0, head - MAX_BLOCKS_PER_CHECK + 1) : cursor + 1;
  const to = Math.min(head, from + MAX_BLOCKS_PER_CHECK - 1);
  if (from > to) return;

  // An order is named by its amount's tag (its id), sent from its wallet to its payment address.
  const byId = new Map(watched.map((order) => [order.id, order]));
  const payTos = new Set(watched.map((order) => getAddress(order.payTo)));
  const matches: { orderId: number; tx: Transaction }[] = [];
  await runInOrder(to - from + 1, BLOCK_READS_IN_FLIGHT, async (i) => {
    const block: Block<bigint, true> = await deps.client.getBlock({ blockNumber: BigInt(from + i), includeTransactions: true });
    for (const tx of block.transactions) {
      if (!tx.to || !payTos.has(getAddress(tx.to))) continue;
      const order = byId.get(orderTagOf(tx.value));
      if (order && getAddress(tx.to) === getAddress(order.payTo) && getAddress(tx.from) === getAddress(order.user.address)) {
        matches.push({ orderId: order.id, tx: tx as Transaction });
      }
    }
  });
  for (const { orderId, tx } of matches) {
    await settle(report, orderId, async () => {
      const claimed = await claimPayment(db, byId.get(orderId)!, tx.hash as Hash);
      report.found++;
      return checkPayment(db, claimed, deps, now, tx);
    });
  }
  report.scanned = { from, to };
  await advanceCursor(db, cursor, to);
}

/** One order's failure (the chain, a reverted payment, a hash already used) does not stop the others. */
async function settle(report: OpenOrdersReport, orderId: number, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    report.errors.push(`order ${orderId}: ${error.message}`);
  }
}

async function advanceCursor(db: PrismaClient, cursor: number | null, block: number): Promise<void> {
  if (cursor !== null && cursor >= block) return;
  await writeMarketState(db, "listing-payments-scanned", { block });
}

/** One log line for a check that did something, null for one that did not. */
export function summarizeOrderCheck(report: OpenOrdersReport): string | null {
  if (report.expired + report.found + report.rechecked + report.errors.length === 0) return null;
  const parts = [`${report.found} payments found`, `${report.rechecked} rechecked`, `${report.expired} expired`];
  if (report.scanned) parts.push(`blocks ${report.scanned.from}-${report.scanned.to} read`);
  if (report.errors.length > 0) parts.push(`not settled: ${report.errors.join("; ")}`);
  return `[orders] ${parts.join(", ")}`;
}
