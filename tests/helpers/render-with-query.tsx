// Renders a component inside a fresh TanStack Query client configured as the app's (no retry,
// never stale, a 401 re-reads the signed-in user), with the signed-in state already answered:
// a user, null (signed out), or "pending" (GET /api/auth/user has not answered; the test's
// fetch decides whether it ever will).
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { AUTH_USER_QUERY_KEY } from "@/lib/auth/client";
import { createQueryClient } from "@/lib/query-client";
import type { AuthUser } from "@/lib/validation/auth";

export type AuthAnswer = "pending" | AuthUser | null;

export const alice: AuthUser = {
  id: 1,
  address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  createdAt: "2026-11-21T10:00:00.000Z",
};

export function renderWithQueryClient(ui: React.ReactElement, auth: AuthAnswer = null) {
  const client = createQueryClient();
  if (auth !== "pending") client.setQueryData(AUTH_USER_QUERY_KEY, auth);
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}
