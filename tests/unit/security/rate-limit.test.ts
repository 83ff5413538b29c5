// The rate limits on the memory store (no REDIS_URL): budgets per key, several keys per bucket,
// refunds on refusal, Retry-After, IPv6 per /64. The clock is jest's, so windows pass at once.
import { resetEnvCache } from "@/lib/config/env";
import { RATE_LIMIT_BUCKETS, RATE_LIMIT_BUCKET_NAMES, comparisonPairKey } from "@/lib/security/rate-limit-buckets";
import { consumeRateLimit, createRateLimiter, ipKey, rateLimitRules, resetRateLimitForTests, type RateLimiter } from "@/lib/security/rate-limit.server";
import { setEnvVars } from "@/tests/helpers/env-vars";

const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER_WALLET = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

let limiter: RateLimiter;
beforeEach(() => {
  jest.useFakeTimers({ now: new Date("2026-11-22T10:00:00Z") });
  limiter = createRateLimiter();
});
afterEach(async () => {
  await limiter.close();
  jest.useRealTimers();
});

async function spend(times: number, run: (i: number) => Promise<{ allowed: boolean }>) {
  const verdicts = [];
  for (let i = 0; i < times; i++) verdicts.push((await run(i)).allowed);
  return verdicts;
}

/** The i-th of many made-up wallet addresses. */
const wallet = (i: number) => `0x${String(i + 1).padStart(40, "0")}`;

test("every bucket's budgets are whole, positive, and at least one request per window", () => {
  for (const name of RATE_LIMIT_BUCKET_NAMES) {
    for (const rule of RATE_LIMIT_BUCKETS[name].rules) {
      expect(Number.isInteger(rule.points) && rule.points >= 1).toBe(true);
      expect(Number.isInteger(rule.durationSeconds) && rule.durationSeconds >= 1).toBe(true);
    }
  }
});

test("nonce: 20 a minute per IP, then 429 with Retry-After counting down to the window's end", async () => {
  const nonce = () => limiter.consume("nonce", { ip: "192.0.2.1" });
  expect(await spend(20, nonce)).toEqual(Array(20).fill(true));
  expect(await nonce()).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
  // Another IP has its own budget.
  expect(await limiter.consume("nonce", { ip: "192.0.2.2" })).toMatchObject({ allowed: true });

  jest.advanceTimersByTime(45_500);
  expect(await nonce()).toMatchObject({ allowed: false, retryAfterSeconds: 15 });
  jest.advanceTimersByTime(14_600);
  expect(await nonce()).toMatchObject({ allowed: true });
});

test("sign-in counts per IP only: 10 tries from one IP, whatever wallet they name", async () => {
  expect(await spend(11, () => limiter.consume("sign-in", { ip: "198.51.100.1", address: WALLET }))).toEqual([...Array(10).fill(true), false]);
  expect(await limiter.consume("sign-in", { ip: "198.51.100.2", address: WALLET })).toMatchObject({ allowed: true });
});

test("contract-wallet checks count per wallet, per IP and in total: 5 on one wallet from many IPs, 5 from one IP, 60 in all", async () => {
  const check = (ip: string, address: string) => limiter.consume("contract-wallet-check", { ip, address });
  const fromIps = await spend(6, (i) => check(`198.51.100.${i + 1}`, WALLET));
  expect(fromIps).toEqual([true, true, true, true, true, false]);
  // Another wallet is not held back by the first one's refusals.
  expect(await check("203.0.113.9", OTHER_WALLET)).toMatchObject({ allowed: true });

  const manyWallets = await spend(6, (i) => check("203.0.113.50", wallet(i)));
  expect(manyWallets).toEqual([true, true, true, true, true, false]);
  // 11 checks so far: the 61st is refused, whoever asks about whichever wallet.
  const everyone = await spend(50, (i) => check(`10.0.0.${i + 1}`, wallet(100 + i)));
  expect(everyone).toEqual([...Array(49).fill(true), false]);
});

test("telegram-list: 10 token checks per Telegram user in 10 minutes, 20 a minute from everyone", async () => {
  const list = (user: number) => limiter.consume("telegram-list", { ip: "", chat: `user:${user}` });
  expect(await spend(11, () => list(1))).toEqual([...Array(10).fill(true), false]);
  expect(await list(1)).toMatchObject({ allowed: false, retryAfterSeconds: 600 });
  // 10 so far: the 21st of the minute is refused, whoever sends it; refusals spent nothing.
  expect(await spend(11, (i) => list(100 + i))).toEqual([...Array(10).fill(true), false]);
  jest.advanceTimersByTime(60_000);
  expect(await list(200)).toMatchObject({ allowed: true });
  // The first user's window is 10 minutes, not the total's minute.
  expect((await list(1)).allowed).toBe(false);
  jest.advanceTimersByTime(540_000);
  expect(await list(1)).toMatchObject({ allowed: true });
});

test("the wallet address is counted whatever its case", async () => {
  await spend(5, (i) => limiter.consume("contract-wallet-check", { ip: `192.0.2.${10 + i}`, address: WALLET }));
  expect((await limiter.consume("contract-wallet-check", { ip: "192.0.2.19", address: WALLET.toLowerCase() })).allowed).toBe(false);
});

test("a refused request gives back the points it took from keys that had room", async () => {
  // The wallet's budget is used up from another IP...
  await spend(5, () => limiter.consume("contract-wallet-check", { ip: "192.0.2.20", address: WALLET }));
  // ...so these 20 refusals from one IP must not eat that IP's own 5.
  const refused = await spend(20, () => limiter.consume("contract-wallet-check", { ip: "192.0.2.21", address: WALLET }));
  expect(refused.every((allowed) => !allowed)).toBe(true);
  const sameIpOtherWallets = await spend(6, (i) => limiter.consume("contract-wallet-check", { ip: "192.0.2.21", address: wallet(i) }));
  expect(sameIpOtherWallets).toEqual([true, true, true, true, true, false]);
});

test("comparison-count: one count per pair per client per minute, 30 counts a minute per client", async () => {
  const count = (ip: string, a: string, b: string) => limiter.consume("comparison-count", { ip, pair: comparisonPairKey(a, b) });
  expect(await count("192.0.2.30", "hex", "btc")).toMatchObject({ allowed: true });
  expect(await count("192.0.2.30", "hex", "btc")).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
  // The reverse pair is another pair; another client may count the same pair.
  expect(await count("192.0.2.30", "btc", "hex")).toMatchObject({ allowed: true });
  expect(await count("192.0.2.31", "hex", "btc")).toMatchObject({ allowed: true });
  jest.advanceTimersByTime(60_001);
  expect(await count("192.0.2.30", "hex", "btc")).toMatchObject({ allowed: true });

  expect(await spend(30, (i) => count("192.0.2.32", `coin${i}`, "pls"))).toEqual(Array(30).fill(true));
  jest.advanceTimersByTime(30_000);
  expect(await count("192.0.2.32", "coin30", "pls")).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
  // The refused count did not use up its pair: once the IP's window ends, 30 s later, that pair
  // counts (had the refusal taken the pair's point, it would wait 60 s).
  jest.advanceTimersByTime(30_001);
  expect(await count("192.0.2.32", "coin30", "pls")).toMatchObject({ allowed: true });
});

test("account and admin writes count per IP and per address", async () => {
  expect(await spend(61, () => limiter.consume("account-write", { ip: "192.0.2.40", address: WALLET }))).toEqual([...Array(60).fill(true), false]);
  expect(await spend(31, () => limiter.consume("admin-write", { ip: "192.0.2.41", address: WALLET }))).toEqual([...Array(30).fill(true), false]);
  // The operator's budget follows the address to another IP.
  expect((await limiter.consume("admin-write", { ip: "192.0.2.42", address: WALLET })).allowed).toBe(false);
});

test("a rule whose key is not given is skipped; the bucket's other rules still count", async () => {
  // A chain check given no wallet: counted per IP (and in total) only.
  expect(await spend(6, () => limiter.consume("contract-wallet-check", { ip: "192.0.2.50" }))).toEqual([...Array(5).fill(true), false]);
  expect(await spend(31, () => limiter.consume("comparison-count", { ip: "192.0.2.51" }))).toEqual([...Array(30).fill(true), false]);
});

test("IPv6 clients count per /64; IPv4-mapped addresses count as the IPv4 address", async () => {
  expect(ipKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
  expect(ipKey("2001:DB8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
  expect(ipKey("::1")).toBe("0:0:0:0::/64");
  expect(ipKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
  expect(ipKey("unknown")).toBe("unknown");

  await spend(20, (i) => limiter.consume("nonce", { ip: `2001:db8:1:2::${(i + 1).toString(16)}` }));
  expect((await limiter.consume("nonce", { ip: "2001:db8:1:2:dead:beef:0:1" })).allowed).toBe(false);
  expect((await limiter.consume("nonce", { ip: "2001:db8:1:3::1" })).allowed).toBe(true);
});

test("each verdict says where every rule stands: points left and whole seconds to the window's end", async () => {
  const read = () => limiter.consume("open-read", { ip: "192.0.2.70" });
  const [rule] = RATE_LIMIT_BUCKETS["open-read"].rules;
  expect(await read()).toEqual({ allowed: true, standing: [{ rule, remaining: rule.points - 1, resetSeconds: 60 }] });
  jest.advanceTimersByTime(20_500);
  expect((await read()).standing).toEqual([{ rule, remaining: rule.points - 2, resetSeconds: 40 }]);
  await spend(rule.points - 2, read);
  expect(await read()).toEqual({ allowed: false, retryAfterSeconds: 40, standing: [{ rule, remaining: 0, resetSeconds: 40 }] });
});

test("an API key counts per minute and per day apart, on its own key whatever the IP", async () => {
  const [minute, day] = RATE_LIMIT_BUCKETS["api-key"].rules;
  const use = (ip: string) => limiter.consume("api-key", { ip, apiKey: "key-1" });
  await spend(minute.points - 1, (i) => use(`192.0.2.${i % 200}`));
  expect(await use("198.51.100.1")).toEqual({
    allowed: true,
    standing: [
      { rule: minute, remaining: 0, resetSeconds: 60 },
      { rule: day, remaining: day.points - minute.points, resetSeconds: 86_400 },
    ],
  });
  // The minute's budget is spent, the day's is not: refused, and the day is given its point back.
  const refused = await use("198.51.100.2");
  expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
  expect((await limiter.peek("api-key", { ip: "", apiKey: "key-1" })).map(({ used }) => used)).toEqual([minute.points, minute.points]);
  expect((await limiter.consume("api-key", { ip: "192.0.2.1", apiKey: "key-2" })).allowed).toBe(true);
  jest.advanceTimersByTime(60_000);
  expect((await use("192.0.2.1")).standing.map(({ remaining }) => remaining)).toEqual([minute.points - 1, day.points - minute.points - 1]);
});

test("peek says what a caller has used without counting; nothing counted is 0 used", async () => {
  const [minute, day] = RATE_LIMIT_BUCKETS["api-key"].rules;
  expect(await limiter.peek("api-key", { ip: "", apiKey: "unused" })).toEqual([
    { rule: minute, used: 0, resetSeconds: 0 },
    { rule: day, used: 0, resetSeconds: 0 },
  ]);
  await spend(3, () => limiter.consume("api-key", { ip: "192.0.2.9", apiKey: "used" }));
  jest.advanceTimersByTime(61_000);
  const peeked = await limiter.peek("api-key", { ip: "", apiKey: "used" });
  expect(peeked).toEqual([
    { rule: minute, used: 0, resetSeconds: 0 },
    { rule: day, used: 3, resetSeconds: 86_400 - 61 },
  ]);
  expect(await limiter.peek("api-key", { ip: "", apiKey: "used" })).toEqual(peeked);
});

test("a limiter given its own rules for a bucket counts by them", async () => {
  const strict = createRateLimiter({ rules: { "open-read": [{ key: "ip", points: 2, durationSeconds: 60 }] } });
  try {
    expect(strict.rulesOf("open-read")).toEqual([{ key: "ip", points: 2, durationSeconds: 60 }]);
    expect(strict.rulesOf("nonce")).toBe(RATE_LIMIT_BUCKETS.nonce.rules);
    expect(await spend(3, () => strict.consume("open-read", { ip: "192.0.2.80" }))).toEqual([true, true, false]);
  } finally {
    await strict.close();
  }
});

describe("the process-wide limiter (consumeRateLimit)", () => {
  const saved = process.env.REDIS_URL;
  beforeAll(() => {
    delete process.env.REDIS_URL;
    resetEnvCache();
  });
  afterAll(async () => {
    if (saved !== undefined) process.env.REDIS_URL = saved;
    resetEnvCache();
    await resetRateLimitForTests();
  });

  test("counts in memory without REDIS_URL, and resetRateLimitForTests forgets the counts", async () => {
    await spend(20, () => consumeRateLimit("nonce", { ip: "192.0.2.60" }));
    expect((await consumeRateLimit("nonce", { ip: "192.0.2.60" })).allowed).toBe(false);
    await resetRateLimitForTests();
    expect((await consumeRateLimit("nonce", { ip: "192.0.2.60" })).allowed).toBe(true);
  });

  test("API_ANONYMOUS_PER_MINUTE replaces the anonymous quota, and nothing else", async () => {
    const restore = setEnvVars({ API_ANONYMOUS_PER_MINUTE: "3" });
    try {
      await resetRateLimitForTests();
      expect(rateLimitRules("open-read")).toEqual([{ key: "ip", points: 3, durationSeconds: 60 }]);
      expect(rateLimitRules("api-key")).toBe(RATE_LIMIT_BUCKETS["api-key"].rules);
      expect(await spend(4, () => consumeRateLimit("open-read", { ip: "192.0.2.61" }))).toEqual([true, true, true, false]);
    } finally {
      restore();
      await resetRateLimitForTests();
    }
    expect(rateLimitRules("open-read")).toBe(RATE_LIMIT_BUCKETS["open-read"].rules);
  });
});
