// How an order reads wherever the buyer sees it (the listing form's quote, the orders page): its
// status, what was bought, the amount, and where to see its transaction.
import { LISTING_PLANS, SLOT_OFFERS } from "@/lib/orders/catalog";
import type { OrderStatus } from "@/lib/orders/status";
import { formatDay } from "@/lib/shared/format";
import type { Order } from "@/lib/orders/schemas";

export const STATUS_LABELS: Record<OrderStatus, string> = {
  quoted: "Quoted",
  paid: "Paid",
  live: "Live",
  review: "Held for review",
  refunded: "Refunded",
  expired: "Expired",
  rejected: "Rejected",
};

/** "Basic+", or null for an order without a plan. */
export function planName(plan: Order["plan"]): string | null {
  return plan ? (LISTING_PLANS.find((p) => p.id === plan)?.name ?? plan) : null;
}

/** "1 Day from Dec 3, 2026" (slots are whole UTC days). */
export function slotPhrase(slot: NonNullable<Order["slot"]>): string {
  const duration = SLOT_OFFERS.find((offer) => offer.days === slot.days)?.duration ?? `${slot.days} days`;
  return `${duration} from ${formatDay(`${slot.startsOn}T00:00:00Z`)}`;
}


/** "0x1234…abcd" for a transaction hash in running text. */
export function shortHash(hash: string): string {
  return `${hash.slice(0, 10)}…${hash.slice(-8)}`;
}
