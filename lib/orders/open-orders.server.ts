// The scheduled check of open orders (issue 25): a buyer who paid and closed the tab loses nothing.
// It runs after each market pass on a Node host (lib/jobs/schedule.server.ts) and on the cron route
// GET /api/cron/orders (Vercel Cron, or any scheduler with the cron secret).
//
// 1. Quotes nobody paid: their holds are freed, and past the grace period they are written
//    "expired" (a late payment found later still reaches review: lib/orders/status.ts). An order a
//    crash left "quoting" (its amount never written) is written "expired" once its quote's time is
//    over (QUOTE_MINUTES, 15, after it was made: a quote is written in one request of seconds, so
//    none still being written is swept); it never took a payment, so it waits for no grace.
// 2. Payments already recorded (the tab submitted the hash) are looked at again until deep enough,
//    at most RECHECK_LIMIT of them a run, least recently looked at first, RECHECKS_IN_FLIGHT at a
//    time, and none started after RECHECK_BUDGET_MS: stuck claims cannot crowd out step 3. A claim
//    that was replaced or never mines is released here (lib/orders/claims.server.ts).
// 3. Payments never submitted are found on chain: the blocks since the last check are read for
//    transfers to a payment address whose amount names a watched order and whose sender is that
//    order's wallet (the same rules as a submitted hash; lib/orders/payments.server.ts). A mined
//    transfer with the nonce of an order's unmined claim is its replacement and takes the claim.
//    This step runs on every check, whatever step 2 left over. A transfer whose matching failed
//    because the node did not answer (not for anything about the payment) is not judged: the
//    cursor stops before its block, and the next check reads that block again (claims and
//    unmatched rows are keyed by hash, so reading a block twice records nothing twice).
//
// 4. Every transfer to a payment address in those blocks that paid no order (a second payment, one
//    naming no order, one from another wallet, ...) is recorded once for the operator queue, and so
//    is a rise of the address's balance that no transaction explains (PLS sent through a contract):
//    lib/orders/unmatched.server.ts.
//
// Cost: one block read per new block (about 30 per 5 minutes on PulseChain), at most
// MAX_BLOCKS_PER_CHECK a run, read whether or not an order is waiting (step 4 needs them); two
// balance reads per payment address and one receipt per transaction sent from it; never in
// proportion to coins or past orders. Several instances
// may run it at once: claims are conditional updates on a unique hash, the cursor only advances.
import "server-only";
import { getAddress, type Block, type Transaction } from "viem";
import { DomainError } from "@/lib/errors/domain-error";
import type { PrismaClient } from "@/lib/db/create-client";
import { getEnv } from "@/lib/config/env";
import { runInOrder } from "@/lib/shared/in-batches";
import type { ListingDeps } from "@/lib/listings/coins.server";
import { shortMessage } from "@/lib/chain/short-message";
import { readMarketState, writeMarketState } from "@/lib/market/state.server";
import { orderTagOf } from "./amount";
import { swapClaim } from "./claims.server";
import { checkPayment, claimPayment, rpcDown } from "./payments.server";
import { sweepExpiredHolds } from "./seats.server";
import { explainUnmatched, recordUnmatched, unexplainedRise, type SeenTransfer } from "./unmatched.server";
import { PAYABLE_STATUSES, QUOTING_STATUS } from "./status";

/** Unpaid orders are watched for a late payment this long after their quote (it then goes to review). */
export const LATE_PAYMENT_WATCH_DAYS = 7;
/** The most blocks one check reads (about 2 hours of PulseChain); a longer gap is read over the next checks. */
export const MAX_BLOCKS_PER_CHECK = 720;
const BLOCK_READS_IN_FLIGHT = 8;
/** The most recorded payments one check looks at again, and how many at once. */
export const RECHECK_LIMIT = 100;
const RECHECKS_IN_FLIGHT = 8;
/** No recheck starts this long after the check began (Vercel stops the cron route at 60 s). */
export const RECHECK_BUDGET_MS = 20_000;

export type OpenOrdersReport = {
  expired: number;
  /** Orders whose recorded payment was looked at again. */
  rechecked: number;
  /** Recorded payments left for the next check (over RECHECK_LIMIT or RECHECK_BUDGET_MS). */
  deferred: number;
  /** Claims let go: their transaction was replaced or never mined (lib/orders/claims.server.ts). */
  released: number;
  /** Blocks read for payments nobody submitted and unmatched transfers, inclusive; null when none was new. */
  scanned: { from: number; to: number } | null;
  /** Payments found on chain and recorded for their orders (not those that turned out reverted). */
  found: number;
  /** Transfers to a payment address that paid no order, newly recorded for the operator queue (listed). */
  unmatched: number;
  /** Of those, transfers under the dust floor (1 PLS): counted on the operator's list, not listed. */
  dust: number;
  /** Orders that could not be settled this time (the chain did not answer), for the log. */
  errors: string[];
};

export async function checkOpenOrders(db: PrismaClient, deps: ListingDeps, now: Date = deps.now?.() ?? new Date()): Promise<OpenOrdersReport> {
  const report: OpenOrdersReport = { expired: 0, rechecked: 0, deferred: 0, released: 0, scanned: null, found: 0, unmatched: 0, dust: 0, errors: [] };
  await sweepExpiredHolds(db, now);
  await recheckRecorded(db, deps, now, report);
  // After the rechecks: an order whose claim was just released expires in the same check.
  report.expired = await expireUnpaidQuotes(db, now);
  await scanForPayments(db, deps, now, report);
  return report;
}

/** Step 2, bounded in count and time; the least recently looked at go first, so every claim gets its turn. */
async function recheckRecorded(db: PrismaClient, deps: ListingDeps, now: Date, report: OpenOrdersReport): Promise<void> {
  const recorded = { status: { in: [...PAYABLE_STATUSES] }, paymentTx: { not: null } };
  const total = await db.listingOrder.count({ where: recorded });
  const due = await db.listingOrder.findMany({ where: recorded, orderBy: [{ paymentCheckedAt: "asc" }, { id: "asc" }], take: RECHECK_LIMIT });
  const deadline = Date.now() + RECHECK_BUDGET_MS;
  await runInOrder(due.length, RECHECKS_IN_FLIGHT, async (i) => {
    if (Date.now() > deadline) return;
    const order = due[i]!;
    await db.listingOrder.updateMany({ where: { id: order.id, paymentTx: order.paymentTx }, data: { paymentCheckedAt: new Date() } });
    await settle(report, order.id, async () => {
      const checked = await checkPayment(db, order, deps, now);
      if (checked.paymentTx === null) report.released++;
    });
    report.rechecked++;
  });
  report.deferred = total - report.rechecked;
}

/**
 * Writes "expired" on quotes with no payment recorded once their grace period is over too, and on
 * orders a crash left "quoting" once their quote's time is over.
 */
async function expireUnpaidQuotes(db: PrismaClient, now: Date): Promise<number> {
  const graceOver = new Date(now.getTime() - getEnv().LISTING_GRACE_MINUTES * 60_000);
  const { count } = await db.listingOrder.updateMany({ where: { status: "quoted", paymentTx: null, quoteExpiresAt: { lte: graceOver } }, data: { status: "expired" } });
  const stranded = await db.listingOrder.updateMany({ where: { status: QUOTING_STATUS, quoteExpiresAt: { lte: now } }, data: { status: "expired" } });
  return count + stranded.count;
}

async function scanForPayments(db: PrismaClient, deps: ListingDeps, now: Date, report: OpenOrdersReport): Promise<void> {
  // Orders with a claim are watched too: a mined transfer with the claim's nonce replaced it.
  const watched = await db.listingOrder.findMany({
    where: { status: { in: [...PAYABLE_STATUSES] }, createdAt: { gte: new Date(now.getTime() - LATE_PAYMENT_WATCH_DAYS * 86_400_000) } },
    include: { user: { select: { address: true } } },
  });
  const configured = getEnv().LISTING_PAYMENT_ADDRESS;
  // The payment addresses: today's and those open orders were quoted with.
  const payTos = new Set([...(configured ? [getAddress(configured)] : []), ...watched.map((order) => getAddress(order.payTo))]);
  const head = Number(await deps.client.getBlockNumber());
  const cursor = (await readMarketState(db, "listing-payments-scanned"))?.block ?? null;
  if (payTos.size === 0) {
    // No payment address at all: nothing can arrive that matters.
    await advanceCursor(db, cursor, head);
    return;
  }
  // Read even when no order waits: a second payment or a stray transfer is recorded as unmatched.
  const from = cursor === null ? Math.max(0, head - MAX_BLOCKS_PER_CHECK + 1) : cursor + 1;
  const to = Math.min(head, from + MAX_BLOCKS_PER_CHECK - 1);
  if (from > to) return;

  // An order is named by its amount's tag (its id), sent from its wallet to its payment address.
  const byId = new Map(watched.map((order) => [order.id, order]));
  const matches: { orderId: number; tx: Transaction }[] = [];
  const incoming: SeenTransfer[] = [];
  const outgoing: Transaction[] = [];
  const blockTimes = new Map<number, Date>();
  await runInOrder(to - from + 1, BLOCK_READS_IN_FLIGHT, async (i) => {
    const block: Block<bigint, true> = await deps.client.getBlock({ blockNumber: BigInt(from + i), includeTransactions: true });
    const minedAt = new Date(Number(block.timestamp) * 1000);
    blockTimes.set(from + i, minedAt);
    for (const tx of block.transactions) {
      if (payTos.has(getAddress(tx.from))) outgoing.push(tx as Transaction);
      if (!tx.to || !payTos.has(getAddress(tx.to))) continue;
      incoming.push({ tx: tx as Transaction, minedAt });
      const order = byId.get(orderTagOf(tx.value));
      if (!order || getAddress(tx.to) !== getAddress(order.payTo) || getAddress(tx.from) !== getAddress(order.user.address)) continue;
      // A claimed order takes only its claim's replacement here (a second payment is no payment of it).
      if (order.paymentTx === null || (order.paymentTx !== tx.hash && order.paymentNonce === tx.nonce)) matches.push({ orderId: order.id, tx: tx as Transaction });
    }
  });
  const failed = new Map<string, string>();
  // Blocks holding a transfer whose matching the node left undecided: read again next time.
  const undecided: number[] = [];
  for (const { orderId, tx } of matches) {
    await settle(report, orderId, async () => {
      const order = byId.get(orderId)!;
      const claimed = order.paymentTx ? await swapClaim(db, order, tx, deps.client, now, rpcDown) : await claimPayment(db, order, tx, now);
      await checkPayment(db, claimed, deps, now, tx, false); // a refusal is listed below, with the block's others
      report.found++; // only once it is known to have paid: a reverted one throws above
    }, (why) => {
      // A reverted transfer moved no PLS: nothing to list.
      if (!why.includes(" reverted: ")) failed.set(tx.hash, why);
    }, () => undecided.push(Number(tx.blockNumber)));
  }
  // The scan ends before the first undecided block: nothing in it or after it is judged now.
  const end = undecided.length > 0 ? Math.min(...undecided) - 1 : to;
  if (undecided.length > 0) report.errors.push(`block ${end + 1} is read again next time (the node did not answer while matching its payment)`);
  if (end < from) return;
  const upToEnd = (tx: Transaction) => Number(tx.blockNumber) <= end;
  // Whatever paid no order is recorded once for the operator queue, with why (lib/orders/unmatched.server.ts).
  const seen = incoming.filter(({ tx }) => upToEnd(tx));
  const unmatched = await explainUnmatched(db, seen, failed, LATE_PAYMENT_WATCH_DAYS);
  for (const address of payTos) {
    const mine = (tx: Transaction) => getAddress(tx.from) === address && upToEnd(tx);
    const rise = await unexplainedRise(deps.client, address, from, end, {
      incoming: seen.filter(({ tx }) => getAddress(tx.to!) === address).map(({ tx }) => tx),
      outgoing: outgoing.filter(mine),
    }, blockTimes.get(end) ?? now).catch((error: unknown) => {
      report.errors.push(`balance of ${address} not read: ${shortMessage(error)}`);
      return null;
    });
    if (rise) unmatched.push(rise);
  }
  const recorded = await recordUnmatched(db, unmatched);
  report.unmatched = recorded.listed;
  report.dust = recorded.dust;
  report.scanned = { from, to: end };
  await advanceCursor(db, cursor, end);
}

/**
 * One order's failure (the chain, a reverted payment, a hash already used) does not stop the
 * others. `refused` hears the payment's own refusal; `undecided` hears that the node did not
 * answer, which says nothing about the payment.
 */
async function settle(report: OpenOrdersReport, orderId: number, step: () => Promise<unknown>, refused?: (why: string) => void, undecided?: () => void): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    report.errors.push(`order ${orderId}: ${error.message}`);
    // A transfer the order refused (not one the chain did not answer about) paid nothing: unmatched.
    if (error.kind === "unavailable") undecided?.();
    else refused?.(error.message);
  }
}

async function advanceCursor(db: PrismaClient, cursor: number | null, block: number): Promise<void> {
  if (cursor !== null && cursor >= block) return;
  await writeMarketState(db, "listing-payments-scanned", { block });
}

/** One log line for a check that did something, null for one that did not. */
export function summarizeOrderCheck(report: OpenOrdersReport): string | null {
  if (report.expired + report.found + report.unmatched + report.dust + report.rechecked + report.errors.length === 0) return null;
  const parts = [`${report.found} payments found`, `${report.unmatched} unmatched transfers recorded`, `${report.dust} under 1 PLS counted`, `${report.rechecked} rechecked`, `${report.released} released`, `${report.expired} expired`];
  if (report.deferred > 0) parts.push(`${report.deferred} rechecks left for the next check`);
  if (report.scanned) parts.push(`blocks ${report.scanned.from}-${report.scanned.to} read`);
  if (report.errors.length > 0) parts.push(`not settled: ${report.errors.join("; ")}`);
  return `[orders] ${parts.join(", ")}`;
}
