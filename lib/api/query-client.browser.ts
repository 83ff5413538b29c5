// The app's TanStack Query client. Defaults follow spec section 7: no retry, data never goes
// stale, no refetch on focus, no polling. Any call answered 401 means the session ended (signed
// out in another tab, expired), so the signed-in state is read again and the page follows it;
// except 401 reauthentication_required (an admin write with an old signature): that session is
// alive, and the admin page asks for a fresh signature itself.
//
// There is no root provider: the parts of a page that read data in the browser wrap themselves in
// a QueryProvider (components/shell/query-provider.tsx), most of them inside code they load when first
// needed, so pages that read nothing at once (/, /playground, /get-listed) do not carry TanStack
// Query on their first load. All of them share the browser's one client: one cache per tab.
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiCallError } from "./fetch-json.browser";
import { AUTH_USER_QUERY_KEY } from "./sign-in-calls.browser";

export function createQueryClient(): QueryClient {
  const onError = (error: Error) => {
    if (error instanceof ApiCallError && error.status === 401 && error.code !== "reauthentication_required") {
      void client.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
    }
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

let browserClient: QueryClient | undefined;

/**
 * The browser's client, created on first use. On the server a new one per call, so server renders
 * never share cached data between visitors (TanStack's pattern for the App Router).
 */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  return (browserClient ??= createQueryClient());
}

/** Tests start each render from a fresh client: this one becomes the browser's client. */
export function setBrowserQueryClient(client: QueryClient): void {
  browserClient = client;
}
