// The app's TanStack Query client. Defaults follow spec section 7: no retry, data never goes
// stale, no refetch on focus, no polling. Any call answered 401 means the session ended (signed
// out in another tab, expired), so the signed-in state is read again and the page follows it.
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { HttpError } from "./api/fetch-json";
import { AUTH_USER_QUERY_KEY } from "./auth/client";

export function createQueryClient(): QueryClient {
  const onError = (error: Error) => {
    if (error instanceof HttpError && error.status === 401) void client.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false },
      mutations: { retry: false },
    },
  });
  return client;
}
