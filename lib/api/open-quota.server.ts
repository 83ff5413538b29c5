// The open API's quota (issue 55): what a call to a public read from any origin (lib/api/cors.ts)
// or to the MCP server spends, and the headers that say so.
//
//   no Authorization       the IP's "open-read" budget (lib/security/rate-limit-buckets.ts);
//                          no database read: the quota lives in the rate-limit store
//   Bearer <a live key>    the key's own "api-key" budget, per minute and per day, wherever it
//                          comes from: one indexed lookup (lib/api-keys/verify.server.ts)
//   any other credential   401, never a silent fall back to the anonymous quota; it is counted on
//                          the IP's budget first, so guessing keys costs what anonymous calls do
//
// Every answer carries RateLimit-Policy and RateLimit (lib/security/rate-limit-headers.ts); over the
// budget, the 429 carries Retry-After too. A keyed answer is never stored by a shared cache: a
// revoked key must meet its 401, not a copy of an earlier 200.
import "server-only";
import { findLiveApiKey } from "@/lib/api-keys/verify.server";
import { clientIp } from "@/lib/security/client-ip.server";
import { consumeRateLimit, rateLimitRules, type RateLimitKeys } from "@/lib/security/rate-limit.server";
import type { RateLimitBucket } from "@/lib/security/rate-limit-buckets";
import { ApiError } from "./errors";
import { rateLimitHeaders, refusalHeaders } from "@/lib/security/rate-limit-headers";

/** `Authorization: Bearer <token>` (the scheme in any case, RFC 9110); undefined for anything else. */
export function bearerToken(authorization: string): string | undefined {
  const match = /^Bearer +([^\s]+) *$/i.exec(authorization);
  return match?.[1];
}

/**
 * Spends one call of the caller's quota and answers the headers to add to whatever is answered.
 * Throws ApiError: 401 for a credential that is not a live key, 429 (with Retry-After and the
 * RateLimit fields) over the budget.
 */
export async function spendOpenQuota(request: Request): Promise<Record<string, string>> {
  const ip = clientIp(request);
  const authorization = request.headers.get("authorization");
  if (authorization === null) return spend("open-read", { ip });
  const token = bearerToken(authorization);
  const key = token === undefined ? null : await findLiveApiKey(token);
  if (!key) {
    const headers = await spend("open-read", { ip });
    throw new ApiError(
      "unauthenticated",
      "This API key is not valid: it is mistyped or was revoked. Send a live key from /developers as `Authorization: Bearer <key>`, or no Authorization header for the anonymous quota.",
      { ...headers, "WWW-Authenticate": 'Bearer error="invalid_token"' },
    );
  }
  return { ...(await spend("api-key", { ip, apiKey: key.id })), "Cache-Control": "private, no-store" };
}

async function spend(bucket: RateLimitBucket, keys: RateLimitKeys): Promise<Record<string, string>> {
  const verdict = await consumeRateLimit(bucket, keys);
  if (verdict.allowed) return rateLimitHeaders(rateLimitRules(bucket), verdict.standing);
  const seconds = verdict.retryAfterSeconds;
  const message = keys.apiKey
    ? `This API key's quota is spent. Try again in ${seconds} s.`
    : `The anonymous quota for your address is spent. Try again in ${seconds} s, or send an API key from /developers for more.`;
  throw new ApiError("rate_limited", message, refusalHeaders(rateLimitRules(bucket), verdict.standing, seconds));
}
