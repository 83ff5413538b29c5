// The browser's side of sign-in: the calls the wallet kit's authentication adapter makes.
// Sign-in and sign-out go through next-auth's endpoints with its CSRF token, as forms.
import { fetchJson } from "@/lib/api/fetch-json";

// Loaded with the first answer, not with the page (see LazyBodyParser).
const schemas = () => import("@/lib/validation/auth");
const authOkSchema = () => schemas().then((m) => m.authOkSchema);
const authUserSchema = () => schemas().then((m) => m.authUserSchema);
const csrfSchema = () => schemas().then((m) => m.csrfSchema);
const nonceSchema = () => schemas().then((m) => m.nonceSchema);

/** TanStack Query key of the signed-in user; invalidated whenever sign-in state changes. */
export const AUTH_USER_QUERY_KEY = ["auth", "user"] as const;

/** GET /api/auth/user: the user, or null when signed out (a 401 is an answer, not an error). */
export function fetchAuthUser() {
  return fetchJson("/api/auth/user", authUserSchema, { on401: "returnNull" });
}

export async function fetchNonce(): Promise<string> {
  return (await fetchJson("/api/auth/nonce", nonceSchema, { method: "POST" })).nonce;
}

async function postAuthForm(path: string, fields: Record<string, string>): Promise<void> {
  const { csrfToken } = await fetchJson("/api/auth/csrf", csrfSchema);
  await fetchJson(path, authOkSchema, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...fields, csrfToken }).toString(),
  });
}

/** Sends the signed SIWE message; throws HttpError (401 with the refusal) when refused. */
export function submitSignIn(message: string, signature: string): Promise<void> {
  return postAuthForm("/api/auth/callback/credentials", { message, signature });
}

export function signOutSession(): Promise<void> {
  return postAuthForm("/api/auth/signout", {});
}
