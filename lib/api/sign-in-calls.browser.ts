// The browser's side of being signed in: who is signed in, asked only while the "signed in" hint
// cookie is present (./signed-in-hint.browser.ts). Signing in and out are the
// wallet kit's (./siwe-calls.browser.ts), which loads only when a visitor reaches for the wallet.
import { callApi } from "@/lib/api/call-api.browser";
import { signedInHintCookie } from "@/lib/auth/signed-in-hint-cookie";
import { readSignedInHint, signedInHintChanged } from "./signed-in-hint.browser";

const authEndpoints = () => import("@/lib/auth/endpoints");

/** TanStack Query key of the signed-in user; invalidated whenever sign-in state changes. */
export const AUTH_USER_QUERY_KEY = ["auth", "user"] as const;

/**
 * GET /api/auth/user: the user, or null when signed out (a 401 is an answer, not an error). Only
 * asked while the hint is present, so a 401 means the hint was stale: it is cleared.
 */
export async function fetchAuthUser() {
  const user = await callApi(authEndpoints, "authUser", {}, { on401: "returnNull" });
  if (!user) clearSignedInHint();
  return user;
}

/** Drops the hint in the browser too (the server's 401 already cleared it), and tells the page. */
function clearSignedInHint(): void {
  if (typeof document === "undefined") return;
  if (readSignedInHint()) document.cookie = signedInHintCookie({ maxAgeSeconds: 0, secure: window.location.protocol === "https:" });
  signedInHintChanged();
}
