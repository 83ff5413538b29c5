// Transfers to a payment address that paid no order (issue 38): a second payment of a paid order,
// one whose amount names no order, one from another wallet than the order's, and PLS that arrived
// through a contract (an internal transfer: no transaction to the address at all). The scheduled
// check's block scan (lib/orders/open-orders.server.ts) records each once (the unique tx hash), and
// the operator queue lists them until an operator marks them handled, so nobody's PLS is lost unseen.
//
// Dust (issue 50): a transfer under DUST_FLOOR_WEI (1 PLS) is recorded the same way (so it is
// counted once, whichever check or instance reads its block) but flagged, and the list counts those
// in one line ("N transfers under 1 PLS since ...") instead of listing them: gas is cheap on
// PulseChain, and thousands of 1-wei transfers would otherwise push a buyer's real second payment
// off the list.
import "server-only";
import { getAddress, type Address, type PublicClient, type Transaction } from "viem";
import { DomainError } from "@/lib/errors/domain-error";
import type { PrismaClient } from "@/lib/db/create-client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { UnmatchedTransfer as UnmatchedRow } from "@/lib/generated/prisma/client";
import type { UnmatchedTransfer, UnmatchedTransfers } from "@/lib/orders/unmatched-schemas";
import { formatPls, orderTagOf } from "./amount";
import { PAYABLE_STATUSES } from "./status";

/** The most unmatched transfers one answer lists (newest first); handled ones and dust are left out. */
export const MAX_UNMATCHED_LISTED = 200;

/**
 * Transfers under 1 PLS are counted, not listed. A fixed floor rather than the smallest quote's
 * whole-PLS part: the operator reads one number that never moves with the PLS price, and it sits
 * far under any payment (the cheapest order, $100, is millions of PLS at today's prices) while a
 * PLS under it is worth a fraction of a cent, nothing anyone refunds by hand.
 */
export const DUST_FLOOR_WEI = 10n ** 18n;

export type SeenTransfer = { tx: Transaction; minedAt: Date };
type Unmatched = { txHash: string; fromAddress: string | null; toAddress: string; valueWei: string; blockNumber: number; minedAt: Date; reason: string; dust: boolean };
const isDust = (wei: bigint) => wei < DUST_FLOOR_WEI;

/**
 * Why each transfer paid no order, read from the orders its amounts name (one query for all of
 * them, so the cost follows the transfers in the scanned blocks, never the orders stored).
 * `failed` holds the refusal of a transfer that did name a watched order (mined before the quote,
 * a hash already used, ...). Transfers of no PLS are left out: a Safe's owners call it with none.
 */
export async function explainUnmatched(db: PrismaClient, seen: SeenTransfer[], failed: Map<string, string>, watchDays: number): Promise<Unmatched[]> {
  const moving = seen.filter(({ tx }) => tx.value > 0n);
  if (moving.length === 0) return [];
  const hashes = moving.map(({ tx }) => tx.hash);
  // A transaction that is (or just became) an order's payment is no unmatched transfer.
  const paying = new Set((await db.listingOrder.findMany({ where: { paymentTx: { in: hashes } }, select: { paymentTx: true } })).map((o) => o.paymentTx));
  const tags = [...new Set(moving.map(({ tx }) => orderTagOf(tx.value)))];
  const orders = new Map(
    (await db.listingOrder.findMany({ where: { id: { in: tags } }, include: { user: { select: { address: true } } } })).map((order) => [order.id, order]),
  );
  return moving
    .filter(({ tx }) => !paying.has(tx.hash))
    .map(({ tx, minedAt }) => {
      const id = orderTagOf(tx.value);
      const order = orders.get(id);
      let reason: string;
      if (failed.has(tx.hash)) reason = failed.get(tx.hash)!;
      else if (!order) reason = `Its amount names no order (it ends in ${id}).`;
      else if (order.paymentTx && !(PAYABLE_STATUSES as readonly string[]).includes(order.status)) reason = `Order ${id} is already paid by ${order.paymentTx}.`;
      else if (order.paymentTx) reason = `Order ${id} already has a payment waiting for its confirmations (${order.paymentTx}).`;
      else if (getAddress(tx.from) !== getAddress(order.user.address)) reason = `Not from order ${id}'s wallet.`;
      else if (!tx.to || getAddress(tx.to) !== getAddress(order.payTo)) reason = `Not sent to order ${id}'s payment address.`;
      else if (!(PAYABLE_STATUSES as readonly string[]).includes(order.status)) reason = `Order ${id} is ${order.status}: it takes no payment.`;
      else reason = `Order ${id} was quoted over ${watchDays} days ago: it is no longer watched.`;
      return { txHash: tx.hash, fromAddress: getAddress(tx.from), toAddress: getAddress(tx.to!), valueWei: tx.value.toString(), blockNumber: Number(tx.blockNumber), minedAt, reason, dust: isDust(tx.value) };
    });
}

/**
 * A transfer through a contract leaves no transaction to the address: its balance rose by more
 * than the transactions in blocks `from`..`to` explain. Two balance reads per address and one
 * receipt per outgoing transaction (its fee). A top-level transfer in that reverted would hide as
 * much of such a rise (its value is counted as arrived): a plain transfer to a wallet cannot revert.
 */
export async function unexplainedRise(
  client: PublicClient,
  address: Address,
  from: number,
  to: number,
  seen: { incoming: Transaction[]; outgoing: Transaction[] },
  minedAt: Date,
): Promise<Unmatched | null> {
  if (from < 1) return null;
  const [before, after] = await Promise.all([client.getBalance({ address, blockNumber: BigInt(from - 1) }), client.getBalance({ address, blockNumber: BigInt(to) })]);
  let explained = 0n;
  for (const tx of seen.incoming) explained += tx.value;
  for (const tx of seen.outgoing) {
    const receipt = await client.getTransactionReceipt({ hash: tx.hash });
    explained -= receipt.gasUsed * receipt.effectiveGasPrice + (receipt.status === "success" ? tx.value : 0n);
  }
  const rise = after - before - explained;
  if (rise <= 0n) return null;
  return {
    txHash: `internal:${address}:${from}-${to}`,
    fromAddress: null,
    toAddress: address,
    valueWei: rise.toString(),
    blockNumber: to,
    minedAt,
    reason: `${formatPls(rise)} PLS arrived between blocks ${from} and ${to} with no transaction to this address (a transfer through a contract?).`,
    dust: isDust(rise),
  };
}

/**
 * A mined transfer that was an order's claim and was refused by the order (mined before its quote),
 * recorded at once with that reason: the scan skipped it while it was claimed, so once its block is
 * behind the cursor nothing else would list it. Keyed by hash like the scan's rows.
 */
export async function recordRefusedPayment(db: PrismaClient, tx: Transaction, blockNumber: bigint, minedAt: Date, reason: string): Promise<void> {
  if (!tx.to || tx.value === 0n) return;
  await recordUnmatched(db, [
    { txHash: tx.hash, fromAddress: getAddress(tx.from), toAddress: getAddress(tx.to), valueWei: tx.value.toString(), blockNumber: Number(blockNumber), minedAt, reason, dust: isDust(tx.value) },
  ]);
}

/**
 * Records each transfer once (the unique hash: a second check, or two at once, adds nothing). The
 * numbers newly recorded: listed, and dust (counted on the list, not listed).
 */
export async function recordUnmatched(db: PrismaClient, rows: Unmatched[]): Promise<{ listed: number; dust: number }> {
  const recorded = { listed: 0, dust: 0 };
  for (const row of rows) {
    try {
      await db.unmatchedTransfer.create({ data: row });
      if (row.dust) recorded.dust++;
      else recorded.listed++;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return recorded;
}

function toUnmatchedTransfer(row: UnmatchedRow): UnmatchedTransfer {
  return {
    id: row.id,
    txHash: row.txHash.startsWith("0x") ? row.txHash : null,
    from: row.fromAddress,
    to: row.toAddress,
    valueWei: row.valueWei,
    blockNumber: row.blockNumber,
    minedAt: row.minedAt.toISOString(),
    reason: row.reason,
    handledAt: row.handledAt?.toISOString() ?? null,
    handledBy: row.handledBy,
  };
}

/**
 * The transfers nobody has handled yet, newest first, at most MAX_UNMATCHED_LISTED, and the dust
 * among them counted (how many, since the oldest's time). Both reads follow the (dust, handledAt,
 * blockNumber) index: the cost of a count, never a row per transfer listed.
 */
export async function listUnmatched(db: PrismaClient): Promise<UnmatchedTransfers> {
  const rows = await db.unmatchedTransfer.findMany({ where: { handledAt: null, dust: false }, orderBy: [{ blockNumber: "desc" }, { id: "desc" }], take: MAX_UNMATCHED_LISTED });
  const dustWhere = { handledAt: null, dust: true };
  const [count, oldest] = await Promise.all([
    db.unmatchedTransfer.count({ where: dustWhere }),
    db.unmatchedTransfer.findFirst({ where: dustWhere, orderBy: [{ blockNumber: "asc" }, { id: "asc" }], select: { minedAt: true } }),
  ]);
  return { transfers: rows.map(toUnmatchedTransfer), dust: { count, since: oldest?.minedAt.toISOString() ?? null, floorWei: DUST_FLOOR_WEI.toString() } };
}

/**
 * Marks every unhandled dust transfer recorded up to `now` handled by `operator` (idempotent: a
 * second press finds none), so the counted line starts again from none. Answers the list as it
 * then stands.
 */
export async function markDustHandled(db: PrismaClient, operator: string, now = new Date()): Promise<UnmatchedTransfers> {
  await db.unmatchedTransfer.updateMany({ where: { dust: true, handledAt: null, createdAt: { lte: now } }, data: { handledAt: now, handledBy: operator } });
  return listUnmatched(db);
}

/** Marks a transfer handled by `operator`. Idempotent: one handled already keeps who and when. 404 when there is none. */
export async function markUnmatchedHandled(db: PrismaClient, id: number, operator: string, now = new Date()): Promise<UnmatchedTransfer> {
  await db.unmatchedTransfer.updateMany({ where: { id, handledAt: null }, data: { handledAt: now, handledBy: operator } });
  const row = await db.unmatchedTransfer.findUnique({ where: { id } });
  if (!row) throw new DomainError("not_found", `No unmatched transfer ${id}.`);
  return toUnmatchedTransfer(row);
}
