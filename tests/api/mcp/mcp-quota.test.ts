// The MCP server spends the open API's quota (issue 55: "same quotas and keys as the API"): every
// answer says it in the IETF RateLimit fields, and past it a 429 in the API's error JSON with
// Retry-After and the fields, per address; a credential that is not a live key is a 401.
import * as mcpRoute from "@/app/api/mcp/route";
import type { RouteHandler } from "@/lib/api/route.server";
import { RATE_LIMIT_BUCKETS } from "@/lib/security/rate-limit-buckets";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

useTestDatabase({ seed: true });

const [ANONYMOUS] = RATE_LIMIT_BUCKETS["open-read"].rules;
const listTools = (ip: string, headers: Record<string, string> = {}) =>
  call((mcpRoute as unknown as Record<string, RouteHandler>).POST!, "/api/mcp", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "X-Forwarded-For": ip, ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });

test("each MCP request spends one call of the address's quota and says so; past it, 429 with Retry-After", async () => {
  const first = await listTools("192.0.2.50");
  expect(first.status).toBe(200);
  expect((first.body as { result: { tools: unknown[] } }).result.tools).toHaveLength(6);
  expect([first.headers.get("ratelimit-policy"), first.headers.get("ratelimit")]).toEqual([`"minute";q=${ANONYMOUS.points};w=60`, `"minute";r=${ANONYMOUS.points - 1};t=60`]);
  for (let i = 1; i < ANONYMOUS.points; i++) expect((await listTools("192.0.2.50")).status).toBe(200);
  const refused = await listTools("192.0.2.50");
  expect(refused.status).toBe(429);
  expect((refused.body as { error: { code: string } }).error.code).toBe("rate_limited");
  expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(refused.headers.get("ratelimit")).toMatch(/^"minute";r=0;t=\d+$/);
  expect((await listTools("192.0.2.51")).status).toBe(200);
});

test("a credential that is not a live key is a 401, never the anonymous answer", async () => {
  const refused = await listTools("192.0.2.52", { Authorization: "Bearer pcmp_nothing" });
  expect(refused.status).toBe(401);
  expect((refused.body as { error: { code: string } }).error.code).toBe("unauthenticated");
});
