// The API's open reads from any origin (issue 55): a page on another site may call the endpoints
// declared `crossOrigin` (lib/contract/endpoint.ts: public GETs of public data) and read their
// answers, errors included. Never with credentials: `*` cannot be combined with them, so a
// browser sends no cookie along and the answer is the same for everyone. Pure.
import type { Endpoint } from "@/lib/contract/endpoint";

/** On every answer of an open read, success or error (a caller's page must read a 400 or a 429 too). */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  // What a script may read besides the safelisted headers: its quota (lib/api/rate-limit-headers.ts)
  // and when to come back after a 429.
  "Access-Control-Expose-Headers": "RateLimit, RateLimit-Policy, Retry-After",
};

/**
 * The preflight's answer: GET only, with an `Authorization` header allowed (an API key, issue 55),
 * remembered two hours (Chromium's ceiling) so a polling page asks once.
 */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  "Access-Control-Allow-Methods": "GET",
  "Access-Control-Allow-Headers": "Authorization",
  "Access-Control-Max-Age": "7200",
};

export const isOpenRead = (endpoint: Pick<Endpoint, "crossOrigin" | "access" | "method">): boolean =>
  endpoint.crossOrigin === true && endpoint.access === "public" && endpoint.method === "GET";

/** A CORS preflight (an OPTIONS asking whether a method may be sent), not the edge asking which methods a path serves. */
export const isPreflight = (request: Request): boolean => request.method === "OPTIONS" && request.headers.has("Access-Control-Request-Method");

/**
 * Whether calls spend the open API's quota (lib/api/open-quota.server.ts: per IP, or per API key)
 * and so take an API key: every open read but the unmetered health checks, and what declares the
 * "open-read" budget (the MCP server).
 */
export const spendsOpenQuota = (endpoint: Pick<Endpoint, "crossOrigin" | "access" | "method" | "unmetered" | "rateLimit">): boolean =>
  endpoint.rateLimit === "open-read" || (isOpenRead(endpoint) && !endpoint.unmetered);
