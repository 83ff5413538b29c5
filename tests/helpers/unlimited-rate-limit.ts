// For test files about something other than the rate limits (counting under concurrency,
// fuzzed bodies): every request is allowed. Use as
//   jest.mock("@/lib/security/rate-limit.server", () => jest.requireActual("@/tests/helpers/unlimited-rate-limit").unlimitedRateLimit);
// The limits themselves are tested with the real limiter (tests/unit/security/rate-limit*.test.ts,
// tests/api/security/rate-limited-routes.test.ts).
import { RATE_LIMIT_BUCKETS, type RateLimitBucket } from "@/lib/security/rate-limit-buckets";

export const unlimitedRateLimit = {
  consumeRateLimit: async () => ({ allowed: true, standing: [] }),
  peekRateLimit: async () => [],
  rateLimitRules: (bucket: RateLimitBucket) => RATE_LIMIT_BUCKETS[bucket].rules,
  resetRateLimitForTests: async () => {},
};
