// The browser's calls behind the listing form and the buyer's orders page (issue 25), through the
// typed client, and their TanStack Query keys. Keys start with the signed-in user's id, so one
// buyer's orders are never shown to the next user of the same tab.
import type { Hash } from "viem";
import { callApi } from "@/lib/api/client";
import { ApiCallError } from "@/lib/api/fetch-json";
import type { CreateOrderInput } from "@/lib/validation/orders";

export const ORDERS_QUERY_KEY = ["orders"] as const;
export const ordersQueryKey = (userId: number) => [...ORDERS_QUERY_KEY, userId] as const;
export const SLOT_CALENDAR_QUERY_KEY = ["orders", "calendar"] as const;

export const fetchOrders = () => callApi("orders");
export const fetchSlotCalendar = () => callApi("slotCalendar");
export const checkOrderToken = (address: string) => callApi("orderToken", { query: { address } });
export const requestQuote = (body: CreateOrderInput) => callApi("createOrder", { body });
export const submitPayment = (orderId: number, txHash: Hash) => callApi("submitPayment", { params: { id: String(orderId) }, body: { txHash } });

/** A failed call as the page shows it: the API's own code and message where it gave them. */
export type CallFailure = { status: number | null; code: string | null; message: string };

/**
 * The API answers `{ error: { code, message } }` with words meant for the buyer; anything else (a
 * proxy's page, no answer at all) gets a sentence of ours.
 */
export function describeFailure(error: unknown): CallFailure {
  if (!(error instanceof ApiCallError)) {
    // fetch() rejects with a TypeError when no answer came at all.
    const message = error instanceof TypeError ? "Couldn't reach PulseCompare. Check your connection and try again." : "Something went wrong. Please try again.";
    return { status: null, code: null, message };
  }
  if (error.code) return { status: error.status, code: error.code, message: error.message };
  return { status: error.status, code: null, message: `Something went wrong (HTTP ${error.status}). Please try again.` };
}

/** Worth asking again by itself: the server or the chain was busy, not a refusal of this request. */
export const isTransient = (failure: CallFailure) => failure.status === null || failure.status === 429 || failure.status >= 500;
