// Enforces the rate limits of lib/security/rate-limit-buckets.ts with rate-limiter-flexible.
//
// Store: with REDIS_URL, Redis (RateLimiterRedis over one ioredis connection per process), so
// every instance counts against the same budget; without it, this process's memory
// (RateLimiterMemory), right for a single instance.
//
// Redis down or hung: every rule also has a memory limiter with the same budget, and a circuit
// breaker (lib/shared/circuit-breaker.ts) decides which one counts. A Redis command that fails
// (at once while the connection is down, as there is no offline queue; after COMMAND_TIMEOUT_MS
// when Redis accepts the command and never answers) or a lost connection opens the circuit: that
// request is counted in memory, and so is every request after it, without asking Redis. So a
// hung Redis makes one request wait once, not every request on every call. Every
// REDIS_COOL_DOWN_MS a background PING asks whether Redis is back (a reconnection says so at
// once), and counting returns to Redis. Meanwhile each process limits on its own (with N
// instances, up to N times the budget in total) instead of refusing everyone or limiting no
// one. The outage is logged once, and its end once, whatever its kind and length.
//
// Callers consume before they write: a refused request has done nothing, and the keys it
// passed are given their point back, so it costs the caller no budget there either.
import "server-only";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv } from "@/lib/config/env";
import { errorMessage } from "@/lib/errors/error-message";
import { createCircuitBreaker, type CircuitBreaker } from "@/lib/shared/circuit-breaker";
import { openReadRules, RATE_LIMIT_BUCKETS, type RateLimitBucket, type RateLimitRule, type RuleStanding } from "./rate-limit-buckets";
import { ipKey } from "./client-ip.server";

export { ipKey };
export type { RuleStanding };

/**
 * A refusal says when to come back: whole seconds, at least 1 (what Retry-After takes). Both say
 * where each rule that counted stands (rules whose key was not given are left out).
 */
export type RateLimitVerdict = { allowed: true; standing: RuleStanding[] } | { allowed: false; retryAfterSeconds: number; standing: RuleStanding[] };

/** What a caller has used of each rule's window so far, without counting anything (a key's use on /developers). */
export type RuleUse = { rule: RateLimitRule; used: number; resetSeconds: number };

/**
 * What a request is counted by: the client's IP (lib/security/client-ip.server.ts), and where a bucket
 * counts on them the wallet address and the ordered coin pair ("hex/btc"). A rule whose key is
 * not given is skipped and the others still count: a sign-in whose message names no wallet (it
 * is refused as malformed anyway) is counted per IP only.
 */
export type RateLimitKeys = { ip: string; address?: string; pair?: string; chat?: string; apiKey?: string };

/** Prefix of every key in the store: `rl:<bucket>:<key kind>:<key>`, e.g. `rl:sign-in:address:0xab…`. */
export const RATE_LIMIT_KEY_PREFIX = "rl";

/** Connecting (first use, and each reconnect attempt) gives up after this long. */
const CONNECT_TIMEOUT_MS = 2_000;
/** A Redis answer slower than this counts as Redis being down, for a cool-down (answers take ~1 ms). */
const COMMAND_TIMEOUT_MS = 1_000;
/**
 * After Redis fails, how long the limits count in memory before a background PING asks whether
 * it is back (and again each time it is not). While Redis hangs this costs one PING per
 * cool-down and no request any wait; once it is back, counting stays per process for at most
 * this long, a twelfth of the shortest window (60 s). Shorter would only add PINGs against a
 * Redis in trouble; much longer would keep N instances' limits apart well after Redis is back.
 * The same 5 s as the longest pause between reconnection attempts below.
 */
export const REDIS_COOL_DOWN_MS = 5_000;

export type RateLimiterOptions = {
  /** Redis to count in; without it, this process's memory. */
  redisUrl?: string;
  /** Rules that replace a bucket's own (the operator's API_ANONYMOUS_PER_MINUTE). */
  rules?: Partial<Record<RateLimitBucket, readonly RateLimitRule[]>>;
  log?: (line: string) => void;
};

export type RateLimiter = {
  consume(bucket: RateLimitBucket, keys: RateLimitKeys): Promise<RateLimitVerdict>;
  /** What `keys` have used of each of `bucket`'s rules, counting nothing. */
  peek(bucket: RateLimitBucket, keys: RateLimitKeys): Promise<RuleUse[]>;
  /** The rules `bucket` counts by in this limiter (its own, or the ones it was given). */
  rulesOf(bucket: RateLimitBucket): readonly RateLimitRule[];
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
};

/** A limiter with its own store (and its own Redis connection). The app uses one per process: consumeRateLimit. */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const log = options.log ?? ((line: string) => console.warn(line));
  const redis = options.redisUrl ? connectRedis(options.redisUrl, log) : undefined;
  const counters = new Map<string, Counters>();

  const rulesOf = (bucket: RateLimitBucket): readonly RateLimitRule[] => options.rules?.[bucket] ?? RATE_LIMIT_BUCKETS[bucket].rules;

  function countersFor(bucket: RateLimitBucket, rule: RateLimitRule): Counters {
    const keyPrefix = rulePrefix(bucket, rule, rulesOf(bucket));
    let found = counters.get(keyPrefix);
    if (!found) {
      const budget = { keyPrefix, points: rule.points, duration: rule.durationSeconds };
      found = {
        shared: redis
          ? new RateLimiterRedis({
              ...budget,
              storeClient: redis.client,
              // A key over its budget is refused from memory for the rest of its window, without
              // a Redis round trip: a client hammering the site costs Redis nothing more.
              inMemoryBlockOnConsumed: rule.points + 1,
            })
          : undefined,
        local: new RateLimiterMemory(budget),
      };
      counters.set(keyPrefix, found);
    }
    return found;
  }

  return {
    async consume(bucket, keys) {
      await redis?.firstConnection;
      const checks = rulesOf(bucket).flatMap((rule) => {
        const key = keyFor(rule, keys);
        return key === undefined ? [] : [{ rule, counters: countersFor(bucket, rule), key }];
      });
      const results = await Promise.allSettled(checks.map(({ counters, key }) => count(redis, counters, key)));
      const refusals: RateLimiterRes[] = [];
      for (const result of results) {
        if (result.status === "fulfilled") continue;
        // Anything but a refusal is a failure of the memory limiter itself: a bug, not an outage.
        if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
        refusals.push(result.reason);
      }
      const refused = refusals.length > 0;
      const standing = checks.map(({ rule }, i) => standingOf(rule, results[i]!, refused));
      if (!refused) return { allowed: true, standing };
      // Refused: the keys that had room get their point back where it was counted (best effort;
      // a failed refund costs the client at most one point until the window ends).
      await Promise.allSettled(
        checks.map(({ key }, i) => {
          const result = results[i]!;
          return result.status === "fulfilled" ? refund(redis, result.value.limiter, key) : undefined;
        }),
      );
      const waitMs = Math.max(...refusals.map((refusal) => refusal.msBeforeNext));
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), standing };
    },
    async peek(bucket, keys) {
      await redis?.firstConnection;
      const rules = rulesOf(bucket).flatMap((rule) => {
        const key = keyFor(rule, keys);
        return key === undefined ? [] : [{ rule, key }];
      });
      return Promise.all(
        rules.map(async ({ rule, key }): Promise<RuleUse> => {
          const counted = await look(redis, countersFor(bucket, rule), key);
          // No entry: nothing counted in a live window (rate-limiter-flexible drops ended ones).
          return counted ? { rule, used: Math.min(rule.points, counted.consumedPoints), resetSeconds: wholeSeconds(counted.msBeforeNext) } : { rule, used: 0, resetSeconds: 0 };
        }),
      );
    },
    rulesOf,
    async close() {
      await redis?.close();
    },
  };
}

/**
 * Counts one point on `key` and resolves with the limiter that counted it and its answer, or
 * rejects with the refusal (a RateLimiterRes). In Redis while its circuit is closed; in memory
 * while it is open, and for the request whose Redis command has just failed (which opens it).
 */
async function count(redis: RedisConnection | undefined, { shared, local }: Counters, key: string): Promise<{ limiter: RateLimiterAbstract; answer: RateLimiterRes }> {
  if (shared && redis?.breaker.state === "closed") {
    try {
      return { limiter: shared, answer: await shared.consume(key) };
    } catch (error) {
      if (error instanceof RateLimiterRes) throw error;
      redis.failed(error);
    }
  }
  return { limiter: local, answer: await local.consume(key) };
}

/** Where `rule` stands after counting gave `result`; a refused request gets its points back where there was room. */
function standingOf(rule: RateLimitRule, result: PromiseSettledResult<{ answer: RateLimiterRes }>, refused: boolean): RuleStanding {
  if (result.status === "rejected") return { rule, remaining: 0, resetSeconds: wholeSeconds((result.reason as RateLimiterRes).msBeforeNext) };
  const { answer } = result.value;
  return { rule, remaining: Math.min(rule.points, answer.remainingPoints + (refused ? 1 : 0)), resetSeconds: wholeSeconds(answer.msBeforeNext) };
}

/** What `key` has counted in its window, where count() would count it now; null when nothing. */
async function look(redis: RedisConnection | undefined, { shared, local }: Counters, key: string): Promise<RateLimiterRes | null> {
  if (shared && redis?.breaker.state === "closed") {
    try {
      return await shared.get(key);
    } catch (error) {
      redis.failed(error);
    }
  }
  return local.get(key);
}

/** Milliseconds to whole seconds, rounded up: a window that ends in 200 ms has not ended. */
const wholeSeconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));

/**
 * A rule's keys in the store: `rl:<bucket>:<key kind>`, and the window's length after it where a
 * bucket counts the same kind of key in two windows (an API key per minute and per day).
 */
function rulePrefix(bucket: RateLimitBucket, rule: RateLimitRule, rules: readonly RateLimitRule[]): string {
  const prefix = `${RATE_LIMIT_KEY_PREFIX}:${bucket}:${rule.key}`;
  return rules.filter((other) => other.key === rule.key).length > 1 ? `${prefix}:${rule.durationSeconds}s` : prefix;
}

/** Gives back a point where `limiter` counted it; never waits for a Redis whose circuit is open. */
async function refund(redis: RedisConnection | undefined, limiter: RateLimiterAbstract, key: string): Promise<void> {
  if (!(limiter instanceof RateLimiterRedis)) {
    await limiter.reward(key, 1);
  } else if (redis?.breaker.state === "closed") {
    await limiter.reward(key, 1).catch((error: unknown) => redis.failed(error));
  }
}

/** The key `rule` counts this request on, or undefined when the caller did not give it. */
function keyFor(rule: RateLimitRule, keys: RateLimitKeys): string | undefined {
  switch (rule.key) {
    case "ip":
      return ipKey(keys.ip);
    case "address":
      return keys.address ? keys.address.toLowerCase() : undefined;
    case "ip-pair":
      return keys.pair ? `${ipKey(keys.ip)}|${keys.pair}` : undefined;
    case "total":
      return "all";
    case "chat":
      return keys.chat;
    case "api-key":
      return keys.apiKey;
  }
}

/** A rule's counts: in Redis while it answers (when there is one), in this process's memory otherwise. */
type Counters = { shared?: RateLimiterRedis; local: RateLimiterMemory };

type RedisConnection = {
  client: Redis;
  /** Settles when the first connection attempt has succeeded or failed. */
  firstConnection: Promise<void>;
  /** Closed: count in Redis. Open: count in memory, until a probe or a reconnection finds Redis back. */
  breaker: CircuitBreaker;
  /** A Redis command failed: opens the circuit (and logs the outage, once). */
  failed(error: unknown): void;
  close(): Promise<void>;
};

function connectRedis(url: string, log: (line: string) => void): RedisConnection {
  const client = new Redis(url, {
    // Connects on first use, not when a module is loaded (builds, scripts, tests never connect).
    lazyConnect: true,
    // A command while disconnected fails at once (and the insurance limiter answers) instead of
    // waiting in a queue for a Redis that may be gone.
    enableOfflineQueue: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
    disconnectTimeout: 200,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    // Keep trying to come back, at most every 5 s.
    retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
    connectionName: "pulsecompare-rate-limit",
  });
  const where = describe(url);
  let closing = false;
  const breaker = createCircuitBreaker({
    coolDownMs: REDIS_COOL_DOWN_MS,
    // Settles within COMMAND_TIMEOUT_MS when Redis hangs, at once while disconnected.
    probe: () => client.ping(),
    onOpen: (reason) => log(`[rate-limit] Redis at ${where} is unreachable (${reason}); limiting per process in memory until it is back`),
    onClose: () => log(`[rate-limit] Redis at ${where} is back; limits are shared again`),
  });
  const lost = (reason: string) => {
    if (!closing) breaker.failed(reason);
  };
  client.on("error", (error: Error) => lost(error.message));
  client.on("close", () => lost("connection closed"));
  // A hung Redis keeps its connection, so only the probe sees it thaw; a reconnection is news at once.
  client.on("ready", () => breaker.recovered());
  const firstConnection = client.connect().then(
    () => undefined,
    () => undefined, // logged by the error handler; ioredis keeps retrying
  );
  return {
    client,
    firstConnection,
    breaker,
    failed: (error) => lost(describeFailure(error)),
    async close() {
      closing = true;
      breaker.stop();
      if (client.status === "ready") await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

/** Why a Redis command failed, for the log. */
function describeFailure(error: unknown): string {
  const message = errorMessage(error);
  // ioredis's commandTimeout: Redis took the command and did not answer (hung, or swamped).
  return message === "Command timed out" ? `no answer within ${COMMAND_TIMEOUT_MS} ms` : message;
}

/** host:port/db of a Redis URL, without credentials, for logs. */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "6379"}${parsed.pathname && parsed.pathname !== "/" ? parsed.pathname : ""}`;
  } catch {
    return "REDIS_URL";
  }
}

// One limiter per process, on globalThis: route bundles are separate module graphs in one
// process and must share one store and one Redis connection (like lib/cache/public-cache.server.ts).
const STATE_KEY = Symbol.for("pulsecompare.rate-limit");
const globalState = globalThis as unknown as { [STATE_KEY]?: RateLimiter };

function sharedLimiter(): RateLimiter {
  if (!globalState[STATE_KEY]) {
    const env = getEnv();
    globalState[STATE_KEY] = createRateLimiter({ redisUrl: env.REDIS_URL, rules: { "open-read": openReadRules(env.API_ANONYMOUS_PER_MINUTE) } });
  }
  return globalState[STATE_KEY];
}

/**
 * Counts one request against every key `bucket` names (see RATE_LIMIT_BUCKETS) and says whether
 * it may go ahead. Call it before doing anything; when refused, answer 429 with
 * `Retry-After: retryAfterSeconds` and do nothing else (lib/security/enforce-rate-limit.server.ts does,
 * for every declared endpoint with a `rateLimit`).
 */
export function consumeRateLimit(bucket: RateLimitBucket, keys: RateLimitKeys): Promise<RateLimitVerdict> {
  return sharedLimiter().consume(bucket, keys);
}

/** What `keys` have used of `bucket`'s rules, counting nothing (see RateLimiter.peek). */
export function peekRateLimit(bucket: RateLimitBucket, keys: RateLimitKeys): Promise<RuleUse[]> {
  return sharedLimiter().peek(bucket, keys);
}

/** The rules `bucket` counts by in this process (its own, or the operator's replacement). */
export function rateLimitRules(bucket: RateLimitBucket): readonly RateLimitRule[] {
  return sharedLimiter().rulesOf(bucket);
}

/** Tests: forget every count (and close the Redis connection); the next call starts afresh from the environment. */
export async function resetRateLimitForTests(): Promise<void> {
  const limiter = globalState[STATE_KEY];
  globalState[STATE_KEY] = undefined;
  await limiter?.close();
}
