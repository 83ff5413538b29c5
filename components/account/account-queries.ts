"use client";

// The signed-in user's watchlist, saved comparisons and bag snapshots on the client: the list
// queries and the writes, each with the spec's success and destructive error toasts (section 8). After
// a write succeeds the lists are refetched before the write counts as done, so a removed card is
// gone by the time the buttons come back.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BAG_SNAPSHOTS_QUERY_KEY,
  SAVED_COMPARISONS_QUERY_KEY,
  WATCHLIST_QUERY_KEY,
  addToWatchlist,
  bagSnapshotsQueryKey,
  fetchBagSnapshots,
  removeBagSnapshot,
  saveBagSnapshot,
  fetchSavedComparisons,
  fetchWatchlist,
  removeFromWatchlist,
  removeSavedComparison,
  saveComparison,
  savedComparisonsQueryKey,
  watchlistQueryKey,
} from "@/lib/account/client";
import { toast } from "@/components/ui/use-toast";

export function useWatchlist(userId: number) {
  return useQuery({ queryKey: watchlistQueryKey(userId), queryFn: fetchWatchlist });
}

export function useSavedComparisons(userId: number) {
  return useQuery({ queryKey: savedComparisonsQueryKey(userId), queryFn: fetchSavedComparisons });
}

type Toast = { title: string; description: string };

function useAccountWrite<V>(
  write: (variables: V) => Promise<unknown>,
  refresh: readonly string[],
  success: Toast,
  failure: Toast,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: refresh });
      toast(success);
    },
    // (A 401 also makes the app re-read who is signed in: lib/query-client.ts.)
    onError: () => void toast({ ...failure, variant: "destructive" }),
  });
}

export function useAddToWatchlist() {
  return useAccountWrite(
    addToWatchlist,
    WATCHLIST_QUERY_KEY,
    { title: "Added to watchlist", description: "The coin has been added to your watchlist." },
    { title: "Error", description: "Failed to add to watchlist. Please try again." },
  );
}

export function useRemoveFromWatchlist() {
  return useAccountWrite(
    removeFromWatchlist,
    WATCHLIST_QUERY_KEY,
    { title: "Removed from watchlist", description: "The coin has been removed from your watchlist." },
    { title: "Error", description: "Failed to remove coin from watchlist." },
  );
}

export function useSaveComparison() {
  return useAccountWrite(
    ({ coin1Id, coin2Id }: { coin1Id: string; coin2Id: string }) => saveComparison(coin1Id, coin2Id),
    SAVED_COMPARISONS_QUERY_KEY,
    { title: "Comparison saved", description: "The comparison has been added to your saved list." },
    { title: "Error", description: "Failed to save comparison. Please try again." },
  );
}

export function useRemoveSavedComparison() {
  return useAccountWrite(
    removeSavedComparison,
    SAVED_COMPARISONS_QUERY_KEY,
    { title: "Removed from saved", description: "The comparison has been removed from your saved list." },
    { title: "Error", description: "Failed to remove saved comparison." },
  );
}

export function useBagSnapshots(userId: number) {
  return useQuery({ queryKey: bagSnapshotsQueryKey(userId), queryFn: fetchBagSnapshots });
}

export function useSaveBagSnapshot() {
  return useAccountWrite(
    saveBagSnapshot,
    BAG_SNAPSHOTS_QUERY_KEY,
    { title: "Snapshot saved", description: "Your bag's totals have been added to your snapshots." },
    { title: "Error", description: "Failed to save the snapshot. Please try again." },
  );
}

export function useRemoveBagSnapshot() {
  return useAccountWrite(
    removeBagSnapshot,
    BAG_SNAPSHOTS_QUERY_KEY,
    { title: "Snapshot removed", description: "The snapshot has been removed." },
    { title: "Error", description: "Failed to remove the snapshot." },
  );
}
