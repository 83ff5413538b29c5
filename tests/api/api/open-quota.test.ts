// The open API's quota through the real route handlers on a real SQLite file (issue 55): every
// answer of a public read says the quota in the IETF RateLimit fields, its errors included; the
// 121st call of a minute from one address is a 429 with Retry-After and the fields, readable by a
// page on another site; other addresses are untouched; the health checks spend nothing; a
// credential that is not a live key is a 401, counted like an anonymous call, never a silent
// fall back. (Keys themselves: tests/api/api-keys/.)
import * as coinList from "@/app/api/cryptocurrencies/route";
import * as pairs from "@/app/api/pairs/[coin1]/[coin2]/route";
import * as healthLive from "@/app/api/health/live/route";
import { RATE_LIMIT_BUCKETS } from "@/lib/security/rate-limit-buckets";
import type { RouteHandler } from "@/lib/api/route.server";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

useTestDatabase({ seed: true });

const [ANONYMOUS] = RATE_LIMIT_BUCKETS["open-read"].rules;
const handlersOf = (routeModule: object) => routeModule as unknown as Record<string, RouteHandler>;
const from = (ip: string, headers: Record<string, string> = {}) => ({ headers: { "X-Forwarded-For": ip, Origin: "https://builder.example", ...headers } });
const list = (ip: string, query = "?ids=pls", headers: Record<string, string> = {}) => call(coinList.GET as RouteHandler, `/api/cryptocurrencies${query}`, from(ip, headers));
const quotaOf = (headers: Headers) => ({ policy: headers.get("ratelimit-policy"), standing: headers.get("ratelimit") });

test("every answer says the anonymous quota and what is left of it, errors included", async () => {
  const first = await list("192.0.2.10");
  expect(first.status).toBe(200);
  expect(quotaOf(first.headers)).toEqual({ policy: `"minute";q=${ANONYMOUS.points};w=60`, standing: `"minute";r=${ANONYMOUS.points - 1};t=60` });
  const wrong = await list("192.0.2.10", "?per_page=9999");
  expect(wrong.status).toBe(400);
  expect(quotaOf(wrong.headers).standing).toBe(`"minute";r=${ANONYMOUS.points - 2};t=60`);
  const pair = await call(handlersOf(pairs).GET!, "/api/pairs/plsx/hex", { ...from("192.0.2.10"), params: { coin1: "plsx", coin2: "hex" } });
  expect(quotaOf(pair.headers).standing).toBe(`"minute";r=${ANONYMOUS.points - 3};t=60`);
  // A page on another site may read them.
  expect(first.headers.get("access-control-expose-headers")).toBe("RateLimit, RateLimit-Policy, Retry-After");
});

test("over the quota: 429 in the error JSON with Retry-After and the RateLimit fields, for that address only", async () => {
  for (let i = 0; i < ANONYMOUS.points; i++) expect((await list("192.0.2.20")).status).toBe(200);
  const refused = await list("192.0.2.20");
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ error: { code: "rate_limited", message: expect.stringMatching(/^The anonymous quota for your address is spent\. Try again in \d+ s/) } });
  const seconds = Number(refused.headers.get("retry-after"));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(quotaOf(refused.headers)).toEqual({ policy: `"minute";q=${ANONYMOUS.points};w=60`, standing: `"minute";r=0;t=${seconds}` });
  expect(refused.headers.get("access-control-allow-origin")).toBe("*");
  expect(refused.headers.get("cache-control")).toBe("no-store");
  expect((await list("192.0.2.21")).status).toBe(200);
});

test("the health checks spend no quota and say none", async () => {
  for (let i = 0; i < ANONYMOUS.points + 5; i++) {
    const live = await call(handlersOf(healthLive).GET!, "/api/health/live", from("192.0.2.30"));
    expect(live.status).toBe(200);
    expect(quotaOf(live.headers)).toEqual({ policy: null, standing: null });
  }
  expect(quotaOf((await list("192.0.2.30")).headers).standing).toBe(`"minute";r=${ANONYMOUS.points - 1};t=60`);
});

test("a credential that is not a live key is a 401 that says so, counted on the address, never the anonymous answer", async () => {
  for (const authorization of ["Bearer pcmp_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "Bearer not-a-key", "Basic dXNlcjpwYXNz", "Bearer", ""]) {
    const answer = await list("192.0.2.40", "?ids=pls", { Authorization: authorization });
    expect({ authorization, status: answer.status, code: (answer.body as { error: { code: string } }).error.code }).toEqual({ authorization, status: 401, code: "unauthenticated" });
    expect(answer.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
  }
  expect(quotaOf((await list("192.0.2.40")).headers).standing).toBe(`"minute";r=${ANONYMOUS.points - 6};t=60`);
});
