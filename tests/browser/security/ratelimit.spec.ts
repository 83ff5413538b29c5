// Rate limits across instances, on the production build: two more standalone servers on this
// run's build, one database and one Redis (a redis-server started here), as two instances of a
// deployment would run, each reached through the edge (nginx, deploy/nginx/; one edge per
// instance, so that one client can be sent to either: the site's edge would keep it on one). The
// nonce budget (POST /api/auth/nonce) is one budget: requests split across both servers use it
// up, and then either answers 429. Every request also claims another client address in
// X-Forwarded-For and X-Real-IP, which buys nothing: the edge replaces X-Forwarded-For with the
// address the client connected from, and the servers trust only that (TRUST_PROXY=loopback,
// lib/security/client-ip.server.ts).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { setupDatabase } from "@/lib/db-setup/setup";
import { RATE_LIMIT_BUCKETS } from "@/lib/security/rate-limit-buckets";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { startEdge, type Edge } from "@/tests/helpers/edge";
import { freePort } from "@/tests/helpers/free-port";
import { startRedisServer, type RedisServer } from "@/tests/helpers/redis-server";
import { BUILD_SECURITY_ENV, startApp, type App } from "@/tests/browser/harness";

describe("two servers sharing one Redis", () => {
  let redis: RedisServer | undefined;
  let dir: string | undefined;
  const apps: App[] = [];
  const edges: Edge[] = [];
  /** What a client reaches: an edge, one per server. */
  const servers: Array<{ baseUrl: string }> = [];

  before(async () => {
    redis = await startRedisServer();
    dir = mkdtempSync(path.join(tmpdir(), "ratelimit-spec-"));
    const databaseUrl = `file:${path.join(dir, "app.db")}`;
    await setupDatabase({ url: databaseUrl });
    const ports = [await freePort(), await freePort()];
    const env = { REDIS_URL: redis.url, TRUST_PROXY: "loopback", AUTH_ORIGINS: ports.map((port) => `http://127.0.0.1:${port}`).join(",") };
    // One after the other: two servers starting at once on a 2-core machine can pass the 60 s start-up limit.
    for (let i = 0; i < 2; i++) apps.push(await startApp({ build: false, databaseUrl, env }));
    for (const [i, app] of apps.entries()) edges.push(await startEdge({ port: ports[i]!, upstreams: [app.baseUrl], env: BUILD_SECURITY_ENV }));
    servers.push(...edges);
  });

  after(async () => {
    await Promise.all(edges.map((edge) => edge.stop()));
    await Promise.all(apps.map((app) => app.stop()));
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function askForNonce(server: { baseUrl: string }, claimedIp: string) {
    const res = await fetch(`${server.baseUrl}/api/auth/nonce`, {
      method: "POST",
      headers: { Origin: server.baseUrl, "X-Forwarded-For": claimedIp, "X-Real-IP": claimedIp },
    });
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as unknown };
  }

  test("the nonce budget is shared: after it is spent across both servers, each answers 429 with Retry-After", async () => {
    const [a, b] = servers as [{ baseUrl: string }, { baseUrl: string }];
    const budget = RATE_LIMIT_BUCKETS.nonce.rules[0].points;
    for (let i = 0; i < budget; i++) {
      const res = await askForNonce(i % 2 ? b : a, `203.0.113.${i + 1}`);
      assert.equal(res.status, 200, `request ${i + 1} of ${budget} (to server ${i % 2 ? "B" : "A"}) was refused`);
    }
    for (const [name, server] of [["A", a], ["B", b]] as const) {
      const res = await askForNonce(server, "198.51.100.77");
      assert.equal(res.status, 429, `server ${name} let request ${budget + 1} through`);
      assert.equal(apiErrorSchema.parse(res.body).error.code, "rate_limited");
      const wait = Number(res.retryAfter);
      assert.ok(Number.isInteger(wait) && wait >= 1 && wait <= 60, `Retry-After ${res.retryAfter}`);
    }
  });
});
