// The browser's typed client for the declared endpoints. A call names the feature's endpoints file
// as a loader, `() => import("@/lib/alerts/endpoints")`, and the endpoint's name in it: the method,
// path and body encoding come from that declaration, a body the server would refuse is not sent
// (the same zod schema checks it here first), and the answer is checked against the declared
// response. The file loads with the first call, not with the page (zod is large), and a page
// loads only the files of the features it calls, never every feature's schemas.
import type { BodyInputOf, Endpoint, EndpointNameIn, ParamsInputOf, QueryInputOf, ResponseOf } from "@/lib/contract/endpoint";
import { ApiCallError, fetchJson } from "./fetch-json.browser";
import { describeZodIssues } from "./zod-message";

/** A feature's endpoints file, loaded on demand: `() => import("@/lib/alerts/endpoints")`. */
export type EndpointsFile<M> = () => Promise<M>;

export type CallInput<E> = {
  params?: ParamsInputOf<E>;
  query?: QueryInputOf<E>;
  body?: BodyInputOf<E>;
  /** Fire-and-forget calls that must outlive the page (see countComparison). */
  keepalive?: boolean;
};

/** Calls a declared endpoint; a non-success throws ApiCallError (as fetchJson does). */
export async function callApi<M, N extends EndpointNameIn<M>>(file: EndpointsFile<M>, name: N, input?: CallInput<M[N]>): Promise<ResponseOf<M[N]>>;
export async function callApi<M, N extends EndpointNameIn<M>>(
  file: EndpointsFile<M>,
  name: N,
  input: CallInput<M[N]>,
  options: { on401: "returnNull" },
): Promise<ResponseOf<M[N]> | null>;
export async function callApi<M, N extends EndpointNameIn<M>>(
  file: EndpointsFile<M>,
  name: N,
  input: CallInput<M[N]> = {},
  options: { on401?: "returnNull" } = {},
): Promise<unknown> {
  const endpoint = (await file())[name] as Endpoint;
  let body: string | undefined;
  const headers: Record<string, string> = {};
  if (endpoint.body) {
    const checked = endpoint.body.safeParse(input.body);
    if (!checked.success) {
      // What the server would have answered, without the round trip.
      throw new ApiCallError(400, "bad_request", describeZodIssues(checked.error));
    }
    if (endpoint.bodyType === "form") {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(input.body as Record<string, string>).toString();
    } else {
      body = JSON.stringify(input.body);
    }
  }
  const url = endpointUrl(endpoint.path, input.params as Record<string, unknown> | undefined, input.query as Record<string, unknown> | undefined);
  return fetchJson(url, endpoint.response, {
    method: endpoint.method,
    headers,
    ...(body !== undefined && { body }),
    ...(input.keepalive && { keepalive: true }),
    ...(options.on401 && { on401: options.on401 }),
  } as Parameters<typeof fetchJson>[2] & { on401: "returnNull" });
}

/** "/api/watchlist/:coinId" with { coinId: "pls" } -> "/api/watchlist/pls"; the query appended. */
export function endpointUrl(path: string, params: Record<string, unknown> = {}, query: Record<string, unknown> = {}): string {
  const filled = path.replace(/:([A-Za-z0-9]+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}
