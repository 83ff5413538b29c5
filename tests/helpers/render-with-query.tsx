// Renders a component inside a fresh TanStack Query client configured as the app's (no retry,
// never stale, a 401 re-reads the signed-in user), installed as the browser's one client (the
// parts of a page that load TanStack Query on first use take it from there), with the signed-in
// state already answered:
// a user, null (signed out), or "pending" (GET /api/auth/user has not answered; the test's
// fetch decides whether it ever will). The "signed in" hint cookie follows the answer, as in a
// browser: present for a user or "pending" (the browser only asks when it holds the hint),
// absent for null; `hint` overrides that.
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { Toaster } from "@/components/ui/toaster";
import { AUTH_USER_QUERY_KEY } from "@/lib/api/sign-in-calls.browser";
import { signedInHintChanged } from "@/lib/api/signed-in-hint.browser";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/signed-in-hint";
import { createQueryClient, setBrowserQueryClient } from "@/lib/api/query-client.browser";
import type { AuthUser } from "@/lib/auth/schemas";

export type AuthAnswer = "pending" | AuthUser | null;

export const alice: AuthUser = {
  id: 1,
  address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  createdAt: "2026-11-21T10:00:00.000Z",
};

/** Sets or clears the hint cookie in jsdom's document.cookie, as the server's Set-Cookie would. */
export function setSignedInHint(on: boolean): void {
  document.cookie = on ? `${SIGNED_IN_HINT_COOKIE}=1; Path=/` : `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0`;
  signedInHintChanged();
}

/** A fresh client, installed as the browser's: what a new page load starts with. */
export function freshQueryClient() {
  const client = createQueryClient();
  setBrowserQueryClient(client);
  return client;
}

export function renderWithQueryClient(ui: React.ReactElement, auth: AuthAnswer = null, { hint = auth !== null }: { hint?: boolean } = {}) {
  setSignedInHint(hint);
  const client = freshQueryClient();
  // Signed out without the hint is what a browser has before anything was asked: no answer cached.
  if (auth !== "pending" && (auth !== null || hint)) client.setQueryData(AUTH_USER_QUERY_KEY, auth);
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

/** A page as the layout shows it: the view with the toaster its writes report to. */
export function renderPageWithToaster(page: React.ReactElement, auth: AuthAnswer = null) {
  return renderWithQueryClient(
    <>
      {page}
      <Toaster />
    </>,
    auth,
  );
}
