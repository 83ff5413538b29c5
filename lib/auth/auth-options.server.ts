// next-auth v4 set up for Sign-In with Ethereum: one credentials provider whose `authorize`
// runs our checks, JWT session cookies that name a server-side session row.
import "server-only";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db/get-db.server";
import { DomainError } from "@/lib/errors/domain-error";
import { clientIp } from "@/lib/security/client-ip.server";
import { SESSION_MAX_AGE_SECONDS, type AuthConfig } from "./config.server";
import { createSession, deleteSession } from "./sessions.server";
import { signInWithEthereum } from "./sign-in.server";

/**
 * What `authorize` did with one request, for the route to answer from (lib/auth/next-auth-route.server.ts):
 * next-auth itself only reports a failure as a string in a redirect URL.
 */
export type SignInOutcome = { authorized: boolean; failure?: DomainError };

/**
 * `request`: the HTTP request being answered; its client IP is whose budget a sign-in's chain
 * check spends. `outcome` is filled in by `authorize`.
 */
export function buildAuthOptions(config: AuthConfig, request: Request, outcome: SignInOutcome): AuthOptions {
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
            outcome.failure = error instanceof DomainError ? error : new DomainError("sign_in_failed", "Sign-in failed on our side. Please try again.");
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
