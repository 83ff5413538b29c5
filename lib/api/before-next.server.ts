// API requests that Next would not hand to a route handler as they were sent, answered before
// Next sees them (a request hook, lib/http/request-hooks.server.ts), the way the route would.
//
// - A method Next cannot route. A route handler is given a web Request, and for TRACE (and TRACK,
//   CONNECT) the Fetch standard's Request constructor throws, so Next answers a plain-text 500;
//   for any other method outside GET, HEAD, OPTIONS, POST, PUT, PATCH and DELETE (PROPFIND,
//   MKCOL, ...) Next's route module answers an empty 400. Answered as `methods()` answers an
//   undeclared method (lib/api/route.server.ts): 405 JSON with `Allow` listing what the contract
//   declares at the path, or the API's 404 JSON where it declares nothing.
// - `?__proto__=`. Next copies the query into a plain object on its way to the route, where that
//   key sets the object's prototype instead of becoming a key, so the route's URL arrives
//   without it and the route cannot refuse it as it refuses every unknown parameter (measured on
//   `next start`: `?constructor=1` is a 400, `?__proto__=1` was served). Answered with that 400
//   wherever the endpoint declares its query. (lib/api/query.ts reads the query into an object
//   without a prototype too, for a host that does pass the key through.)
//
// The proxy cannot do either: it is handed a web Request as well, and would have to run for
// every API request. The hook costs a Set lookup and a string search per request. Only under
// `next start` and the standalone server (instrumentation.ts); on Vercel, Next's answers stand.
import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fixedHeadersFor, type RoutesManifest } from "../http/build-route-rules";
import { readRoutesManifest } from "../http/read-routes-manifest.server";
import { addRequestHook } from "../http/request-hooks.server";
import { endpoints, type Endpoint, type Method } from "./contract";
import { statusOf, type ApiErrorCode } from "./error-codes";

export const BEFORE_NEXT_HOOK = "api-before-next";

/** The methods Next routes to a route handler (next/dist/server/web/http.js HTTP_METHODS). */
const ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
/** The order `methods()` lists them in `Allow`. */
const ALLOW_ORDER: readonly Method[] = ["GET", "POST", "PATCH", "DELETE"];

const declared = Object.values(endpoints as Record<string, Endpoint>).map((endpoint) => ({ endpoint, segments: endpoint.path.split("/").slice(1) }));

/**
 * The endpoints the contract declares at a request path ("/api/watchlist/pls" -> its DELETE), or
 * null when none lives there. A path matching several declared paths is served by the one with
 * the most fixed segments, as Next picks "/api/admin/coins/preview" over "/api/admin/coins/:id".
 */
function endpointsAt(pathname: string): Endpoint[] | null {
  const segments = pathname.split("/").slice(1);
  let best: { fixed: number; endpoints: Endpoint[] } | null = null;
  for (const { endpoint, segments: parts } of declared) {
    if (parts.length !== segments.length) continue;
    if (!parts.every((part, i) => (part.startsWith(":") ? segments[i] !== "" : part === segments[i]))) continue;
    const fixed = parts.filter((part) => !part.startsWith(":")).length;
    if (!best || fixed > best.fixed) best = { fixed, endpoints: [endpoint] };
    else if (fixed === best.fixed) best.endpoints.push(endpoint);
  }
  return best?.endpoints ?? null;
}

/** The methods the contract declares at a request path, in `methods()`' order, or null when none. */
export function declaredMethodsAt(pathname: string): Method[] | null {
  const found = endpointsAt(pathname);
  return found && ALLOW_ORDER.filter((method) => found.some((endpoint) => endpoint.method === method));
}

function hasProtoKey(search: string): boolean {
  if (!search.includes("__proto__")) return false;
  for (const key of new URLSearchParams(search).keys()) if (key === "__proto__") return true;
  return false;
}

/** What the route would answer, when Next would not let it: [code, message, Allow], or null to leave the request to Next. */
function answerFor(method: string, pathname: string, search: string): [ApiErrorCode, string, string?] | null {
  if (!ROUTED_METHODS.has(method)) {
    const allowed = declaredMethodsAt(pathname);
    if (!allowed) return ["not_found", `No API endpoint at ${pathname.slice(0, 200)}.`];
    return ["method_not_allowed", `This endpoint accepts ${allowed.join(", ")} only.`, allowed.join(", ")];
  }
  if (hasProtoKey(search)) {
    const routeMethod = method === "HEAD" ? "GET" : method;
    const endpoint = endpointsAt(pathname)?.find((candidate) => candidate.method === routeMethod);
    // The route's own message for an unknown key (lib/api/zod-message.ts).
    if (endpoint?.query) return ["invalid_query", 'Unrecognized key: "__proto__"'];
  }
  return null;
}

/** The hook, with the build's routing rules. */
export function answerBeforeNext(manifest: RoutesManifest) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method ?? "GET";
    const url = req.url ?? "";
    if (ROUTED_METHODS.has(method) && !url.includes("__proto__")) return false;
    const queryAt = url.indexOf("?");
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (pathname !== "/api" && !pathname.startsWith("/api/")) return false;
    const answer = answerFor(method, pathname, queryAt === -1 ? "" : url.slice(queryAt));
    if (!answer) return false;
    // A path some rule sends elsewhere or answers per request is Next's to answer.
    const headers = fixedHeadersFor(manifest, pathname);
    if (!headers) return false;
    const [code, message, allow] = answer;
    for (const [name, value] of headers) res.setHeader(name, value);
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Cache-Control", "no-store");
    if (allow) res.setHeader("Allow", allow);
    // Any body is left unread: close the connection after the answer rather than read it.
    res.setHeader("Connection", "close");
    res.statusCode = statusOf(code);
    res.end(method === "HEAD" ? undefined : JSON.stringify({ error: { code, message } }));
    return true;
  };
}

/** Adds the hook, with the rules of the build in `dir/.next`. False (Next answers) without a build there. */
export function installAnswerBeforeNext(dir = process.cwd()): boolean {
  const manifest = readRoutesManifest(dir, "Next answers API requests with methods it cannot route");
  if (!manifest) return false;
  addRequestHook(BEFORE_NEXT_HOOK, answerBeforeNext(manifest));
  return true;
}
