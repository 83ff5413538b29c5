// The Set-Cookie text of the "signed in" hint (./signed-in-hint.ts says what the hint is). Written
// by the server on sign-in, sign-out and a 401, and by the browser when it clears a stale hint:
// apart from what every page's first load reads (issue 53: that script carried this too).
import { HINT_VALUE, SIGNED_IN_HINT_COOKIE } from "./signed-in-hint";

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
