// Placeholder until the rate limiter lands: the buckets the API declares.
export type RateLimitBucket = "nonce" | "sign-in" | "comparison-count" | "account-write" | "admin-write";
