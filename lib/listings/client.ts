// The admin page's calls to the operators' endpoints, their TanStack Query keys, and the API's
// error message for display.
import { callApi } from "@/lib/api/client";
import { ApiCallError } from "@/lib/api/fetch-json";
import type { CorrectHighInput, ListCoinInput, ScheduleFeaturedInput, UpdateCoinInput } from "@/lib/validation/listings";

// Keys start with the signed-in user's id (like the account lists), so an operator's lists are
// never shown to the next wallet signed in on the same tab.
export const ADMIN_COINS_QUERY_KEY = ["admin", "coins"] as const;
export const ADMIN_FEATURED_QUERY_KEY = ["admin", "featured"] as const;
export const adminCoinsQueryKey = (userId: number) => [...ADMIN_COINS_QUERY_KEY, userId] as const;
export const adminFeaturedQueryKey = (userId: number) => [...ADMIN_FEATURED_QUERY_KEY, userId] as const;

export function fetchAdminCoins() {
  return callApi("adminCoins");
}

/** What listing this token would create (nothing is written): cleaned name and symbol, first price. */
export function previewListing(contractAddress: string) {
  return callApi("listingPreview", { query: { contractAddress } });
}

export function listCoin(input: ListCoinInput) {
  return callApi("listCoin", { body: input });
}

export function updateCoin({ id, ...patch }: UpdateCoinInput & { id: string }) {
  return callApi("updateCoin", { params: { id }, body: patch });
}

export function correctHigh({ id, ...body }: CorrectHighInput & { id: string }) {
  return callApi("correctHigh", { params: { id }, body });
}

export function fetchFeaturedSlots() {
  return callApi("featuredSlots");
}

export function scheduleFeatured(input: ScheduleFeaturedInput) {
  return callApi("scheduleFeatured", { body: input });
}

export function removeFeatured(id: number) {
  return callApi("removeFeatured", { params: { id: String(id) } });
}

/** The API's own message ("0x… is already listed as "pepe"."), else a generic one. */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof ApiCallError) return error.code ? error.message : `The server answered ${error.status}. Please try again.`;
  return "Could not reach the server. Check your connection and try again.";
}

/** An admin write refused because the wallet signed too long ago: signing again fixes it. */
export function isReauthenticationRequired(error: unknown): boolean {
  return error instanceof ApiCallError && error.status === 401 && error.code === "reauthentication_required";
}

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiCallError && error.status === 403;
}
