// next-auth's HTTP endpoints, narrowed to the three this app uses and answered in the API's
// JSON shape. next-auth itself still checks the CSRF token and issues or clears the session
// cookie; this file decides which requests reach it and translates its redirects into JSON.
import "server-only";
import NextAuth from "next-auth";
import { NextResponse } from "next/server";
import { DomainError } from "@/lib/errors/domain-error";
import { parseCookies } from "@/lib/shared/cookies";
import { getDb } from "@/lib/db/get-db.server";
import { csrfSchema } from "@/lib/auth/schemas";
import { buildAuthOptions } from "./auth-options.server";
import { requireAuthConfig, SESSION_MAX_AGE_SECONDS, type AuthConfig } from "./config.server";
import { sessionIdFromCookie } from "./current-user.server";
import { deleteSession } from "./sessions.server";
import { signedInHintCookie } from "./signed-in-hint";
import { SIGN_IN_REFUSAL_MESSAGES, type SignInRefusal } from "./sign-in.server";

export type NextAuthAction = "csrf" | "callback/credentials" | "signout";

/**
 * Runs one of next-auth's three actions on a request the declared route has already checked
 * (origin, body, rate limit) and answers in the API's JSON shape.
 */
export async function runNextAuthAction(action: NextAuthAction, request: Request, body?: Record<string, string>): Promise<Response> {
  const config = requireAuthConfig();
  // Signing in again over a live session (the admin page's "sign again") replaces it: the old
  // row is deleted once the new one exists, so the cookie it belonged to stops working.
  const replacedSessionId = action === "callback/credentials" ? await sessionIdFromCookie(request, config) : null;
  const result = await runNextAuth(config, request, action.split("/"), body);

  let response: NextResponse;
  if (action === "csrf") {
    response = NextResponse.json({ csrfToken: csrfSchema.shape.csrfToken.parse((result.body as { csrfToken?: unknown })?.csrfToken) });
  } else {
    // With json=true next-auth answers { url } where it would redirect; the URL says how it went.
    const url = new URL(String((result.body as { url?: unknown })?.url ?? ""), config.origins[0]);
    if (url.searchParams.get("csrf") === "true") {
      throw new DomainError("csrf_failed", "The sign-in form has expired. Reload the page and try again.");
    }
    const error = url.searchParams.get("error");
    if (error !== null) throw signInFailure(error);
    if (replacedSessionId) await deleteSession(getDb(), replacedSessionId);
    response = NextResponse.json({ ok: true });
  }
  response.headers.set("Cache-Control", "no-store");
  for (const cookie of result.setCookies) response.headers.append("Set-Cookie", cookie);
  // The readable "signed in" hint follows the session cookie: set with it (same lifetime) on a
  // sign-in, cleared on a sign-out. Failures threw above and leave both as they were.
  if (action !== "csrf") {
    const maxAgeSeconds = action === "callback/credentials" ? SESSION_MAX_AGE_SECONDS : 0;
    response.headers.append("Set-Cookie", signedInHintCookie({ maxAgeSeconds, secure: config.secureCookies }));
  }
  return response;
}

function signInFailure(error: string): DomainError {
  if (Object.hasOwn(SIGN_IN_REFUSAL_MESSAGES, error)) {
    const refusal = error as SignInRefusal;
    return new DomainError(refusal, SIGN_IN_REFUSAL_MESSAGES[refusal]);
  }
  // Not one of our refusals: something failed inside sign-in (logged where it happened).
  return new DomainError("sign_in_failed", "Sign-in failed on our side. Please try again.");
}

type NextAuthResult = { status: number; body: unknown; setCookies: string[] };

/**
 * Runs next-auth's request handler on a plain request object and a response recorder. This is
 * next-auth's framework-neutral entry (the one its Pages Router support uses): unlike its App
 * Router entry it does not read next/headers, so it behaves the same in tests as in the server.
 */
async function runNextAuth(config: AuthConfig, request: Request, segments: string[], body?: Record<string, string>): Promise<NextAuthResult> {
  const result: NextAuthResult = { status: 200, body: undefined, setCookies: [] };
  const response = {
    status(code: number) {
      result.status = code;
      return response;
    },
    getHeader(name: string) {
      return name.toLowerCase() === "set-cookie" ? result.setCookies : undefined;
    },
    setHeader(name: string, value: string | string[]) {
      if (name.toLowerCase() === "set-cookie") result.setCookies = Array.isArray(value) ? [...value] : [value];
      return response;
    },
    json(value: unknown) {
      result.body = value;
      return response;
    },
    send(value: unknown) {
      result.body = value;
      return response;
    },
    end() {
      return response;
    },
  };
  const nextAuthRequest = {
    method: request.method,
    query: { nextauth: segments },
    headers: Object.fromEntries(request.headers),
    cookies: parseCookies(request),
    // json=true: answer { url } instead of redirecting, so we can turn it into JSON.
    body: body ? { ...body, json: "true" } : undefined,
  };
  await (NextAuth as (req: unknown, res: unknown, options: unknown) => Promise<unknown>)(nextAuthRequest, response, buildAuthOptions(config, request));
  return result;
}
