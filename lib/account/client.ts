// The browser's calls to the watchlist and saved-comparison endpoints (spec section 7), and
// their TanStack Query keys. Keys start with the signed-in user's id, so one user's list is
// never shown to the next user of the same browser tab.
import { callApi } from "@/lib/api/client";

export const WATCHLIST_QUERY_KEY = ["watchlist"] as const;
export const SAVED_COMPARISONS_QUERY_KEY = ["saved-comparisons"] as const;

export const watchlistQueryKey = (userId: number) => [...WATCHLIST_QUERY_KEY, userId] as const;
export const savedComparisonsQueryKey = (userId: number) => [...SAVED_COMPARISONS_QUERY_KEY, userId] as const;

export function fetchWatchlist() {
  return callApi("watchlist");
}

export function addToWatchlist(coinId: string) {
  return callApi("watchlistAdd", { body: { coinId } });
}

export function removeFromWatchlist(coinId: string) {
  return callApi("watchlistRemove", { params: { coinId } });
}

export function fetchSavedComparisons() {
  return callApi("savedComparisons");
}

export function saveComparison(coin1Id: string, coin2Id: string) {
  return callApi("saveComparison", { body: { coin1Id, coin2Id } });
}

export function removeSavedComparison(id: number) {
  return callApi("removeSavedComparison", { params: { id: String(id) } });
}

export const BAG_SNAPSHOTS_QUERY_KEY = ["bag-snapshots"] as const;
export const bagSnapshotsQueryKey = (userId: number) => [...BAG_SNAPSHOTS_QUERY_KEY, userId] as const;

export function fetchBagSnapshots() {
  return callApi("bagSnapshots");
}

export function saveBagSnapshot(totals: { totalToday: number; totalAtHighs: number }) {
  return callApi("saveBagSnapshot", { body: totals });
}

export function removeBagSnapshot(id: number) {
  return callApi("removeBagSnapshot", { params: { id: String(id) } });
}
