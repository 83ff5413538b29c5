// Who is signed in: the session cookie (a next-auth JWT) names a session row, and only a
// live row counts. Route handlers call requireSessionUser; it answers 401 JSON otherwise.
import "server-only";
import { decode } from "next-auth/jwt";
import { DomainError } from "@/lib/errors/domain-error";
import { parseCookies } from "@/lib/shared/cookies";
import { getDb } from "@/lib/db/get-db.server";
import { assertSameOrigin } from "@/lib/security/same-origin";
import { getAuthConfig, getSiteOrigins, requireAuthConfig, type AuthConfig } from "./config.server";
import { findSessionUser, type SessionUser } from "./sessions.server";

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const auth = getAuthConfig();
  if (!auth.ok) return null;
  const sessionId = await sessionIdFromCookie(request, auth.config);
  return sessionId ? findSessionUser(getDb(), sessionId) : null;
}

/** The request's session cookie as sent (next-auth's JWT), whether or not it is valid. */
export function sessionToken(request: Request, config: AuthConfig): string | undefined {
  return parseCookies(request)[config.sessionCookieName] || undefined;
}

/** The session row the request's session cookie names, if it carries a valid one (whether or not the row is live). */
export async function sessionIdFromCookie(request: Request, config: AuthConfig): Promise<string | null> {
  const token = sessionToken(request, config);
  if (!token) return null;
  try {
    const sessionId = (await decode({ token, secret: config.secret }))?.sid;
    return typeof sessionId === "string" ? sessionId : null;
  } catch {
    return null; // forged, corrupted or signed with an old secret
  }
}

/** The 401 every signed-in-only endpoint answers without a live session. */
export function unauthenticated(): DomainError {
  return new DomainError("not_signed_in", "Sign in with your wallet to continue.");
}

export async function requireSessionUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw unauthenticated();
  return user;
}

/**
 * For writes to a signed-in user's data: the request must come from the site's own pages
 * (403 otherwise, checked before anything is read) and carry a live session (401 otherwise).
 */
export async function requireSessionUserForWrite(request: Request): Promise<SessionUser> {
  assertSameOrigin(request, requireAuthConfig().origins);
  return requireSessionUser(request);
}

/**
 * For anonymous writes (counting a comparison): no session, but the request must come from the
 * site's own pages (403 otherwise, checked before anything is read).
 */
export function assertWriteFromSite(request: Request): void {
  const origins = getSiteOrigins();
  if (!origins) {
    console.error("[api] writes are refused: set AUTH_ORIGINS (or NEXT_PUBLIC_SITE_URL)");
    throw new DomainError("unavailable", "The site's origin is not configured on this server.");
  }
  assertSameOrigin(request, origins);
}
