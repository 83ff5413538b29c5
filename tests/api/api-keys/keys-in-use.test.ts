// A key in use on the open API, through the real routes on a real SQLite file (issue 55): created
// on POST /api/api-keys by a real SIWE session, then sent as `Authorization: Bearer …` to a public
// read, which spends the key's own quota (per minute and per day, whatever address it comes from)
// and says so in the RateLimit fields; /developers' list sees the use; over the quota, 429 with the
// headers; revoked, 401. A request without a key never reads the key table. (The anonymous quota
// and credentials that were never keys: tests/api/api/open-quota.test.ts.)
import * as list from "@/app/api/api-keys/route";
import * as one from "@/app/api/api-keys/[id]/route";
import * as pairs from "@/app/api/pairs/[coin1]/[coin2]/route";
import type { RouteHandler } from "@/lib/api/route.server";
import { apiKeyListSchema, createdApiKeySchema, type CreatedApiKey } from "@/lib/api-keys/schemas";
import { RATE_LIMIT_BUCKETS } from "@/lib/security/rate-limit-buckets";
import { consumeRateLimit } from "@/lib/security/rate-limit.server";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { recordAppQueries } from "@/tests/helpers/app-queries";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, SAME_SITE, signIn, type SignedIn } from "@/tests/helpers/account-session";

useTestDatabase({ seed: true });
useAuthEnvironment();

const ruleOf = (bucket: "api-key" | "open-read", seconds: number) => RATE_LIMIT_BUCKETS[bucket].rules.find((rule) => rule.durationSeconds === seconds)!;
const MINUTE = ruleOf("api-key", 60);
const DAY = ruleOf("api-key", 86_400);
const ANONYMOUS = ruleOf("open-read", 60);

const pairsGet = (pairs as unknown as Record<string, RouteHandler>).GET!;
const pair = (ip: string, headers: Record<string, string> = {}) =>
  call(pairsGet, "/api/pairs/plsx/hex", { headers: { "X-Forwarded-For": ip, Origin: "https://builder.example", ...headers }, params: { coin1: "plsx", coin2: "hex" } });
const bearer = (key: CreatedApiKey) => ({ Authorization: `Bearer ${key.secret}` });
const quotaOf = (headers: Headers) => ({ policy: headers.get("ratelimit-policy"), standing: headers.get("ratelimit") });

async function created(user: SignedIn, name: string): Promise<CreatedApiKey> {
  const res = await user.browser.request(list.POST, "/api/api-keys", { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ name }) });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
  return createdApiKeySchema.parse(res.body);
}

async function usedLastDay(user: SignedIn, key: CreatedApiKey): Promise<number> {
  const keys = apiKeyListSchema.parse((await user.browser.request(list.GET, "/api/api-keys")).body);
  return keys.find((listed) => listed.id === key.id)!.usedLastDay;
}

test("a live key spends its own quota, from any address, says it in the RateLimit fields, and /developers sees the use", async () => {
  const user = await signIn();
  const key = await created(user, "in use");
  const first = await pair("198.51.100.1", bearer(key));
  expect(first.status).toBe(200);
  expect(quotaOf(first.headers)).toEqual({
    policy: `"minute";q=${MINUTE.points};w=60, "day";q=${DAY.points};w=86400`,
    standing: expect.stringMatching(new RegExp(`^"minute";r=${MINUTE.points - 1};t=\\d+, "day";r=${DAY.points - 1};t=\\d+$`)),
  });
  // A keyed answer is one caller's: never kept by a shared cache.
  expect(first.headers.get("cache-control")).toBe("private, no-store");
  expect(first.headers.get("access-control-allow-origin")).toBe("*");

  // Another address, the same key: the key's count, and the address's anonymous quota is untouched.
  const second = await pair("198.51.100.2", bearer(key));
  expect(quotaOf(second.headers).standing).toMatch(new RegExp(`^"minute";r=${MINUTE.points - 2};t=\\d+, "day";r=${DAY.points - 2};`));
  expect(quotaOf((await pair("198.51.100.2")).headers).standing).toBe(`"minute";r=${ANONYMOUS.points - 1};t=60`);
  expect(await usedLastDay(user, key)).toBe(2);
});

test("over the key's minute quota: 429 in the error JSON with Retry-After and the RateLimit fields; other keys unaffected", async () => {
  const user = await signIn();
  const [spent, other] = [await created(user, "spent"), await created(user, "other")];
  for (let i = 0; i < MINUTE.points; i++) await consumeRateLimit("api-key", { ip: "x", apiKey: spent.id });
  const refused = await pair("198.51.100.3", bearer(spent));
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ error: { code: "rate_limited", message: expect.stringMatching(/^This API key's quota is spent\. Try again in \d+ s/) } });
  const seconds = Number(refused.headers.get("retry-after"));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(quotaOf(refused.headers)).toEqual({
    policy: `"minute";q=${MINUTE.points};w=60, "day";q=${DAY.points};w=86400`,
    standing: expect.stringMatching(new RegExp(`^"minute";r=0;t=${seconds}, "day";r=\\d+;t=\\d+$`)),
  });
  expect(refused.headers.get("access-control-allow-origin")).toBe("*");
  expect((await pair("198.51.100.3", bearer(other))).status).toBe(200);
  expect(await usedLastDay(user, spent)).toBe(MINUTE.points);
});

test("revoked, the key is a 401 that says so, never the anonymous answer", async () => {
  const user = await signIn();
  const key = await created(user, "revoked");
  expect((await pair("198.51.100.4", bearer(key))).status).toBe(200);
  const revoke = await user.browser.request(one.DELETE, `/api/api-keys/${key.id}`, { method: "DELETE", headers: SAME_SITE, params: { id: key.id } });
  expect(revoke.status).toBe(204);
  const refused = await pair("198.51.100.4", bearer(key));
  expect(refused.status).toBe(401);
  expect(refused.body).toEqual({ error: { code: "unauthenticated", message: expect.stringContaining("This API key is not valid") } });
  expect(refused.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
  expect(refused.headers.get("access-control-allow-origin")).toBe("*");
});

describe("what the key check reads", () => {
  const queries = recordAppQueries();

  const keyReads = () => queries.filter((sql) => /ApiKey/.test(sql));

  test("nothing of the key table for a request without a key, or with a malformed one; one read for a key", async () => {
    const user = await signIn();
    const key = await created(user, "counted");
    queries.length = 0;
    expect((await pair("198.51.100.5")).status).toBe(200);
    expect(keyReads()).toEqual([]);
    expect((await pair("198.51.100.5", { Authorization: "Bearer pcmp_short" })).status).toBe(401);
    expect(keyReads()).toEqual([]);
    expect((await pair("198.51.100.5", bearer(key))).status).toBe(200);
    expect(keyReads()).toHaveLength(1);
  });
});
