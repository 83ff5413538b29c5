// The "signed in" hint: a readable, non-secret cookie (`pc_signed_in=1`) that the server sets
// beside next-auth's session cookie on sign-in and clears on sign-out and on every 401 of
// GET /api/auth/user. It only tells the browser whether asking who is signed in is worth a
// request: an anonymous visitor (no hint) makes none. It never authorises anything (the server
// reads the session cookie alone) and holds no user data. Shared by the route handlers and the
// browser, so nothing here may be server-only.

export const SIGNED_IN_HINT_COOKIE = "pc_signed_in";
const HINT_VALUE = "1";

/** True when a `Cookie` header or `document.cookie` string carries the hint. */
export function hasSignedInHint(cookies: string): boolean {
  return cookies.split(";").some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=${HINT_VALUE}`);
}

/**
 * The Set-Cookie value that sets the hint for `maxAgeSeconds` (the session's lifetime) or, with
 * 0, clears it. Readable by scripts on purpose (no HttpOnly); SameSite=Lax and Path=/ like the
 * session cookie, Secure whenever the session cookie is.
 */
export function signedInHintCookie({ maxAgeSeconds, secure, now = new Date() }: { maxAgeSeconds: number; secure: boolean; now?: Date }): string {
  const expires = maxAgeSeconds > 0 ? new Date(now.getTime() + maxAgeSeconds * 1000) : new Date(0);
  return [
    `${SIGNED_IN_HINT_COOKIE}=${maxAgeSeconds > 0 ? HINT_VALUE : ""}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    `Expires=${expires.toUTCString()}`,
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
