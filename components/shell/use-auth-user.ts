"use client";

import { useQuery, type QueryClient } from "@tanstack/react-query";
import { AUTH_USER_QUERY_KEY, fetchAuthUser } from "@/lib/api/sign-in-calls.browser";
import { readSignedInHint } from "@/lib/api/signed-in-hint.browser";
import type { AuthUser } from "@/lib/auth/schemas";
import { useSignedInHint } from "./use-signed-in-hint";

export type AuthUserState = {
  /** The signed-in user; null when signed out; undefined while it is being asked. */
  data: AuthUser | null | undefined;
  isPending: boolean;
};

/**
 * The signed-in user, from GET /api/auth/user: the one place the client learns whether someone is
 * signed in. Asked only while the hint cookie is present: without it the visitor is signed out
 * at once, with no request. No retry (the app's default): a 401 is an answer (and clears the hint).
 */
export function useAuthUser(): AuthUserState {
  const hinted = useSignedInHint();
  const query = useQuery({ queryKey: AUTH_USER_QUERY_KEY, queryFn: fetchAuthUser, enabled: hinted });
  if (!hinted) return { data: null, isPending: false };
  return { data: query.data, isPending: query.isPending };
}

/** After a sign-in or sign-out: reads the hint the server just set or cleared, then the user. */
export async function refreshAuthUser(queryClient: QueryClient): Promise<void> {
  if (readSignedInHint()) {
    // A failure stays in the query's state (the header then offers 'Connect Wallet'); the
    // sign-in itself went through, so it is not an error of the caller's.
    await queryClient.fetchQuery({ queryKey: AUTH_USER_QUERY_KEY, queryFn: fetchAuthUser, staleTime: 0 }).catch(() => undefined);
  } else {
    // Nothing cached: should the hint come back (a sign-in), the user is asked afresh.
    await queryClient.resetQueries({ queryKey: AUTH_USER_QUERY_KEY });
  }
}
