// An order's life (lib/orders): quoted, then paid and live, or held for an operator's review;
// an operator may refund or reject it; a quote nobody paid expires.

export const ORDER_STATUSES = ["quoted", "paid", "live", "review", "refunded", "expired", "rejected"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A quote holds its price, and its slot days, this long. */
export const QUOTE_MINUTES = 15;

/** The most unpaid, unexpired quotes one wallet may hold at once (so nobody can hold the calendar). */
export const MAX_OPEN_QUOTES = 3;

/**
 * Stored only, never shown: an order whose quote is still being written (its open-quote count
 * and seat holds checked, its amount not yet known, since the amount names the order's id). It
 * takes no payment; the quote turns it "quoted" and writes its amount in one update. One left
 * behind by a crash stays unpayable and reads "expired".
 */
export const QUOTING_STATUS = "quoting";

/** The statuses that still take a payment: an expired quote's late payment goes to review, never astray. */
export const PAYABLE_STATUSES = ["quoted", "expired"] as const satisfies readonly OrderStatus[];

/**
 * The status a buyer sees: an unpaid "quoted" past its expiry reads "expired" at once (the sweep
 * that writes it runs later; a payment mined within the grace period can still be accepted). A
 * quote whose payment is recorded reads "quoted" until the payment is deep enough to settle.
 */
export function visibleStatus(order: { status: string; quoteExpiresAt: Date; paymentTx: string | null }, now: Date): OrderStatus {
  if (order.status === QUOTING_STATUS) return "expired";
  if (order.status === "quoted" && !order.paymentTx && order.quoteExpiresAt.getTime() <= now.getTime()) return "expired";
  return order.status as OrderStatus;
}
