// The browser's calls to the watchlist and saved-comparison endpoints (spec section 7), and
// their TanStack Query keys. Keys start with the signed-in user's id, so one user's list is
// never shown to the next user of the same browser tab.
import { fetchJson } from "@/lib/api/fetch-json";

// Loaded with the first answer, not with the page (see LazyBodyParser).
const schemas = () => import("@/lib/validation/account");
const watchlistSchema = () => schemas().then((m) => m.watchlistSchema);
const watchlistEntrySchema = () => schemas().then((m) => m.watchlistEntrySchema);
const savedComparisonListSchema = () => schemas().then((m) => m.savedComparisonListSchema);
const savedComparisonSchema = () => schemas().then((m) => m.savedComparisonSchema);
const noContentSchema = () => schemas().then((m) => m.noContentSchema);

export const WATCHLIST_QUERY_KEY = ["watchlist"] as const;
export const SAVED_COMPARISONS_QUERY_KEY = ["saved-comparisons"] as const;

export const watchlistQueryKey = (userId: number) => [...WATCHLIST_QUERY_KEY, userId] as const;
export const savedComparisonsQueryKey = (userId: number) => [...SAVED_COMPARISONS_QUERY_KEY, userId] as const;

export function fetchWatchlist() {
  return fetchJson("/api/watchlist", watchlistSchema);
}

export function addToWatchlist(coinId: string) {
  return fetchJson("/api/watchlist", watchlistEntrySchema, { method: "POST", body: JSON.stringify({ coinId }) });
}

export function removeFromWatchlist(coinId: string) {
  return fetchJson(`/api/watchlist/${encodeURIComponent(coinId)}`, noContentSchema, { method: "DELETE" });
}

export function fetchSavedComparisons() {
  return fetchJson("/api/saved-comparisons", savedComparisonListSchema);
}

export function saveComparison(coin1Id: string, coin2Id: string) {
  return fetchJson("/api/saved-comparisons", savedComparisonSchema, {
    method: "POST",
    body: JSON.stringify({ coin1Id, coin2Id }),
  });
}

export function removeSavedComparison(id: number) {
  return fetchJson(`/api/saved-comparisons/${id}`, noContentSchema, { method: "DELETE" });
}
