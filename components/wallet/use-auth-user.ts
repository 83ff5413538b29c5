"use client";

import { useQuery } from "@tanstack/react-query";
import { AUTH_USER_QUERY_KEY, fetchAuthUser } from "@/lib/auth/client";

/**
 * The signed-in user (null when signed out), from GET /api/auth/user: the one place the client
 * learns whether someone is signed in. No retry (the app's default): a 401 is an answer.
 */
export function useAuthUser() {
  return useQuery({ queryKey: AUTH_USER_QUERY_KEY, queryFn: fetchAuthUser });
}
