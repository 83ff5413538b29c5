// The declared routes with the real limiter (memory store): past a budget a route answers 429
// rate_limited with Retry-After and does nothing else. Handlers called directly have no TCP
// peer, so here every request is the one client "unknown" (tests/unit/security/client-ip.test.ts and
// tests/browser/security/ratelimit.spec.ts cover the address itself); useTestDatabase gives each test
// fresh limits.
import { privateKeyToAccount } from "viem/accounts";
import * as nonceRoute from "@/app/api/auth/nonce/route";
import * as comparisonsRoute from "@/app/api/comparisons/route";
import { resetEnvCache } from "@/lib/config/env";
import { RATE_LIMIT_BUCKETS } from "@/lib/security/rate-limit-buckets";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { JSON_WRITE } from "@/tests/helpers/account-session";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { Browser, SITE, siweMessage, useAuthEnvironment } from "@/tests/helpers/wallet-session";

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

const budget = (bucket: keyof typeof RATE_LIMIT_BUCKETS, key: string) => RATE_LIMIT_BUCKETS[bucket].rules.find((rule) => rule.key === key)!.points;

function expectRateLimited(res: { status: number; headers: Headers; body: unknown }) {
  expect(res.status).toBe(429);
  expect(apiErrorSchema.parse(res.body).error.code).toBe("rate_limited");
  // Whole seconds until the window that began with the first request ends.
  expect(res.headers.get("retry-after")).toMatch(/^(5\d|60)$/);
  expect(res.headers.get("cache-control")).toBe("no-store");
  // The IETF RateLimit fields on every 429 (issue 55): the bucket's policies, and the rule that refused at 0.
  expect(res.headers.get("ratelimit-policy")).toMatch(/^"[a-z-]+";q=\d+;w=\d+(, "[a-z-]+";q=\d+;w=\d+)*$/);
  expect(res.headers.get("ratelimit")).toMatch(/"[a-z-]+";r=0;t=\d+/);
}

describe("POST /api/auth/nonce", () => {
  const askForNonce = (headers: Record<string, string> = {}) =>
    call(nonceRoute.POST, "/api/auth/nonce", { method: "POST", headers: { origin: SITE, ...headers } });

  test(`${budget("nonce", "ip")} nonces a minute, then 429 and no nonce written`, async () => {
    const before = await db().siweNonce.count();
    for (let i = 0; i < budget("nonce", "ip"); i++) expect((await askForNonce()).status).toBe(200);
    expect(await db().siweNonce.count()).toBe(before + budget("nonce", "ip"));
    expectRateLimited(await askForNonce());
    expect(await db().siweNonce.count()).toBe(before + budget("nonce", "ip"));
  });

  test("behind the edge, what a client writes into X-Forwarded-For does not buy a new budget", async () => {
    // TRUST_PROXY=loopback, as the instances behind the edge run: the client is the entry the
    // proxy wrote (the rightmost untrusted one); whatever the client put left of it is not.
    process.env.TRUST_PROXY = "loopback";
    resetEnvCache();
    try {
      for (let i = 0; i < budget("nonce", "ip"); i++) expect((await askForNonce({ "x-forwarded-for": `203.0.113.${i}, 198.51.100.9` })).status).toBe(200);
      expectRateLimited(await askForNonce({ "x-forwarded-for": "198.51.100.1, 198.51.100.9", "x-real-ip": "198.51.100.1" }));
      // Another client of the edge has its own budget.
      expect((await askForNonce({ "x-forwarded-for": "198.51.100.10" })).status).toBe(200);
    } finally {
      delete process.env.TRUST_PROXY;
      resetEnvCache();
    }
  });
});

describe("POST /api/comparisons", () => {
  const count = (coin1Id: string, coin2Id: string) =>
    call(comparisonsRoute.POST, "/api/comparisons", { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ coin1Id, coin2Id }) });
  const comparisonsOf = async (coin1Id: string, coin2Id: string) =>
    (await db().pairCount.findUnique({ where: { coin1Id_coin2Id: { coin1Id, coin2Id } } }))?.comparisons ?? 0;

  test("a client counts a pair once a minute: the second count is 429 and not written; other pairs still count", async () => {
    const before = await comparisonsOf("hex", "btc");
    expect((await count("hex", "btc")).status).toBe(204);
    expectRateLimited(await count("hex", "btc"));
    expect(await comparisonsOf("hex", "btc")).toBe(before + 1);
    // The reversed pair is another pair.
    expect((await count("btc", "hex")).status).toBe(204);
  });

  test(`${budget("comparison-count", "ip")} counts a minute per client, whatever the pairs`, async () => {
    const coins = (await db().coin.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((coin) => coin.id);
    const limit = budget("comparison-count", "ip");
    for (let i = 0; i < limit; i++) expect((await count(coins[i]!, coins[i + 1]!)).status).toBe(204);
    const before = await comparisonsOf(coins[limit]!, coins[limit + 1]!);
    expectRateLimited(await count(coins[limit]!, coins[limit + 1]!));
    expect(await comparisonsOf(coins[limit]!, coins[limit + 1]!)).toBe(before);
  });
});

describe("sign-in (POST /api/auth/callback/credentials)", () => {
  const account = privateKeyToAccount("0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e");

  // Not per wallet: anyone can name any wallet (tests/api/auth/auth-sign-in-budget.test.ts).
  test(`${budget("sign-in", "ip")} attempts a minute per client, valid or not; a refused one does not spend its nonce`, async () => {
    const browser = new Browser();
    for (let i = 0; i < budget("sign-in", "ip"); i++) expect((await browser.signIn(account)).status).toBe(200);

    const nonce = await browser.nonce();
    const message = siweMessage({ address: account.address, nonce });
    const refused = await browser.submit(message, await account.signMessage({ message }));
    expectRateLimited(refused);
    expect(await db().siweNonce.findUnique({ where: { value: nonce } })).not.toBeNull();
  });

  test("a message naming no wallet is counted per IP too", async () => {
    const browser = new Browser();
    const csrfToken = await browser.csrfToken();
    const limit = budget("sign-in", "ip");
    for (let i = 0; i < limit; i++) expect((await browser.submit("not a SIWE message", "0x00", csrfToken)).status).not.toBe(429);
    expectRateLimited(await browser.submit("not a SIWE message", "0x00", csrfToken));
  });
});
