"use client";

// The admin page's data: the three lists, the listing preview and the seven writes. After a write succeeds the lists
// it touches are refetched before the write counts as done, so the page shows the result.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ADMIN_COINS_QUERY_KEY,
  ADMIN_FEATURED_QUERY_KEY,
  adminCoinsQueryKey,
  adminFeaturedQueryKey,
  fetchAdminCoins,
  fetchFeaturedSlots,
  listCoin,
  previewListing,
  removeFeatured,
  scheduleFeatured,
  updateCoin,
  correctHigh,
} from "@/lib/listings/client";
import { ADMIN_ORDERS_QUERY_KEY, adminOrdersQueryKey, approveOrder, fetchOperatorOrders, markTaskDone, recordRefund, rejectOrder } from "@/lib/orders/operator-client";

export function useAdminCoins(userId: number) {
  return useQuery({ queryKey: adminCoinsQueryKey(userId), queryFn: fetchAdminCoins });
}

/** Asked only once the coins answered: a wallet that is not an operator makes one call, not two. */
export function useFeaturedSlots(userId: number, enabled: boolean) {
  return useQuery({ queryKey: adminFeaturedQueryKey(userId), queryFn: fetchFeaturedSlots, enabled });
}

/** The order queue: asked, like the slots, only once the coins answered. */
export function useOperatorOrders(userId: number, enabled: boolean) {
  return useQuery({ queryKey: adminOrdersQueryKey(userId), queryFn: fetchOperatorOrders, enabled });
}

function useAdminWrite<V, R>(write: (variables: V) => Promise<R>, refresh: readonly (readonly string[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** The listing preview: a read, but one the operator asks for with a button, and never cached. */
export const usePreviewListing = () => useMutation({ mutationFn: previewListing });
export const useListCoin = () => useAdminWrite(listCoin, [ADMIN_COINS_QUERY_KEY]);
export const useUpdateCoin = () => useAdminWrite(updateCoin, [ADMIN_COINS_QUERY_KEY, ADMIN_FEATURED_QUERY_KEY]);
export const useCorrectHigh = () => useAdminWrite(correctHigh, [ADMIN_COINS_QUERY_KEY]);
export const useScheduleFeatured = () => useAdminWrite(scheduleFeatured, [ADMIN_FEATURED_QUERY_KEY]);
export const useRemoveFeatured = () => useAdminWrite(removeFeatured, [ADMIN_FEATURED_QUERY_KEY]);
// An approval lists a coin and books a slot; a reject, or a refund of an order in review, takes
// them down: those lists too.
export const useApproveOrder = () => useAdminWrite(approveOrder, [ADMIN_ORDERS_QUERY_KEY, ADMIN_COINS_QUERY_KEY, ADMIN_FEATURED_QUERY_KEY]);
export const useRejectOrder = () => useAdminWrite(rejectOrder, [ADMIN_ORDERS_QUERY_KEY, ADMIN_COINS_QUERY_KEY, ADMIN_FEATURED_QUERY_KEY]);
export const useRecordRefund = () => useAdminWrite(recordRefund, [ADMIN_ORDERS_QUERY_KEY, ADMIN_COINS_QUERY_KEY, ADMIN_FEATURED_QUERY_KEY]);
export const useMarkTaskDone = () => useAdminWrite(markTaskDone, [ADMIN_ORDERS_QUERY_KEY]);
