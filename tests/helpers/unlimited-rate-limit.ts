// For test files about something other than the rate limits (counting under concurrency,
// fuzzed bodies): every request is allowed. Use as
//   jest.mock("@/lib/security/rate-limit.server", () => jest.requireActual("@/tests/helpers/unlimited-rate-limit").unlimitedRateLimit);
// The limits themselves are tested with the real limiter (tests/unit/security/rate-limit*.test.ts,
// tests/api/security/rate-limited-routes.test.ts).
export const unlimitedRateLimit = {
  consumeRateLimit: async () => ({ allowed: true }),
  resetRateLimitForTests: async () => {},
};
