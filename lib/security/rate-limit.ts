// Placeholder until the rate limiter lands.
import "server-only";
import type { RateLimitBucket } from "./rate-limit-buckets";

export type RateLimitKeys = { ip: string; address?: string; pair?: string };

export async function consumeRateLimit(_bucket: RateLimitBucket, _keys: RateLimitKeys): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  return { allowed: true };
}
