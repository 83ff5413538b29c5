// An order as its buyer sees it (GET /api/orders and the answer to a quote).
import type { ListingOrder } from "@/lib/generated/prisma/client";
import type { Order } from "@/lib/orders/schemas";
import { dayKey } from "../shared/utc-day";
import type { ListingPlanId } from "./catalog";
import { visibleStatus } from "./status";

export function toOrder(row: ListingOrder, now: Date): Order {
  return {
    id: row.id,
    status: visibleStatus(row, now),
    tokenAddress: row.tokenAddress,
    tokenName: row.tokenName,
    tokenSymbol: row.tokenSymbol,
    plan: row.plan as ListingPlanId | null,
    slot: row.slotDays && row.slotStartsOn && row.slotAgainstId ? { days: row.slotDays, startsOn: dayKey(row.slotStartsOn), against: row.slotAgainstId } : null,
    logoUrl: row.logoUrl,
    links: JSON.parse(row.links) as string[],
    priceUsd: row.priceUsd,
    plsUsd: row.plsUsd,
    amountWei: row.amountWei,
    payTo: row.payTo,
    quoteExpiresAt: row.quoteExpiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paymentTx: row.paymentTx,
    paidWei: row.paidWei,
    paidAt: row.paidAt?.toISOString() ?? null,
    statusReason: row.statusReason,
    coinId: row.coinId,
  };
}
