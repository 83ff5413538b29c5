// What an API endpoint's declaration is: its method and path, who may call it, what its path,
// query and body must be, which rate-limit bucket it spends and how its answer may be cached.
// Each feature declares its own in lib/<feature>/endpoints.ts with `endpoint(...)`; lib/api/
// merges them for the server's wrapper, the OpenAPI document and the access table, and the
// browser's client loads one feature's file for the endpoint it calls. This layer sits below
// every feature so that each may declare its endpoints without importing lib/api. Pure.
import { z } from "@/lib/shared/zod";
import type { RateLimitBucket } from "@/lib/security/rate-limit-buckets";

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * Who may call: anyone (`public`); only the site's own pages, no session (`site`: an Origin or
 * Sec-Fetch-Site from elsewhere is a 403); a signed-in wallet (`user`: 401 without a live
 * session; its writes are `site` too); an operator (`operator`: a `user` in OPERATOR_ADDRESSES,
 * 403 otherwise, whose writes need a recent signature); the scheduler (`cron`: the bearer secret);
 * Telegram (`telegram`: the webhook's secret header).
 */
export type Access = "public" | "site" | "user" | "operator" | "cron" | "telegram";

/**
 * `public`: any cache may keep it briefly (lib/cache/cache-control.ts PUBLIC_CACHE_CONTROL);
 * `private`: one user's data, never stored by a shared cache; `none`: never stored at all.
 */
export type CachePolicy = "public" | "private" | "none";

export type Endpoint = {
  method: Method;
  /** What it does, in a line: the OpenAPI summary and docs/api.md's table say it. */
  summary: string;
  /** With `:name` for each path parameter, e.g. "/api/watchlist/:coinId". */
  path: string;
  access: Access;
  cache: CachePolicy;
  /** Path parameters; a value that fails is a 404 (no such thing can exist), said by notFound. */
  params?: z.ZodType;
  notFound?: (params: Record<string, string>) => string;
  /** The query string; unknown, repeated or malformed parameters are a 400 invalid_query. */
  query?: z.ZodType;
  /** The body: JSON, or for next-auth's forms url-encoded (`bodyType: "form"`). */
  body?: z.ZodType;
  bodyType?: "json" | "form";
  /** The budget this call spends (lib/security/rate-limit-buckets.ts); 429 when spent. */
  rateLimit?: RateLimitBucket;
  /**
   * An open read (issue 55): a page on any origin may call it (`Access-Control-Allow-Origin: *`,
   * never with credentials; lib/api/cors.ts). Only `public` GETs of public data: nothing about a
   * user or a session.
   */
  crossOrigin?: true;
  /**
   * An open read that spends no quota (lib/api/open-quota.server.ts): the health checks, which
   * load balancers and monitors poll from one address and which answer from memory.
   */
  unmetered?: true;
  /** What a success carries, for the browser to check. */
  response: z.ZodType;
};

/** Declares an endpoint, keeping its literal types (the wrapper and the client read them). */
export const endpoint = <const E extends Endpoint>(declaration: E): E => declaration;

/** A query string that must be empty. */
export const noQuerySchema = z.object({}).strict();

/** A 204: no body. The OpenAPI document says "no content" for the endpoints that answer it. */
export const noContentSchema = z.undefined();

/** A caller's text in a 404's message: quoted, and cut to 80 characters. */
export const quoted = (value: string | undefined) => `"${(value ?? "").slice(0, 80)}"`;

/**
 * The path's `:id` naming one row, and the 404 for an id that names none: `noSuch` and the id
 * ("You have no alert" where the rows are a user's own: someone else's is not found either).
 */
export const oneRow = <S extends z.ZodType>(id: S, noSuch: string) => ({
  params: z.strictObject({ id }),
  notFound: (params: Record<string, string>) => `${noSuch} ${quoted(params.id)}.`,
});

type Parsed<E, K extends string> = E extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;
type Input<E, K extends string> = E extends Record<K, infer S extends z.ZodType> ? z.input<S> : undefined;

export type ParamsOf<E> = Parsed<E, "params">;
export type QueryOf<E> = Parsed<E, "query">;
export type BodyOf<E> = Parsed<E, "body">;
export type BodyInputOf<E> = Input<E, "body">;
export type QueryInputOf<E> = Input<E, "query">;
export type ParamsInputOf<E> = Input<E, "params">;
export type ResponseOf<E> = E extends { response: infer S extends z.ZodType } ? z.output<S> : never;

/** The names of a feature's endpoints file's exports that are endpoints. */
export type EndpointNameIn<M> = { [K in keyof M]: M[K] extends Endpoint ? K : never }[keyof M] & string;
