"use client";

// The signed-in user's watchlist, saved comparisons and bag snapshots on the client: the list
// queries and the writes, each with the spec's success and destructive error toasts (section 8). After
// a write succeeds the lists are refetched before the write counts as done, so a removed card is
// gone by the time the buttons come back.
import { useQuery, type UseMutationOptions } from "@tanstack/react-query";
import type { BagSnapshotBody } from "@/lib/account/schemas";
import { apiKey, apiMutation, apiQuery } from "@/lib/api/endpoint-queries.browser";
import { toast } from "@/components/ui/use-toast";
import { useRefetchingWrite } from "@/components/shell/use-refetching-write";

const accountEndpoints = () => import("@/lib/account/endpoints");

export function useWatchlist(userId: number) {
  return useQuery(apiQuery(accountEndpoints, "watchlist", { scope: [userId] }));
}

export function useSavedComparisons(userId: number) {
  return useQuery(apiQuery(accountEndpoints, "savedComparisons", { scope: [userId] }));
}

type Toast = { title: string; description: string };

function useAccountWrite<D, V>(write: UseMutationOptions<D, Error, V>, refresh: readonly unknown[], success: Toast, failure: Toast) {
  return useRefetchingWrite(write, [refresh], {
    onSuccess: () => toast(success),
    // (A 401 also makes the app re-read who is signed in: lib/api/query-client.browser.ts.)
    onError: () => void toast({ ...failure, variant: "destructive" }),
  });
}

export function useAddToWatchlist() {
  return useAccountWrite(
    apiMutation(accountEndpoints, "watchlistAdd", (coinId: string) => ({ body: { coinId } })),
    apiKey("watchlist"),
    { title: "Added to watchlist", description: "The coin has been added to your watchlist." },
    { title: "Error", description: "Failed to add to watchlist. Please try again." },
  );
}

export function useRemoveFromWatchlist() {
  return useAccountWrite(
    apiMutation(accountEndpoints, "watchlistRemove", (coinId: string) => ({ params: { coinId } })),
    apiKey("watchlist"),
    { title: "Removed from watchlist", description: "The coin has been removed from your watchlist." },
    { title: "Error", description: "Failed to remove coin from watchlist." },
  );
}

export function useSaveComparison() {
  return useAccountWrite(
    apiMutation(accountEndpoints, "saveComparison", (pair: { coin1Id: string; coin2Id: string }) => ({ body: pair })),
    apiKey("savedComparisons"),
    { title: "Comparison saved", description: "The comparison has been added to your saved list." },
    { title: "Error", description: "Failed to save comparison. Please try again." },
  );
}

export function useRemoveSavedComparison() {
  return useAccountWrite(
    apiMutation(accountEndpoints, "removeSavedComparison", (id: number) => ({ params: { id: String(id) } })),
    apiKey("savedComparisons"),
    { title: "Removed from saved", description: "The comparison has been removed from your saved list." },
    { title: "Error", description: "Failed to remove saved comparison." },
  );
}

export function useBagSnapshots(userId: number) {
  return useQuery(apiQuery(accountEndpoints, "bagSnapshots", { scope: [userId] }));
}

export function useSaveBagSnapshot() {
  return useAccountWrite(
    apiMutation(accountEndpoints, "saveBagSnapshot", (totals: BagSnapshotBody) => ({ body: totals })),
    apiKey("bagSnapshots"),
    { title: "Snapshot saved", description: "Your bag's totals have been added to your snapshots." },
    { title: "Error", description: "Failed to save the snapshot. Please try again." },
  );
}

export function useRemoveBagSnapshot() {
  return useAccountWrite(
    apiMutation(accountEndpoints, "removeBagSnapshot", (id: number) => ({ params: { id: String(id) } })),
    apiKey("bagSnapshots"),
    { title: "Snapshot removed", description: "The snapshot has been removed." },
    { title: "Error", description: "Failed to remove the snapshot." },
  );
}
