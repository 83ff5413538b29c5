"use client";

// The admin page's data: the four lists, the listing preview and the eight writes. After a write succeeds the lists
// it touches are refetched before the write counts as done, so the page shows the result.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRefetchingWrite } from "@/components/shell/use-refetching-write";
import { apiKey, apiMutation, apiQuery } from "@/lib/api/endpoint-queries.browser";
import type { CorrectHighInput, ListCoinInput, UpdateCoinInput } from "@/lib/listings/schemas";
import type { ScheduleFeaturedInput } from "@/lib/orders/featured-slot-schemas";
import type { CancelOrderInput, RecordRefundInput, RejectOrderInput } from "@/lib/orders/operator-schemas";
import type { RenameCoinInput } from "@/lib/listings/coin-rename-schema";

const listingsEndpoints = () => import("@/lib/listings/endpoints");
const ordersEndpoints = () => import("@/lib/orders/endpoints");

// The operator's lists are keyed by the signed-in user's id (like the account lists), so they are
// never shown to the next wallet signed in on the same tab.
export function useAdminCoins(userId: number) {
  return useQuery(apiQuery(listingsEndpoints, "adminCoins", { scope: [userId] }));
}

/** Asked only once the coins answered: a wallet that is not an operator makes one call, not two. */
export function useFeaturedSlots(userId: number, enabled: boolean) {
  return useQuery({ ...apiQuery(ordersEndpoints, "featuredSlots", { scope: [userId] }), enabled });
}

/** The order queue: asked, like the slots, only once the coins answered. */
export function useOperatorOrders(userId: number, enabled: boolean) {
  return useQuery({ ...apiQuery(ordersEndpoints, "operatorOrders", { scope: [userId] }), enabled });
}

/** Transfers to the payment address that paid no order: asked with the orders. */
export function useUnmatchedTransfers(userId: number, enabled: boolean) {
  return useQuery({ ...apiQuery(ordersEndpoints, "unmatchedTransfers", { scope: [userId] }), enabled });
}

/** A row's id in the path, the rest of the form as the body. */
const byId = <B extends object>({ id, ...body }: B & { id: string | number }) => ({ params: { id: String(id) }, body });
const idOnly = (id: number) => ({ params: { id: String(id) } });

const COINS = apiKey("adminCoins");
const FEATURED = apiKey("featuredSlots");
const ORDERS = apiKey("operatorOrders");
const UNMATCHED = apiKey("unmatchedTransfers");

/** The listing preview: a read, but one the operator asks for with a button, and never cached. */
export const usePreviewListing = () => useMutation(apiMutation(listingsEndpoints, "listingPreview", (contractAddress: string) => ({ query: { contractAddress } })));
export const useListCoin = () => useRefetchingWrite(apiMutation(listingsEndpoints, "listCoin", (body: ListCoinInput) => ({ body })), [COINS]);
export const useUpdateCoin = () => useRefetchingWrite(apiMutation(listingsEndpoints, "updateCoin", byId<UpdateCoinInput & { id: string }>), [COINS, FEATURED]);
export const useCorrectHigh = () => useRefetchingWrite(apiMutation(listingsEndpoints, "correctHigh", byId<CorrectHighInput & { id: string }>), [COINS]);
// Featured slots show the coins' symbols and names.
export const useRenameCoin = () => useRefetchingWrite(apiMutation(listingsEndpoints, "renameCoin", byId<RenameCoinInput & { id: string }>), [COINS, FEATURED]);
export const useScheduleFeatured = () => useRefetchingWrite(apiMutation(ordersEndpoints, "scheduleFeatured", (body: ScheduleFeaturedInput) => ({ body })), [FEATURED]);
export const useRemoveFeatured = () => useRefetchingWrite(apiMutation(ordersEndpoints, "removeFeatured", idOnly), [FEATURED]);
// An approval lists a coin and books a slot; a reject, or a refund of an order in review, takes
// them down: those lists too.
export const useApproveOrder = () => useRefetchingWrite(apiMutation(ordersEndpoints, "approveOrder", idOnly), [ORDERS, COINS, FEATURED]);
export const useRejectOrder = () => useRefetchingWrite(apiMutation(ordersEndpoints, "rejectOrder", byId<RejectOrderInput & { id: number }>), [ORDERS, COINS, FEATURED]);
export const useCancelOrder = () => useRefetchingWrite(apiMutation(ordersEndpoints, "cancelOrder", byId<CancelOrderInput & { id: number }>), [ORDERS, FEATURED]);
export const useRecordRefund = () => useRefetchingWrite(apiMutation(ordersEndpoints, "recordRefund", byId<RecordRefundInput & { id: number }>), [ORDERS, COINS, FEATURED]);
export const useMarkTaskDone = () => useRefetchingWrite(apiMutation(ordersEndpoints, "orderTaskDone", idOnly), [ORDERS]);
export const useMarkUnmatchedHandled = () => useRefetchingWrite(apiMutation(ordersEndpoints, "unmatchedTransferHandled", idOnly), [UNMATCHED]);
export const useMarkDustHandled = () => useRefetchingWrite(apiMutation(ordersEndpoints, "unmatchedDustHandled", (_: void) => ({})), [UNMATCHED]);
