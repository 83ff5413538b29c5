// The calls the wallet kit's authentication adapter makes (components/wallet/siwe-adapter.ts):
// the nonce, the signed SIWE message, signing out. They go through next-auth's endpoints with its
// CSRF token, as forms; the server sets and clears the "signed in" hint beside the session cookie.
// Apart from ./sign-in-calls.browser.ts so that they load with the kit, not with every page.
import { callApi } from "./call-api.browser";
import { signedInHintChanged } from "./signed-in-hint.browser";

const authEndpoints = () => import("@/lib/auth/endpoints");

export async function fetchNonce(): Promise<string> {
  return (await callApi(authEndpoints, "nonce")).nonce;
}

/** Sends the signed SIWE message (the answer sets the hint); throws ApiCallError (401, the refusal as its code) when refused. */
export async function submitSignIn(message: string, signature: string): Promise<void> {
  const { csrfToken } = await callApi(authEndpoints, "csrf");
  await callApi(authEndpoints, "signIn", { body: { message, signature, csrfToken } });
  signedInHintChanged();
}

/** Ends the session; the answer clears the hint. */
export async function signOutSession(): Promise<void> {
  try {
    const { csrfToken } = await callApi(authEndpoints, "csrf");
    await callApi(authEndpoints, "signOut", { body: { csrfToken } });
  } finally {
    signedInHintChanged();
  }
}
