// The admin page's calls to the operator's order queue (lib/api/contract.ts: operatorOrders,
// approveOrder, rejectOrder, recordRefund, orderTaskDone) and their TanStack Query key.
import { callApi } from "@/lib/api/client";
import type { RecordRefundInput, RejectOrderInput } from "@/lib/validation/operator-orders";

// Starts with the signed-in user's id, like the other admin lists (lib/listings/client.ts).
export const ADMIN_ORDERS_QUERY_KEY = ["admin", "orders"] as const;
export const adminOrdersQueryKey = (userId: number) => [...ADMIN_ORDERS_QUERY_KEY, userId] as const;

export function fetchOperatorOrders() {
  return callApi("operatorOrders");
}

export function approveOrder(id: number) {
  return callApi("approveOrder", { params: { id: String(id) } });
}

export function rejectOrder({ id, ...body }: RejectOrderInput & { id: number }) {
  return callApi("rejectOrder", { params: { id: String(id) }, body });
}

export function recordRefund({ id, ...body }: RecordRefundInput & { id: number }) {
  return callApi("recordRefund", { params: { id: String(id) }, body });
}

export function markTaskDone(id: number) {
  return callApi("orderTaskDone", { params: { id: String(id) } });
}
