// A declared endpoint's rate limit: spend the bucket's budget for every key it names, or refuse
// (429 with Retry-After and the RateLimit fields at the API, lib/api/domain-errors.ts) before
// anything is written.
import "server-only";
import { DomainError } from "@/lib/errors/domain-error";
import { consumeRateLimit, rateLimitRules, type RateLimitKeys } from "./rate-limit.server";
import { refusalHeaders } from "./rate-limit-headers";
import type { RateLimitBucket } from "./rate-limit-buckets";

export async function enforceRateLimit(bucket: RateLimitBucket, keys: RateLimitKeys): Promise<void> {
  const verdict = await consumeRateLimit(bucket, keys);
  if (verdict.allowed) return;
  // Whole seconds, at least 1 (consumeRateLimit's promise), as Retry-After requires.
  const seconds = verdict.retryAfterSeconds;
  throw new DomainError("rate_limited", `Too many requests. Try again in ${seconds} s.`, {
    retryAfterSeconds: seconds,
    refusalHeaders: refusalHeaders(rateLimitRules(bucket), verdict.standing, seconds),
  });
}
