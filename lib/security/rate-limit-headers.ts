// A rate limit said in an answer with the IETF's RateLimit header fields
// (draft-ietf-httpapi-ratelimit-headers-10, Structured Field lists of named quota policies):
//   RateLimit-Policy: "minute";q=120;w=60            the policies: quota q per window of w seconds
//   RateLimit: "minute";r=119;t=58                   what is left (r) and when the window ends (t)
// One policy per rule of the bucket the caller spends (the open API: per IP without a key, per
// key per minute and per day with one). Every 429 carries them, and every answer of the open API
// (lib/api/open-quota.server.ts). Pure.
import type { RateLimitRule, RuleStanding } from "./rate-limit-buckets";

/**
 * A policy's name: its window ("minute", "day"), which is what tells the open API's rules apart;
 * where two rules share a window, the key each counts on as well ("ip-minute", "total-minute").
 */
export function policyName(rule: RateLimitRule, rules: readonly RateLimitRule[]): string {
  const window = WINDOW_NAMES[rule.durationSeconds] ?? `${rule.durationSeconds}s`;
  return rules.some((other) => other !== rule && other.durationSeconds === rule.durationSeconds) ? `${rule.key}-${window}` : window;
}

const WINDOW_NAMES: Record<number, string> = { 60: "minute", 600: "10-minutes", 3_600: "hour", 86_400: "day" };

/** `RateLimit-Policy`: the same on every answer of a bucket, so a shared cache may keep it. */
export const rateLimitPolicy = (rules: readonly RateLimitRule[]): string =>
  rules.map((rule) => `"${policyName(rule, rules)}";q=${rule.points};w=${rule.durationSeconds}`).join(", ");

/** `RateLimit`: this caller's standing after this request; a cached copy must not carry it (deploy/nginx/). */
export const rateLimitStanding = (rules: readonly RateLimitRule[], standing: readonly RuleStanding[]): string =>
  standing.map(({ rule, remaining, resetSeconds }) => `"${policyName(rule, rules)}";r=${remaining};t=${resetSeconds}`).join(", ");

export function rateLimitHeaders(rules: readonly RateLimitRule[], standing: readonly RuleStanding[]): Record<string, string> {
  return { "RateLimit-Policy": rateLimitPolicy(rules), RateLimit: rateLimitStanding(rules, standing) };
}

/** A refusal's headers: when to come back, and the fields. */
export function refusalHeaders(rules: readonly RateLimitRule[], standing: readonly RuleStanding[], retryAfterSeconds: number): Record<string, string> {
  return { ...rateLimitHeaders(rules, standing), "Retry-After": String(retryAfterSeconds) };
}
