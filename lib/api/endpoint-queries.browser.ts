// TanStack Query options made from the endpoint declarations (lib/api/contract.ts). A declared
// read becomes a query and a declared write a mutation, both calling through `callApi`, so a
// view's hook file adds only what is the view's own: its toasts, and which lists a write
// refetches. There is no per-endpoint fetch function to write.
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { callApi, type CallInput } from "./call-api.browser";
import type { EndpointName, Endpoints, ResponseOf } from "./contract";

/**
 * An endpoint's cache key: its name, then what separates one cache entry from another (for a
 * signed-in user's lists, the user's id first, so one user's list is never shown to the next
 * user of the same tab). A key is also a prefix: invalidating `apiKey("watchlist")` refetches
 * every user's and every input's entry of it.
 */
export const apiKey = <N extends EndpointName>(name: N, ...scope: readonly unknown[]) => [name, ...scope] as const;

export type ApiQueryInput<N extends EndpointName> = Omit<CallInput<N>, "body" | "keepalive"> & {
  /** Put in the key before the input: the signed-in user's id for user and operator reads. */
  scope?: readonly unknown[];
};

/** The query for a declared read: keyed by its name, scope and input; fetched with callApi. */
export function apiQuery<N extends EndpointName>(name: N, { scope = [], ...input }: ApiQueryInput<N> = {}) {
  const keyed = input.params === undefined && input.query === undefined ? [] : [{ params: input.params, query: input.query }];
  return queryOptions<ResponseOf<Endpoints[N]>>({
    queryKey: [...apiKey(name, ...scope), ...keyed],
    queryFn: () => callApi(name, input as CallInput<N>),
  });
}

/**
 * The mutation for a declared write. `toInput` maps what the view passes to `mutate` (a coin id,
 * a form's values) onto the call's params and body; without it the view passes the call input.
 */
export function apiMutation<N extends EndpointName, V = CallInput<N>>(name: N, toInput?: (variables: V) => CallInput<N>) {
  return mutationOptions<ResponseOf<Endpoints[N]>, Error, V>({
    mutationKey: apiKey(name),
    mutationFn: (variables: V) => callApi(name, toInput ? toInput(variables) : (variables as CallInput<N>)),
  });
}
