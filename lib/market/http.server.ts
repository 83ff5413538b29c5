// Calls to third-party market APIs: a timeout on every attempt, bounded retries with
// exponential backoff for what may pass (timeouts, network errors, 5xx, 429 after its
// Retry-After), a per-source pace so we stay under its rate limit, and zod at the boundary.
// Garbage (bad JSON, wrong shapes) and other 4xx are not retried: asking again won't fix them.
import "server-only";
import type { z } from "zod";

export class SourceError extends Error {
  constructor(
    readonly kind: "timeout" | "network" | "rate_limited" | "http" | "bad_json" | "bad_shape",
    message: string,
    /** The HTTP status, for kind "http" (and 429 for "rate_limited"). */
    readonly status?: number,
  ) {
    super(message);
    this.name = "SourceError";
  }
}

export type RetryPolicy = {
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts after the first. */
  retries: number;
  /** First backoff; doubles per retry. */
  backoffMs: number;
  /** Longest Retry-After we honour before giving up on this pass. */
  maxRetryAfterMs: number;
  /** Wait after a 429 without Retry-After (default: the backoff); a per-minute window wants ~60 s. */
  rateLimitBackoffMs?: number;
};

export const DEFAULT_RETRY: RetryPolicy = { timeoutMs: 8_000, retries: 2, backoffMs: 500, maxRetryAfterMs: 15_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spaces calls so that at most `perMinute` start in any minute (per process). */
export function createPacer(perMinute: number): () => Promise<void> {
  const gapMs = 60_000 / perMinute;
  let nextAt = 0;
  return async () => {
    const now = Date.now();
    const wait = Math.max(0, nextAt - now);
    nextAt = Math.max(now, nextAt) + gapMs;
    if (wait > 0) await sleep(wait);
  };
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** A fetch or body read that threw: out of time, or the network. */
function attemptError(error: unknown, policy: RetryPolicy): SourceError {
  const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
  return new SourceError(timedOut ? "timeout" : "network", timedOut ? `no answer within ${policy.timeoutMs} ms` : String(error));
}

type Options = {
  headers?: Record<string, string>;
  pace?: () => Promise<void>;
  policy?: RetryPolicy;
  /** Replaces the real waits (backoffs, Retry-After), so tests can see them without waiting. */
  sleep?: (ms: number) => Promise<void>;
};

/** GET `url` and parse its JSON with `schema`; throws SourceError once retries are spent. */
export async function fetchSourceJson<S extends z.ZodType>(url: string, schema: S, options: Options = {}): Promise<z.infer<S>> {
  const policy = options.policy ?? DEFAULT_RETRY;
  const wait = options.sleep ?? sleep;
  let lastError: SourceError | undefined;
  // After a 429 the wait it asked for (or the rate-limit backoff) is the whole pause before the next attempt.
  let waitedForRateLimit = false;
  for (let attempt = 0; attempt <= policy.retries; attempt++) {
    if (attempt > 0 && !waitedForRateLimit) await wait(policy.backoffMs * 2 ** (attempt - 1));
    waitedForRateLimit = false;
    await options.pace?.();
    let response: Response;
    try {
      response = await fetch(url, { headers: { Accept: "application/json", ...options.headers }, signal: AbortSignal.timeout(policy.timeoutMs) });
    } catch (error) {
      lastError = attemptError(error, policy);
      continue;
    }
    // Answers we retry or refuse are not read: release their connection.
    if (!response.ok) void response.body?.cancel().catch(() => {});
    if (response.status === 429) {
      const asked = retryAfterMs(response.headers.get("retry-after"));
      const pause = asked ?? policy.rateLimitBackoffMs ?? policy.backoffMs * 2 ** attempt;
      lastError = new SourceError("rate_limited", "429 Too Many Requests", 429);
      // No point waiting when no attempt is left.
      if (pause > policy.maxRetryAfterMs || attempt === policy.retries) break;
      await wait(pause);
      waitedForRateLimit = true;
      continue;
    }
    if (!response.ok) {
      lastError = new SourceError("http", `HTTP ${response.status}`, response.status);
      if (response.status >= 500) continue;
      break;
    }
    // The timeout covers the body too: a body that stalls or breaks off is a failed attempt
    // (retried), not bad JSON.
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      lastError = attemptError(error, policy);
      continue;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new SourceError("bad_json", "the answer is not valid JSON");
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new SourceError("bad_shape", `unexpected answer: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    return parsed.data;
  }
  throw lastError ?? new SourceError("network", "no attempt made");
}
