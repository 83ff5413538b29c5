// The browser's side of being signed in, on every page's first load: the "signed in" hint cookie
// (lib/auth/signed-in-hint.ts) that decides whether the browser asks who is signed in at all, and
// that question. Signing in and out are the wallet kit's (./siwe-calls.browser.ts), which loads
// only when a visitor reaches for the wallet.
import { callApi } from "@/lib/api/call-api.browser";
import { hasSignedInHint, signedInHintCookie } from "../auth/signed-in-hint";

const authEndpoints = () => import("@/lib/auth/endpoints");

/** TanStack Query key of the signed-in user; invalidated whenever sign-in state changes. */
export const AUTH_USER_QUERY_KEY = ["auth", "user"] as const;

const hintListeners = new Set<() => void>();

/** For useSyncExternalStore: called whenever the hint may have changed. */
export function subscribeToSignedInHint(listener: () => void): () => void {
  hintListeners.add(listener);
  return () => hintListeners.delete(listener);
}

/** Whether this browser holds the "signed in" hint (never on the server: pages are the same for everyone). */
export function readSignedInHint(): boolean {
  return typeof document !== "undefined" && hasSignedInHint(document.cookie);
}

/** Tells the page to read the hint again (after a response that may have set or cleared it). */
export function signedInHintChanged(): void {
  for (const listener of hintListeners) listener();
}

/** Drops the hint in the browser too (the server's 401 already cleared it), and tells the page. */
export function clearSignedInHint(): void {
  if (typeof document === "undefined") return;
  if (readSignedInHint()) document.cookie = signedInHintCookie({ maxAgeSeconds: 0, secure: window.location.protocol === "https:" });
  signedInHintChanged();
}

/**
 * GET /api/auth/user: the user, or null when signed out (a 401 is an answer, not an error). Only
 * asked while the hint is present, so a 401 means the hint was stale: it is cleared.
 */
export async function fetchAuthUser() {
  const user = await callApi(authEndpoints, "authUser", {}, { on401: "returnNull" });
  if (!user) clearSignedInHint();
  return user;
}
