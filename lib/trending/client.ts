// The browser's call that counts a comparison for the most-compared ranking (POST /api/comparisons).
import { callApi } from "@/lib/api/client";

/**
 * Fire and forget: the count is a popularity hint, so a failed or slow count never reaches the
 * visitor (no error, no toast, nothing waits on it). `keepalive` lets it finish when the visitor
 * leaves the page right after the result shows.
 */
export function countComparison(coin1Id: string, coin2Id: string): void {
  callApi("countComparison", { body: { coin1Id, coin2Id }, keepalive: true }).catch(() => {
    // deliberately ignored: see above
  });
}
