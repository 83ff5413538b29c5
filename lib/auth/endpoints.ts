// Signing in: the login redirect, and Sign-In with Ethereum through next-auth. Each declaration is
// the one the server's wrapper enforces, the OpenAPI document describes and the browser's client
// calls (lib/contract/endpoint.ts says how).
import { endpoint, noQuerySchema } from "@/lib/contract/endpoint";
import { z } from "@/lib/shared/zod";
import { safeReturnPath } from "@/lib/auth/login-redirect";
import { signInBodySchema, signOutBodySchema } from "./form-schemas";
import { authOkSchema, authUserSchema, csrfSchema, nonceSchema } from "./schemas";

export const login = endpoint({
  method: "GET",
  summary: "Sends the visitor (303) to the page that connects a wallet and signs in, then back to `returnTo` or the referring page.",
  path: "/api/login",
  access: "public",
  cache: "none",
  query: z.strictObject({
    returnTo: z
      .string()
      .refine((value) => safeReturnPath(value) !== null, "must be a path on this site, such as /watchlist.")
      .optional(),
  }),
  response: z.unknown(),
});

export const nonce = endpoint({
  method: "POST",
  summary: "A single-use nonce for a Sign-In with Ethereum message.",
  path: "/api/auth/nonce",
  access: "site",
  cache: "none",
  rateLimit: "nonce",
  response: nonceSchema,
});

export const csrf = endpoint({
  method: "GET",
  summary: "next-auth's CSRF token for the sign-in and sign-out forms.",
  path: "/api/auth/csrf",
  access: "public",
  cache: "none",
  query: noQuerySchema,
  response: csrfSchema,
});

export const signIn = endpoint({
  method: "POST",
  summary: "Signs in with a signed Sign-In with Ethereum message; sets the session cookie.",
  path: "/api/auth/callback/credentials",
  access: "site",
  cache: "none",
  body: signInBodySchema,
  bodyType: "form",
  rateLimit: "sign-in",
  response: authOkSchema,
});

export const signOut = endpoint({
  method: "POST",
  summary: "Ends the session.",
  path: "/api/auth/signout",
  access: "site",
  cache: "none",
  body: signOutBodySchema,
  bodyType: "form",
  response: authOkSchema,
});

export const authUser = endpoint({
  method: "GET",
  summary: "The signed-in user (401 when signed out).",
  path: "/api/auth/user",
  access: "public",
  cache: "none",
  query: noQuerySchema,
  response: authUserSchema,
});
