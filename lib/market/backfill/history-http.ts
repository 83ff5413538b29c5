// What the two history clients share: the retry policy for a run that may take hours (a 429
// without Retry-After waits out the per-minute window), and injectable waits and pace, so tests
// neither wait nor lose count of the requests.
import type { RetryPolicy } from "../http.server";

export const HISTORY_RETRY: RetryPolicy = {
  timeoutMs: 20_000,
  retries: 3,
  backoffMs: 2_000,
  // Longer than this and the coin is skipped with the reason; the next run retries it.
  maxRetryAfterMs: 120_000,
  // Both APIs count calls per minute: without a Retry-After, wait the window out.
  rateLimitBackoffMs: 60_000,
};

export type HistoryHttpOptions = {
  baseUrl: string;
  policy?: RetryPolicy;
  /** Called before every attempt; the default keeps to the API's 30 calls a minute. */
  pace?: () => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
};
