// next-auth v4 set up for Sign-In with Ethereum: one credentials provider whose `authorize`
// runs our checks, JWT session cookies that name a server-side session row.
import "server-only";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db/get-db.server";
import { clientIp } from "@/lib/security/client-ip.server";
import { SESSION_MAX_AGE_SECONDS, type AuthConfig } from "./config.server";
import { createSession, deleteSession } from "./sessions.server";
import { SignInError, signInWithEthereum } from "./sign-in.server";

/** `request`: the HTTP request being answered; its client IP is whose budget a sign-in's chain check spends. */
export function buildAuthOptions(config: AuthConfig, request: Request): AuthOptions {
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
          // next-auth turns a thrown error's message into the ?error= of its answer: our refusal
          // code, or "internal_error" for anything unexpected (logged here, never shown).
          try {
            const user = await signInWithEthereum(
              getDb(),
              { message: credentials?.message ?? "", signature: credentials?.signature ?? "" },
              { origins: config.origins, rpcUrl: config.rpcUrl, clientIp: clientIp(request) },
            );
            return { id: String(user.id), address: user.address };
          } catch (error) {
            if (error instanceof SignInError) throw error;
            console.error("[auth] sign-in failed", error);
            throw new Error("internal_error");
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
      warn: (code) => console.warn(`[next-auth] ${code}`),
      debug: () => {},
    },
  };
}
