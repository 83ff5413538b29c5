// GET /api/login sends a visitor back to a page of this site with the wallet dialog asked for
// in the URL fragment (CONNECT_WALLET_HASH); the header's wallet button sees it and opens the
// connect dialog.
import { CONNECT_WALLET_HASH } from "./connect-wallet-hash";

const BASE = "http://site.invalid";

/**
 * A path on this site to return to, or null. Only plain same-site paths qualify: no scheme or
 * host ("//evil.example", "/\\evil.example"), no control characters, and not the API. Checked
 * twice: on the text as given, and on the path the URL parser makes of it, because resolving
 * dot segments can turn a harmless-looking path into another host ("/.//evil.example" and
 * "/%2e%2e//evil.example" both become "//evil.example").
 */
export function safeReturnPath(value: string): string | null {
  if (!isPlainPath(value)) return null;
  if (/[\u0000-\u001f\u007f]/.test(value) || value.length > 512) return null;
  const url = new URL(value, BASE);
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search;
  if (!isPlainPath(path)) return null;
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return null;
  return path;
}

function isPlainPath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.includes("\\");
}

/**
 * Where /api/login redirects: an absolute URL on the site's own origin (never a relative
 * Location a browser could read as another host), with the connect dialog requested.
 */
export function loginRedirectTarget(returnTo: string | null, origin: string): string {
  const target = new URL((returnTo ?? "/") + CONNECT_WALLET_HASH, origin);
  // safeReturnPath already made sure; this keeps the promise even if it is ever loosened.
  if (target.origin !== new URL(origin).origin) return new URL(CONNECT_WALLET_HASH, origin).href;
  return target.href;
}
