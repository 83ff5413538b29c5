// @ts-check
// The security headers of every response, built from the environment by one pure function.
// Plain ESM JavaScript (JSDoc types, checked by tsc) because next.config.mjs imports it, and that
// file is loaded by Node itself. next.config.mjs calls it from `headers()`, which runs at
// `next build`: the values are fixed in the build, from the environment the build sees (the same
// moment NEXT_PUBLIC_* variables are inlined into the browser code). docs/security.md says why
// each value is what it is.

/** The browser's PulseChain RPC when NEXT_PUBLIC_PULSECHAIN_RPC_URL is unset (as lib/chain/pulsechain.ts). */
export const DEFAULT_BROWSER_RPC_URL = "https://rpc.pulsechain.com";

/**
 * Hosts the wallet kit itself contacts, as configured in components/wallet/wallet-config.ts
 * (RainbowKit's MetaMask and Rabby only). Rabby is an injected provider: no host of its own.
 */
export const WALLET_KIT_CONNECT_SOURCES = [
  // WalletConnect's relay (a WebSocket): MetaMask's QR code on a desktop without the extension.
  "wss://relay.walletconnect.org",
  // The MetaMask SDK's relay (socket.io over WebSocket only): MetaMask on a phone's browser.
  "wss://metamask-sdk.api.cx.metamask.io",
];

/**
 * WalletConnect's Verify API: the dapp side opens it in a hidden iframe to attest the site's
 * domain to the wallet when it proposes a session (the wallet otherwise warns "unverified").
 */
export const WALLET_KIT_FRAME_SOURCES = ["https://verify.walletconnect.org"];

/** Two years (hstspreload.org's recommended value); `preload` is the domain owner's call (docs/security.md). */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/** Headers that do not depend on the environment. */
export const STATIC_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // For browsers without CSP's frame-ancestors; the CSP says the same.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  // Isolates the browsing context from cross-origin windows, but keeps the ones this page opens
  // (a wallet's or a share link's popup) able to talk back.
  { key: "Cross-Origin-Opener-Policy", value: "same-origin-allow-popups" },
];

/**
 * @typedef {object} SecurityEnv The variables the headers depend on (process.env at build time).
 * @property {string} [NODE_ENV] "production" for `next build` and `next start`; anything else is development.
 * @property {string} [NEXT_PUBLIC_SITE_URL] The public origin of the site.
 * @property {string} [AUTH_ORIGINS] Comma-separated origins where sign-in is accepted; the first is canonical.
 * @property {string} [NEXT_PUBLIC_PULSECHAIN_RPC_URL] The PulseChain RPC the browser's wallet kit uses.
 */

/** @typedef {{ key: string, value: string }} Header */

/**
 * The site's canonical origin, as lib/auth/config.server.ts getSiteOrigins() decides it: the first of
 * AUTH_ORIGINS, else NEXT_PUBLIC_SITE_URL's origin, else (outside production) the dev server's.
 * @param {SecurityEnv} env
 * @returns {string | undefined}
 */
export function canonicalSiteOrigin(env) {
  const first = env.AUTH_ORIGINS?.split(",")
    .map((origin) => origin.trim())
    .find(Boolean);
  if (first) return httpOrigin(first, "AUTH_ORIGINS");
  if (env.NEXT_PUBLIC_SITE_URL) return httpOrigin(env.NEXT_PUBLIC_SITE_URL, "NEXT_PUBLIC_SITE_URL");
  return env.NODE_ENV === "production" ? undefined : "http://localhost:3000";
}

/**
 * The Content-Security-Policy value.
 * @param {SecurityEnv} env
 * @returns {string}
 */
export function contentSecurityPolicy(env) {
  const production = env.NODE_ENV === "production";
  const rpcOrigin = httpOrigin(env.NEXT_PUBLIC_PULSECHAIN_RPC_URL || DEFAULT_BROWSER_RPC_URL, "NEXT_PUBLIC_PULSECHAIN_RPC_URL");
  /** @type {[string, string[]][]} */
  const directives = [
    ["default-src", ["'self'"]],
    // 'unsafe-inline': Next's App Router streams each page's data as inline scripts whose text
    // differs per page and per rebuild; no static hash can name them, and a nonce would make
    // every page dynamic. 'unsafe-eval' only for `next dev` (React's dev tooling).
    ["script-src", ["'self'", "'unsafe-inline'", ...(production ? [] : ["'unsafe-eval'"])]],
    // React style attributes, RainbowKit's theme <style>, the signed-in hint's <style>.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    // Operators may give a coin any https:// logo (lib/listings/schemas.ts); the wallet
    // kit's icons are data: URIs.
    ["img-src", ["'self'", "data:", "https:"]],
    ["font-src", ["'self'"]],
    ["connect-src", unique(["'self'", rpcOrigin, ...WALLET_KIT_CONNECT_SOURCES])],
    // 'self': the Embed dialog previews the site's own card (app/embed/) in an iframe.
    ["frame-src", ["'self'", ...WALLET_KIT_FRAME_SOURCES]],
    ["frame-ancestors", ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/**
 * Every security header, in a stable order.
 * @param {SecurityEnv} env
 * @returns {Header[]}
 */
export function securityHeaders(env) {
  /** @type {Header[]} */
  const headers = [...STATIC_SECURITY_HEADERS, { key: "Content-Security-Policy", value: contentSecurityPolicy(env) }];
  // Browsers ignore HSTS over plain http, but a site configured for http (development) must not
  // teach a browser that reached it over https once to refuse http for two years.
  if (canonicalSiteOrigin(env)?.startsWith("https://")) headers.push({ key: "Strict-Transport-Security", value: HSTS_VALUE });
  return headers;
}

/** The paths any site may frame: the embeddable cards (issue 54). Every other page refuses. */
export const FRAMEABLE_PATHS = "/embed/:path*";

/** Every path but the frameable ones, as a next.config.mjs `source` (a negative lookahead). */
export const UNFRAMEABLE_PATHS = "/:path((?!embed(?:/|$)).*)";

/**
 * The headers of the embeddable cards: the same as every response's but framing allowed. Their
 * Content-Security-Policy (frame-ancestors *, nothing but the card's own inline style and script)
 * is set by the card's route, which knows those hashes (lib/embed/card-html.ts).
 * @param {SecurityEnv} env
 * @returns {Header[]}
 */
export function embedSecurityHeaders(env) {
  return securityHeaders(env).filter(({ key }) => key !== "X-Frame-Options" && key !== "Content-Security-Policy");
}

/**
 * @param {string} value
 * @param {string} name The variable it came from, for the error message.
 * @returns {string}
 */
function httpOrigin(value, name) {
  /** @type {URL} */
  let url;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`${name} is not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`${name} must be an http(s) URL: ${JSON.stringify(value)}`);
  return url.origin;
}

/**
 * @param {string[]} values
 * @returns {string[]}
 */
function unique(values) {
  return [...new Set(values)];
}
