// The browser's typed client for the declared endpoints (lib/api/contract.ts): the method, path
// and body encoding come from the declaration, a body the server would refuse is not sent (the
// same zod schema checks it here first), and the answer is checked against the declared
// response. The declarations load with the first call, not with the page (zod is large).
import type { BodyInputOf, EndpointName, Endpoints, ParamsInputOf, QueryInputOf, ResponseOf } from "./contract";
import { ApiCallError, fetchJson } from "./fetch-json.browser";

export type CallInput<N extends EndpointName> = {
  params?: ParamsInputOf<Endpoints[N]>;
  query?: QueryInputOf<Endpoints[N]>;
  body?: BodyInputOf<Endpoints[N]>;
  /** Fire-and-forget calls that must outlive the page (see countComparison). */
  keepalive?: boolean;
};

const contract = () => import("./contract");

/** Calls a declared endpoint; a non-success throws ApiCallError (as fetchJson does). */
export async function callApi<N extends EndpointName>(name: N, input?: CallInput<N>): Promise<ResponseOf<Endpoints[N]>>;
export async function callApi<N extends EndpointName>(name: N, input: CallInput<N>, options: { on401: "returnNull" }): Promise<ResponseOf<Endpoints[N]> | null>;
export async function callApi<N extends EndpointName>(name: N, input: CallInput<N> = {}, options: { on401?: "returnNull" } = {}): Promise<unknown> {
  const { endpoints, describeZodIssues } = await contract();
  const endpoint = endpoints[name];
  let body: string | undefined;
  const headers: Record<string, string> = {};
  if ("body" in endpoint) {
    const checked = endpoint.body.safeParse(input.body);
    if (!checked.success) {
      // What the server would have answered, without the round trip.
      throw new ApiCallError(400, "bad_request", describeZodIssues(checked.error));
    }
    if ("bodyType" in endpoint && endpoint.bodyType === "form") {
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
