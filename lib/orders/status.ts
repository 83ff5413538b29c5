// An order's life (lib/orders): quoted, then paid and live, or held for an operator's review;
// an operator may refund or reject it; a quote nobody paid expires.

export const ORDER_STATUSES = ["quoted", "paid", "live", "review", "refunded", "expired", "rejected"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A quote holds its price, and its slot days, this long. */
export const QUOTE_MINUTES = 15;

/** The most unpaid, unexpired quotes one wallet may hold at once (so nobody can hold the calendar). */
export const MAX_OPEN_QUOTES = 3;

/**
 * The status a buyer sees: a stored "quoted" past its expiry reads "expired" at once (the sweep
 * that writes it runs later; a payment mined within the grace period can still be accepted).
 */
export function visibleStatus(order: { status: string; quoteExpiresAt: Date }, now: Date): OrderStatus {
  if (order.status === "quoted" && order.quoteExpiresAt.getTime() <= now.getTime()) return "expired";
  return order.status as OrderStatus;
}
