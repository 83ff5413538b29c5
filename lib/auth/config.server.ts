// Sign-in configuration, resolved once from the environment. Fails closed: without a secret or
// an origin allowlist there is no sign-in (routes answer 503), never a guessed default in
// production.
import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DomainError } from "@/lib/errors/domain-error";
import { getEnv } from "@/lib/config/env";

/** How long a session lasts at most (cookie JWT and session row alike), however much it is used. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** A session unused for this long ends (a sliding window on the session row's lastSeenAt). */
export const SESSION_IDLE_TIMEOUT_MS = 24 * 60 * 60 * 1000;
/** lastSeenAt is written only once it is this old, not on every request (lib/auth/sessions.server.ts). */
export const SESSION_LAST_SEEN_REFRESH_MS = 5 * 60 * 1000;
/** Admin writes need a wallet signature (the session's sign-in) at most this old. */
export const OPERATOR_SIGNATURE_MAX_AGE_MS = 15 * 60 * 1000;
/** How long an issued nonce can be used, and how old a message's issuedAt may be. */
export const NONCE_TTL_MS = 10 * 60 * 1000;
/** Tolerated difference between the wallet's clock and ours for issuedAt / notBefore. */
export const CLOCK_SKEW_MS = 60 * 1000;

export type AuthConfig = {
  /** Where sign-in is accepted; the first one is canonical (where next-auth's redirect callback points). */
  origins: string[];
  secret: string;
  secureCookies: boolean;
  sessionCookieName: string;
  rpcUrl: string;
};

export type AuthConfigResult = { ok: true; config: AuthConfig } | { ok: false; missing: string };

let cached: AuthConfigResult | undefined;

export function getAuthConfig(): AuthConfigResult {
  cached ??= resolveAuthConfig();
  return cached;
}

/** Tests change the environment between suites. */
export function resetAuthConfigCache(): void {
  cached = undefined;
}

/**
 * The site's own origins: where sign-in is accepted and where state-changing requests may come
 * from. AUTH_ORIGINS, else NEXT_PUBLIC_SITE_URL's origin, else (outside production only) the dev
 * server's; undefined when production configures neither.
 */
export function getSiteOrigins(): string[] | undefined {
  const env = getEnv();
  if (env.AUTH_ORIGINS) return env.AUTH_ORIGINS;
  if (env.NEXT_PUBLIC_SITE_URL) return [new URL(env.NEXT_PUBLIC_SITE_URL).origin];
  return env.NODE_ENV === "production" ? undefined : ["http://localhost:3000"];
}

function resolveAuthConfig(): AuthConfigResult {
  const env = getEnv();
  const production = env.NODE_ENV === "production";
  const origins = getSiteOrigins();
  if (!origins) return { ok: false, missing: "AUTH_ORIGINS (or NEXT_PUBLIC_SITE_URL)" };
  const secret = env.NEXTAUTH_SECRET ?? (production ? undefined : developmentSecret());
  if (!secret) return { ok: false, missing: "NEXTAUTH_SECRET" };

  const secureCookies = secureCookiesFor(origins, production);
  return {
    ok: true,
    config: {
      origins,
      secret,
      secureCookies,
      // next-auth's own cookie names; the __Secure- prefix only works over https.
      sessionCookieName: secureCookies ? "__Secure-next-auth.session-token" : "next-auth.session-token",
      rpcUrl: env.PULSECHAIN_RPC_URL,
    },
  };
}

/**
 * Whether the session, CSRF and hint cookies are `Secure` (and next-auth's get the `__Secure-` /
 * `__Host-` name prefixes: `__Secure-next-auth.session-token` instead of `next-auth.session-token`).
 *
 * In production: whenever ANY configured origin is https, whichever is listed first. A site served
 * over https must never hand out a session cookie that a browser would also send over plain http,
 * and the order of AUTH_ORIGINS is not a security setting: listing `http://localhost:3000` first
 * (or at all) for a local check must not downgrade the real site's cookies. The price: sign-in on
 * a plain-http origin other than localhost/127.0.0.1 (which browsers treat as secure) does not
 * work beside an https one in production, since browsers refuse Secure cookies there.
 *
 * Outside production: when the canonical (first) origin is https, so `npm run dev` on
 * http://localhost keeps working whatever else is listed.
 *
 * Changing the rule changes the cookie's name for a deployment it affects: sessions under the
 * old name are not read any more, and their users sign in again once.
 */
export function secureCookiesFor(origins: readonly string[], production: boolean): boolean {
  const https = (origin: string) => origin.startsWith("https://");
  return production ? origins.some(https) : https(origins[0]!);
}

/**
 * Outside production a missing NEXTAUTH_SECRET is replaced by a random one kept next to the
 * embedded database (data/, git-ignored), so `npm run dev` works on a fresh clone and sessions
 * survive restarts. Production must configure its own.
 */
function developmentSecret(): string {
  const file = path.resolve("data/.auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    } catch {
      // another process wrote it first
    }
    return readFileSync(file, "utf8").trim();
  }
}

/** The sign-in configuration, or the 503 a sign-in-dependent route answers without one. */
export function requireAuthConfig(): AuthConfig {
  const auth = getAuthConfig();
  if (!auth.ok) throw authServiceUnavailable(auth.missing);
  return auth.config;
}

/** What a sign-in-dependent route answers when the server has no sign-in configuration. */
export function authServiceUnavailable(missing: string): DomainError {
  console.error(`[auth] wallet sign-in is off: set ${missing}`);
  return new DomainError("unavailable", "Wallet sign-in is not configured on this server.");
}
