// next-auth v4 for Sign-In with Ethereum, narrowed to the three actions this app uses (csrf,
// callback/credentials, signout) and answered in the API's JSON shape. One credentials provider
// whose `authorize` runs our checks (lib/auth/sign-in.server.ts); JWT session cookies that name a
// server-side session row (lib/auth/sessions.server.ts). next-auth itself checks the CSRF token
// and issues or clears the session cookie; this file decides which requests reach it and answers
// from what happened: a refusal is the DomainError `authorize` threw, kept for this request.
//
// A wrapper, not next-auth's App Router handler, because the product answers JSON refusals
// (`{ "error": { "code", "message" } }`, a 401 per refusal) where next-auth answers a redirect
// whose URL carries the error as a string. It runs next-auth's framework-neutral entry (the one
// its Pages Router support uses) on a small request/response recorder: its App Router entry reads
// next/headers, which only exists inside Next's request scope, so the API tests could not call the route.
import "server-only";
import NextAuth, { type AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { NextResponse } from "next/server";
import { DomainError } from "@/lib/errors/domain-error";
import { parseCookies } from "@/lib/shared/cookies";
import { getDb } from "@/lib/db/get-db.server";
import { clientIp } from "@/lib/security/client-ip.server";
import { csrfSchema } from "@/lib/auth/schemas";
import { requireAuthConfig, SESSION_MAX_AGE_SECONDS, type AuthConfig } from "./config.server";
import { sessionIdFromCookie, sessionToken } from "./current-user.server";
import { createSession, deleteSession } from "./sessions.server";
import { signedInHintCookie } from "./signed-in-hint-cookie";
import { signInWithEthereum } from "./sign-in.server";

export type NextAuthAction = "csrf" | "callback/credentials" | "signout";

/**
 * What `authorize` did with one request, for runNextAuthAction to answer from: next-auth itself
 * only reports a failure as a string in a redirect URL.
 */
type SignInOutcome = { authorized: boolean; failure?: DomainError };

/**
 * Runs one of next-auth's three actions on a request the declared route has already checked
 * (origin, body, rate limit) and answers in the API's JSON shape. How it went is read from what
 * happened (did `authorize` run and succeed, was the session cookie set or cleared), never from the
 * redirect URL next-auth would send a browser to.
 */
export async function runNextAuthAction(action: NextAuthAction, request: Request, body?: Record<string, string>): Promise<Response> {
  const config = requireAuthConfig();
  // Signing in again over a live session (the admin page's "sign again") replaces it: the old
  // row is deleted once the new one exists, so the cookie it belonged to stops working.
  const replacedSessionId = action === "callback/credentials" ? await sessionIdFromCookie(request, config) : null;
  const outcome: SignInOutcome = { authorized: false };
  const result = await runNextAuth(config, request, action.split("/"), body, outcome);

  let response: NextResponse;
  if (action === "csrf") {
    response = NextResponse.json({ csrfToken: csrfSchema.shape.csrfToken.parse((result.body as { csrfToken?: unknown })?.csrfToken) });
  } else {
    const sessionCookie = result.setCookies.find((cookie) => cookie.startsWith(`${config.sessionCookieName}=`));
    if (action === "callback/credentials") {
      if (outcome.failure) throw outcome.failure;
      // next-auth checks the form's CSRF token before it calls `authorize`, and refuses without it.
      if (!outcome.authorized) throw csrfFailed();
      if (!sessionCookie) {
        console.error(`[auth] next-auth answered ${result.status} without a session cookie after a successful authorize`);
        throw signInFailed();
      }
      if (replacedSessionId) await deleteSession(getDb(), replacedSessionId);
    } else if (!sessionCookie && sessionToken(request, config)) {
      // next-auth clears the session cookie on every sign-out it carries out, and only with a valid
      // CSRF token. Without a session cookie there is nothing to end: a second sign-out racing the
      // first (the wallet kit's and the account switch's) is done, not refused.
      throw csrfFailed();
    }
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

function csrfFailed(): DomainError {
  return new DomainError("csrf_failed", "The sign-in form has expired. Reload the page and try again.");
}

/** Something failed on our side (logged where it happened): nothing the person signing in can mend. */
function signInFailed(): DomainError {
  return new DomainError("sign_in_failed", "Sign-in failed on our side. Please try again.");
}

type NextAuthResult = { status: number; body: unknown; setCookies: string[] };

/**
 * Runs next-auth's request handler on a plain request object and a response recorder. This is
 * next-auth's framework-neutral entry (the one its Pages Router support uses): unlike its App
 * Router entry it does not read next/headers, so it behaves the same in tests as in the server.
 */
async function runNextAuth(
  config: AuthConfig,
  request: Request,
  segments: string[],
  body: Record<string, string> | undefined,
  outcome: SignInOutcome,
): Promise<NextAuthResult> {
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
    // json=true: { url } in the body instead of a 302, which the route does not pass on.
    body: body ? { ...body, json: "true" } : undefined,
  };
  await (NextAuth as (req: unknown, res: unknown, options: unknown) => Promise<unknown>)(nextAuthRequest, response, buildAuthOptions(config, request, outcome));
  return result;
}

/**
 * `request`: the HTTP request being answered; its client IP is whose budget a sign-in's chain
 * check spends. `outcome` is filled in by `authorize`.
 */
function buildAuthOptions(config: AuthConfig, request: Request, outcome: SignInOutcome): AuthOptions {
  return {
    secret: config.secret,
    useSecureCookies: config.secureCookies,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Ethereum",
        credentials: { message: { type: "text" }, signature: { type: "text" } },
        async authorize(credentials) {
          // A throw stops next-auth's sign-in; the error itself is kept in `outcome` for the route.
          try {
            const user = await signInWithEthereum(
              getDb(),
              { message: credentials?.message ?? "", signature: credentials?.signature ?? "" },
              { origins: config.origins, rpcUrl: config.rpcUrl, clientIp: clientIp(request) },
            );
            outcome.authorized = true;
            return { id: String(user.id), address: user.address };
          } catch (error) {
            if (!(error instanceof DomainError)) console.error("[auth] sign-in failed", error);
            outcome.failure = error instanceof DomainError ? error : signInFailed();
            throw outcome.failure;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        // `user` is present only at sign-in: open the server-side session the cookie names.
        if (user) token.sid = await createSession(getDb(), Number(user.id));
        return token;
      },
      // Never send anyone anywhere but our own origin.
      redirect: () => config.origins[0]!,
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string") await deleteSession(getDb(), token.sid);
      },
    },
    logger: {
      error: (code, metadata) => console.error(`[next-auth] ${code}`, metadata),
      // NEXTAUTH_URL is not set, and need not be: the redirect callback above pins every URL
      // next-auth makes to our origin, and the route reads none of them.
      warn: (code) => void (code !== "NEXTAUTH_URL" && console.warn(`[next-auth] ${code}`)),
      debug: () => {},
    },
  };
}
