// The server side of a declared endpoint (lib/contract/endpoint.ts): one wrapper runs every check in
// the same order for every route, so a route file holds only what its endpoint does.
//   open reads: quota (401 bad key, 429; lib/api/open-quota.server.ts)
//   -> access (origin 403, session 401, operator 403) -> path parameters (404) -> query (400)
//   -> body (415 / 413 while streaming / 408 / 400) -> rate limit (429) -> the handler
// Errors become the API's JSON shape with the status their code names (lib/api/error-codes.ts).
import "server-only";
import { NextResponse } from "next/server";
import type { SessionUser } from "@/lib/auth/sessions.server";
import { clientIp } from "@/lib/security/client-ip.server";
import { enforceRateLimit } from "@/lib/security/enforce-rate-limit.server";
import { enforceAccess } from "./access.server";
import { CORS_HEADERS, isOpenRead, isPreflight, PREFLIGHT_HEADERS, spendsOpenQuota } from "./cors";
import type { BodyOf, Endpoint, Method, ParamsOf, QueryOf } from "@/lib/contract/endpoint";
import { readFormOrJsonBody, readJsonBody } from "./body";
import { ApiError, errorAnswer, errorResponse, withErrorHandling } from "./errors";
import { spendOpenQuota } from "./open-quota.server";
import { parseQuery } from "./query";
import { PUBLIC_CACHE_CONTROL } from "./responses";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & { endpoint?: Endpoint };

type SignedIn<E> = E extends { access: "user" | "operator" } ? SessionUser : undefined;

export type HandlerInput<E extends Endpoint> = {
  request: Request;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  user: SignedIn<E>;
};

/**
 * A success with a status other than 200 (201 for something new), or one whose operator audit
 * line also records what the write replaced (`change`).
 */
export class Reply {
  constructor(
    readonly data: unknown,
    readonly status: number,
    readonly change?: Record<string, unknown>,
  ) {}
}

export const created = (data: unknown) => new Reply(data, 201);

/** A 200 whose audit line (operators' writes) records `change`: the values replaced, old -> new. */
export const audited = (data: unknown, change: Record<string, unknown>) => new Reply(data, 200, change);

/**
 * What else a rate limit keys on besides the client's IP and the signed-in wallet: the wallet a
 * sign-in is for, or the pair a comparison count is for.
 */
export type ExtraRateLimitKeys<E extends Endpoint> = (input: HandlerInput<E>) => { address?: string; pair?: string };

/**
 * The handler answers with data (200 JSON), a Reply, `undefined` (204) or a Response of its own
 * (an already serialised body, a redirect); the endpoint's cache policy is applied to each.
 */
export function route<E extends Endpoint>(
  endpoint: E,
  handler: (input: HandlerInput<E>) => Promise<unknown>,
  options: { rateLimitKeys?: ExtraRateLimitKeys<E> } = {},
): RouteHandler {
  const run = withErrorHandling(async (request: Request, context: RouteContext) => {
    const signedIn = await enforceAccess(endpoint.access, endpoint.method, request);
    const params = endpoint.params ? await parseParams(endpoint, context) : undefined;
    const query = endpoint.query ? parseQuery(request, endpoint.query) : undefined;
    const body = endpoint.body ? endpoint.body.parse(await readBody(endpoint, request)) : undefined;
    const input = { request, params, query, body, user: signedIn } as HandlerInput<E>;
    // The open API's quota was spent before anything else (below).
    if (endpoint.rateLimit && !spendsOpenQuota(endpoint)) {
      const extra = options.rateLimitKeys?.(input) ?? {};
      await enforceRateLimit(endpoint.rateLimit, { ip: clientIp(request), address: extra.address ?? signedIn?.address, pair: extra.pair });
    }
    const result = await handler(input);
    const response = toResponse(endpoint, result);
    if (endpoint.access === "operator" && endpoint.method !== "GET") {
      auditOperatorWrite(endpoint, signedIn!.address, input, response.status, result instanceof Reply ? result.change : undefined);
    }
    return response;
  });
  if (!spendsOpenQuota(endpoint) && !isOpenRead(endpoint)) return Object.assign(run, { endpoint });
  // The open API (the reads from any origin, the MCP server) spends the caller's quota before
  // anything else, so that its 400s and 404s count and say the quota too; an open read's answers,
  // a refusal (401 for a bad key, 429) included, carry the CORS headers a page on another site
  // needs to read them.
  const cors = isOpenRead(endpoint) ? CORS_HEADERS : {};
  const open: RouteHandler = async (request, context) => {
    let quota: Record<string, string> = {};
    if (spendsOpenQuota(endpoint)) {
      try {
        quota = await spendOpenQuota(request);
      } catch (error) {
        return withHeaders(errorAnswer(error, request), cors);
      }
    }
    return withHeaders(await run(request, context), { ...cors, ...quota });
  };
  return Object.assign(open, { endpoint });
}

function withHeaders(response: Response, headers: Readonly<Record<string, string>>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/**
 * The audit trail of operators' writes: one JSON line in the server's log per write that
 * succeeded, naming the operator's wallet, the endpoint and what it was given (already validated
 * and bounded by the body limits), and, when the handler answered `audited(...)`, what it replaced.
 * Refused writes are not audited: they changed nothing.
 */
function auditOperatorWrite(endpoint: Endpoint, operator: string, input: { params: unknown; body: unknown }, status: number, change?: Record<string, unknown>): void {
  const line = { at: new Date().toISOString(), operator, endpoint: `${endpoint.method} ${endpoint.path}`, params: input.params, body: input.body, ...(change && { change }), status };
  console.info(`[admin-audit] ${JSON.stringify(line)}`);
}

async function parseParams(endpoint: Endpoint, context: RouteContext): Promise<unknown> {
  const raw = Object.fromEntries(Object.entries(await context.params).map(([key, value]) => [key, Array.isArray(value) ? value.join("/") : (value ?? "")]));
  const parsed = endpoint.params!.safeParse(raw);
  if (!parsed.success) throw new ApiError("not_found", endpoint.notFound?.(raw) ?? "Not found.");
  return parsed.data;
}

function readBody(endpoint: Endpoint, request: Request): Promise<unknown> {
  return endpoint.bodyType === "form" ? readFormOrJsonBody(request) : readJsonBody(request);
}

const CACHE_HEADERS: Record<Endpoint["cache"], Record<string, string>> = {
  public: { "Cache-Control": PUBLIC_CACHE_CONTROL },
  private: { "Cache-Control": "private, no-store", Vary: "Cookie" },
  none: { "Cache-Control": "no-store" },
};

function toResponse(endpoint: Endpoint, result: unknown): Response {
  const headers = CACHE_HEADERS[endpoint.cache];
  if (result instanceof Response) {
    for (const [name, value] of Object.entries(headers)) if (!result.headers.has(name)) result.headers.set(name, value);
    return result;
  }
  if (result === undefined) return new Response(null, { status: 204, headers });
  const reply = result instanceof Reply ? result : new Reply(result, 200);
  return NextResponse.json(reply.data, { status: reply.status, headers });
}

// OPTIONS too: Next would otherwise answer it itself, with an `Allow` naming every method a route
// file exports, the 405s here included. HEAD is left to Next, which runs GET for it.
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type ExportedMethod = (typeof METHODS)[number];

/**
 * A route file's exports: each declared handler under its own method (a mismatch fails the
 * build), and 405 JSON with `Allow` for every other method, OPTIONS included, except a CORS
 * preflight of an open read (lib/api/cors.ts), which answers 204 with what a page may send.
 * `Allow` lists the declared methods in METHODS' order; the edge (deploy/nginx/) asks for it with OPTIONS when a method Next cannot route
 * (TRACE, PROPFIND) arrives on an API path.
 */
export function methods(handlers: Partial<Record<Method, RouteHandler>>): Record<ExportedMethod, RouteHandler> {
  const allowed = METHODS.filter((method) => method in handlers);
  for (const [method, handler] of Object.entries(handlers)) {
    if (handler.endpoint && handler.endpoint.method !== method) {
      throw new Error(`${handler.endpoint.path}: the ${handler.endpoint.method} endpoint is exported as ${method}`);
    }
  }
  const reject: RouteHandler = async () =>
    errorResponse("method_not_allowed", `This endpoint accepts ${allowed.join(", ")} only.`, { Allow: allowed.join(", ") });
  // An open read answers a page's preflight; any other OPTIONS (the edge asking, a probe) is the 405.
  const openRead = handlers.GET?.endpoint && isOpenRead(handlers.GET.endpoint);
  const options: RouteHandler = async (request, context) =>
    openRead && isPreflight(request) ? new Response(null, { status: 204, headers: { ...PREFLIGHT_HEADERS, Allow: allowed.join(", ") } }) : reject(request, context);
  return Object.fromEntries(METHODS.map((method) => [method, method === "OPTIONS" ? options : (handlers[method as Method] ?? reject)])) as Record<ExportedMethod, RouteHandler>;
}
