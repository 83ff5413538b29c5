// The "signed in" hint: a readable, non-secret cookie (`pc_signed_in=1`) that the server sets
// beside next-auth's session cookie on sign-in and clears on sign-out and on every 401 of
// GET /api/auth/user. It only tells the browser whether asking who is signed in is worth a
// request: an anonymous visitor (no hint) makes none. It never authorises anything (the server
// reads the session cookie alone) and holds no user data. Shared by the route handlers and the
// browser, so nothing here may be server-only.

export const SIGNED_IN_HINT_COOKIE = "pc_signed_in";
/**
 * Id of the <style> the header's hint script adds (components/wallet/signed-in-hint-script.tsx);
 * the wallet button removes it once React shows the real state. Here, not beside the script: the
 * button is on every page's first load, and importing the script's module brought its text too.
 */
export const SIGNED_IN_HINT_STYLE_ID = "pc-signed-in-hint";
/** The hint cookie's value while signed in. */
export const HINT_VALUE = "1";

/** True when a `Cookie` header or `document.cookie` string carries the hint. */
export function hasSignedInHint(cookies: string): boolean {
  return cookies.split(";").some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=${HINT_VALUE}`);
}
