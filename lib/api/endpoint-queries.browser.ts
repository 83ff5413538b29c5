// TanStack Query options made from the endpoint declarations (lib/<feature>/endpoints.ts). A
// declared read becomes a query and a declared write a mutation, both calling through `callApi`
// with the feature's endpoints file and the endpoint's name, so a view's hook file adds only what
// is the view's own: its toasts, and which lists a write refetches. There is no per-endpoint fetch
// function to write.
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { EndpointNameIn, ResponseOf } from "@/lib/contract/endpoint";
import { callApi, type CallInput, type EndpointsFile } from "./call-api.browser";
import type { EndpointName } from "./contract";

/**
 * An endpoint's cache key: its name, then what separates one cache entry from another (for a
 * signed-in user's lists, the user's id first, so one user's list is never shown to the next
 * user of the same tab). A key is also a prefix: invalidating `apiKey("watchlist")` refetches
 * every user's and every input's entry of it.
 */
export const apiKey = <N extends EndpointName>(name: N, ...scope: readonly unknown[]) => [name, ...scope] as const;

export type ApiQueryInput<E> = Omit<CallInput<E>, "body" | "keepalive"> & {
  /** Put in the key before the input: the signed-in user's id for user and operator reads. */
  scope?: readonly unknown[];
};

/** The query for a declared read: keyed by its name, scope and input; fetched with callApi. */
export function apiQuery<M, N extends EndpointNameIn<M>>(file: EndpointsFile<M>, name: N, { scope = [], ...input }: ApiQueryInput<M[N]> = {}) {
  const keyed = input.params === undefined && input.query === undefined ? [] : [{ params: input.params, query: input.query }];
  return queryOptions<ResponseOf<M[N]>>({
    queryKey: [name, ...scope, ...keyed],
    queryFn: () => callApi(file, name, input as CallInput<M[N]>),
  });
}

/**
 * The mutation for a declared write. `toInput` maps what the view passes to `mutate` (a coin id,
 * a form's values) onto the call's params and body; without it the view passes the call input.
 */
export function apiMutation<M, N extends EndpointNameIn<M>, V = CallInput<M[N]>>(file: EndpointsFile<M>, name: N, toInput?: (variables: V) => CallInput<M[N]>) {
  return mutationOptions<ResponseOf<M[N]>, Error, V>({
    mutationKey: [name],
    mutationFn: (variables: V) => callApi(file, name, toInput ? toInput(variables) : (variables as CallInput<M[N]>)),
  });
}
