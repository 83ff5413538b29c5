// A declared endpoint's rate limit: spend the bucket's budget for every key it names, or refuse
// with 429 and Retry-After before anything is written.
import "server-only";
import { ApiError } from "@/lib/api/errors";
import { consumeRateLimit, type RateLimitKeys } from "./rate-limit.server";
import type { RateLimitBucket } from "./rate-limit-buckets";

export async function enforceRateLimit(bucket: RateLimitBucket, keys: RateLimitKeys): Promise<void> {
  const verdict = await consumeRateLimit(bucket, keys);
  if (verdict.allowed) return;
  // Whole seconds, at least 1 (consumeRateLimit's promise), as Retry-After requires.
  const seconds = verdict.retryAfterSeconds;
  throw new ApiError("rate_limited", `Too many requests. Try again in ${seconds} s.`, { "Retry-After": String(seconds) });
}
