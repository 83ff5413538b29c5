// next-auth's HTTP endpoints, narrowed to the three this app uses and answered in the API's
// JSON shape. next-auth itself still checks the CSRF token and issues or clears the session
// cookie; this file decides which requests reach it and translates its redirects into JSON.
import "server-only";
import NextAuth from "next-auth";
import { NextResponse } from "next/server";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { readFormOrJsonBody } from "@/lib/api/body";
import { parseCookies } from "@/lib/api/cookies";
import { assertSameOrigin } from "@/lib/api/same-origin";
import { getDb } from "@/lib/db";
import { buildAuthOptions } from "./auth-options";
import { authServiceUnavailable, getAuthConfig, SESSION_MAX_AGE_SECONDS, type AuthConfig } from "./config";
import { sessionIdFromCookie } from "./current-user";
import { deleteSession } from "./sessions";
import { signedInHintCookie } from "./signed-in-hint";
import { SIGN_IN_REFUSAL_MESSAGES, type SignInRefusal } from "./sign-in";
import { MAX_MESSAGE_LENGTH } from "./siwe-rules";

const csrfToken = z.string().min(1).max(256);

const ACTIONS = {
  csrf: { method: "GET", body: null },
  "callback/credentials": {
    method: "POST",
    body: z.strictObject({
      csrfToken,
      message: z.string().min(1).max(MAX_MESSAGE_LENGTH),
      signature: z.string().min(1).max(4096),
    }),
  },
  signout: { method: "POST", body: z.strictObject({ csrfToken }) },
} as const;

type Action = keyof typeof ACTIONS;

export async function handleNextAuthRequest(request: Request, segments: string[]): Promise<Response> {
  const action = segments.join("/");
  if (!Object.hasOwn(ACTIONS, action)) throw new ApiError(404, "not_found", `No auth endpoint /api/auth/${action}.`);
  const spec = ACTIONS[action as Action];
  if (request.method !== spec.method) {
    throw new ApiError(405, "method_not_allowed", `This endpoint accepts ${spec.method} only.`);
  }
  const auth = getAuthConfig();
  if (!auth.ok) throw authServiceUnavailable(auth.missing);
  // Signing in and out change state like any other write: only from the site's own pages, and
  // refused (403) before the body is read, so a foreign page cannot spend a nonce or end a session.
  if (spec.method === "POST") assertSameOrigin(request, auth.config.origins);

  const body = spec.body ? spec.body.parse(await readFormOrJsonBody(request)) : undefined;
  // Signing in again over a live session (the admin page's "sign again") replaces it: the old
  // row is deleted once the new one exists, so the cookie it belonged to stops working.
  const replacedSessionId = action === "callback/credentials" ? await sessionIdFromCookie(request, auth.config) : null;
  const result = await runNextAuth(auth.config, request, segments, body);

  let response: NextResponse;
  if (action === "csrf") {
    response = NextResponse.json({ csrfToken: csrfToken.parse((result.body as { csrfToken?: unknown })?.csrfToken) });
  } else {
    // With json=true next-auth answers { url } where it would redirect; the URL says how it went.
    const url = new URL(String((result.body as { url?: unknown })?.url ?? ""), auth.config.origins[0]);
    if (url.searchParams.get("csrf") === "true") {
      throw new ApiError(403, "csrf_failed", "The sign-in form has expired. Reload the page and try again.");
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
    response.headers.append("Set-Cookie", signedInHintCookie({ maxAgeSeconds, secure: auth.config.secureCookies }));
  }
  return response;
}

function signInFailure(error: string): ApiError {
  if (Object.hasOwn(SIGN_IN_REFUSAL_MESSAGES, error)) {
    const refusal = error as SignInRefusal;
    return new ApiError(401, refusal, SIGN_IN_REFUSAL_MESSAGES[refusal]);
  }
  // Not one of our refusals: something failed inside sign-in (logged where it happened).
  return new ApiError(500, "internal_error", "Sign-in failed on our side. Please try again.");
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
  await (NextAuth as (req: unknown, res: unknown, options: unknown) => Promise<unknown>)(nextAuthRequest, response, buildAuthOptions(config));
  return result;
}
