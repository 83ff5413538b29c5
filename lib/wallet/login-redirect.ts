// GET /api/login sends a visitor back to a page of this site with the wallet dialog asked for
// in the URL fragment; the header's wallet button sees it and opens the connect dialog.
export const CONNECT_WALLET_HASH = "#connect-wallet";

/**
 * A path on this site to return to, or null. Only plain same-site paths qualify: no scheme or
 * host ("//evil.example", "/\\evil.example"), no control characters, and not the API.
 */
export function safeReturnPath(value: string): string | null {
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value) || value.length > 512) return null;
  const url = new URL(value, "http://site.invalid");
  if (url.origin !== "http://site.invalid") return null;
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return null;
  return url.pathname + url.search;
}

/** Where /api/login redirects: the page to return to, with the connect dialog requested. */
export function loginRedirectTarget(returnTo: string | null): string {
  return (returnTo ?? "/") + CONNECT_WALLET_HASH;
}
