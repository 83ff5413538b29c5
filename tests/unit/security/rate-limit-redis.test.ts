// The rate limits on a real Redis (Debian's redis-server, started here on a free port with no
// persistence): two limiters with separate connections, as two app instances would have, share
// one budget; Retry-After follows Redis's own expiry; with Redis gone or hung (SIGSTOP) the site
// keeps answering on per-process memory limits without waiting for it (after the one request that
// finds it hung), says so once, and goes back to Redis when it returns.
import { Redis } from "ioredis";
import { resetEnvCache } from "@/lib/config/env";
import { consumeRateLimit, createRateLimiter, REDIS_COOL_DOWN_MS, resetRateLimitForTests, type RateLimiter } from "@/lib/security/rate-limit.server";
import { startRedisServer, type RedisServer } from "@/tests/helpers/redis-server";

jest.setTimeout(30_000);

let redis: RedisServer;
let inspect: Redis;
const opened: RateLimiter[] = [];

function limiter(log?: (line: string) => void): RateLimiter {
  const created = createRateLimiter({ redisUrl: redis.url, log: log ?? (() => {}) });
  opened.push(created);
  return created;
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  // Fails (never skips) with how to install redis-server when it is missing.
  redis = await startRedisServer();
  inspect = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await inspect.connect();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((created) => created.close()));
  if (inspect?.status === "ready") await inspect.flushall();
});
afterAll(async () => {
  inspect?.disconnect();
  await redis?.stop();
});

test("two limiters on two connections to one Redis share one budget, under the bucket's key prefix", async () => {
  const a = limiter();
  const b = limiter();
  const verdicts = [];
  for (let i = 0; i < 20; i++) verdicts.push((await (i % 2 ? b : a).consume("nonce", { ip: "192.0.2.1" })).allowed);
  expect(verdicts).toEqual(Array(20).fill(true));
  expect((await a.consume("nonce", { ip: "192.0.2.1" })).allowed).toBe(false);
  expect((await b.consume("nonce", { ip: "192.0.2.1" })).allowed).toBe(false);
  expect(await inspect.keys("rl:*")).toEqual(["rl:nonce:ip:192.0.2.1"]);
  // Two connections really: Redis lists both clients by the name the app gives them.
  const clients = (await inspect.client("LIST")) as string;
  expect(clients.split("\n").filter((line) => line.includes("name=pulsecompare-rate-limit"))).toHaveLength(2);
});

test("a bucket with two keys refuses when either is spent, across instances, and refunds the other", async () => {
  const a = limiter();
  const b = limiter();
  const wallet = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  for (let i = 0; i < 5; i++) expect((await (i % 2 ? b : a).consume("contract-wallet-check", { ip: `198.51.100.${i}`, address: wallet })).allowed).toBe(true);
  expect((await b.consume("contract-wallet-check", { ip: "198.51.100.200", address: wallet })).allowed).toBe(false);
  // The refused attempt's IP point was given back in Redis.
  expect(await inspect.get("rl:contract-wallet-check:ip:198.51.100.200")).toBe("0");
  expect(await inspect.get(`rl:contract-wallet-check:address:${wallet.toLowerCase()}`)).toBe("6");
  expect(await inspect.get("rl:contract-wallet-check:total:all")).toBe("5");
});

test("an API key's minute and day are two keys in Redis, and another instance's peek reads them without counting", async () => {
  const a = limiter();
  const b = limiter();
  for (let i = 0; i < 3; i++) expect((await a.consume("api-key", { ip: `198.51.100.${i}`, apiKey: "key-7" })).allowed).toBe(true);
  expect((await inspect.keys("rl:api-key:*")).sort()).toEqual(["rl:api-key:api-key:60s:key-7", "rl:api-key:api-key:86400s:key-7"]);
  const peeked = await b.peek("api-key", { ip: "", apiKey: "key-7" });
  expect(peeked.map(({ used }) => used)).toEqual([3, 3]);
  expect(peeked[1]!.resetSeconds).toBeGreaterThan(86_000);
  expect(await inspect.get("rl:api-key:api-key:86400s:key-7")).toBe("3");
});

test("Retry-After is the window's remaining time in Redis, rounded up", async () => {
  const a = limiter();
  const b = limiter();
  expect(await a.consume("comparison-count", { ip: "192.0.2.9", pair: "hex/btc" })).toMatchObject({ allowed: true });
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const verdict = await b.consume("comparison-count", { ip: "192.0.2.9", pair: "hex/btc" });
  const ttlMs = await inspect.pttl("rl:comparison-count:ip-pair:192.0.2.9|hex/btc");
  expect(verdict).toMatchObject({ allowed: false, retryAfterSeconds: Math.ceil(ttlMs / 1000) });
  expect(verdict.allowed === false && verdict.retryAfterSeconds).toBe(59);
});

test("consumeRateLimit counts in the Redis of REDIS_URL", async () => {
  const saved = process.env.REDIS_URL;
  process.env.REDIS_URL = redis.url;
  resetEnvCache();
  try {
    expect(await consumeRateLimit("account-write", { ip: "192.0.2.70", address: "0xAbC0000000000000000000000000000000000001" })).toMatchObject({ allowed: true });
    expect((await inspect.keys("rl:account-write:*")).sort()).toEqual([
      "rl:account-write:address:0xabc0000000000000000000000000000000000001",
      "rl:account-write:ip:192.0.2.70",
    ]);
  } finally {
    await resetRateLimitForTests();
    if (saved === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = saved;
    resetEnvCache();
  }
});

test("Redis down: requests are still answered at once from per-process memory limits, logged once; back to Redis when it returns", async () => {
  const logs: string[] = [];
  const a = limiter((line) => logs.push(line));
  expect((await a.consume("nonce", { ip: "192.0.2.80" })).allowed).toBe(true);

  await redis.kill();
  const started = Date.now();
  const verdicts = [];
  for (let i = 0; i < 21; i++) verdicts.push((await a.consume("nonce", { ip: "192.0.2.80" })).allowed);
  // The memory limiter holds the same budget on its own (the point spent in Redis is not known to it).
  expect(verdicts).toEqual([...Array(20).fill(true), false]);
  expect(Date.now() - started).toBeLessThan(1_000);
  await waitFor(() => logs.length > 0);
  // More requests and reconnection attempts during the outage: still one line.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect((await a.consume("nonce", { ip: "192.0.2.82" })).allowed).toBe(true);
  expect(logs).toHaveLength(1);
  expect(logs[0]).toMatch(/^\[rate-limit\] Redis at 127\.0\.0\.1:\d+ is unreachable \(.+\); limiting per process in memory until it is back$/);

  await redis.restart();
  await waitFor(() => logs.length > 1);
  expect(logs).toHaveLength(2);
  expect(logs[1]).toMatch(/^\[rate-limit\] Redis at 127\.0\.0\.1:\d+ is back; limits are shared again$/);
  // Counting is in Redis again (the restarted server is empty).
  expect((await a.consume("nonce", { ip: "192.0.2.81" })).allowed).toBe(true);
  expect(await inspect.get("rl:nonce:ip:192.0.2.81")).toBe("1");
});

test("Redis unreachable from the start: the first request does not hang and is answered", async () => {
  const logs: string[] = [];
  const nowhere = createRateLimiter({ redisUrl: "redis://127.0.0.1:9", log: (line) => logs.push(line) });
  opened.push(nowhere);
  const started = Date.now();
  expect(await nowhere.consume("nonce", { ip: "192.0.2.90" })).toMatchObject({ allowed: true });
  expect(Date.now() - started).toBeLessThan(2_500);
  expect(logs).toHaveLength(1);
});

test("Redis hung (SIGSTOP): only the first request waits for it; the rest answer from memory, logged once; back to Redis after SIGCONT", async () => {
  const logs: string[] = [];
  const a = limiter((line) => logs.push(line));
  const ip = (i: number) => `203.0.113.${i}`;
  const timed = async (i: number) => {
    const started = performance.now();
    expect(await a.consume("nonce", { ip: ip(i) })).toMatchObject({ allowed: true });
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

  await timed(0); // connects
  const baseline: number[] = [];
  for (let i = 1; i <= 30; i++) baseline.push(await timed(i));

  redis.pause();
  try {
    const first = await timed(100);
    const hung: number[] = [];
    for (let i = 101; i <= 130; i++) hung.push(await timed(i));
    const added = median(hung) - median(baseline);
    console.log(
      `rate limit with Redis hung: baseline median ${median(baseline).toFixed(2)} ms; first request ${first.toFixed(0)} ms; ` +
        `next ${hung.length} median ${median(hung).toFixed(2)} ms (max ${Math.max(...hung).toFixed(1)} ms), added ${added.toFixed(2)} ms`,
    );
    // The first request waits for the command timeout; after it nobody waits for Redis.
    expect(first).toBeGreaterThan(900);
    expect(added).toBeLessThan(20);
    expect(Math.max(...hung)).toBeLessThan(500);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^\[rate-limit\] Redis at 127\.0\.0\.1:\d+ is unreachable \(no answer within 1000 ms\); limiting per process in memory until it is back$/);
    // Still hung past a cool-down: the background probe fails quietly, requests still do not wait.
    await new Promise((resolve) => setTimeout(resolve, REDIS_COOL_DOWN_MS + 1_500));
    expect(await timed(131)).toBeLessThan(500);
    expect(logs).toHaveLength(1);
  } finally {
    redis.resume();
  }

  await waitFor(() => logs.length > 1, REDIS_COOL_DOWN_MS + 5_000);
  expect(logs).toHaveLength(2);
  expect(logs[1]).toMatch(/^\[rate-limit\] Redis at 127\.0\.0\.1:\d+ is back; limits are shared again$/);
  // The requests during the hang were counted in memory only: no command of theirs reached Redis
  // (the first request's, sent before the circuit opened, ran when Redis was thawed).
  const counted = await Promise.all([101, 115, 131].map((i) => inspect.get(`rl:nonce:ip:${ip(i)}`)));
  expect(counted).toEqual([null, null, null]);
  // Counting is in Redis again, at Redis speed.
  expect(await timed(200)).toBeLessThan(500);
  expect(await inspect.get(`rl:nonce:ip:${ip(200)}`)).toBe("1");
  expect(logs).toHaveLength(2);
});
