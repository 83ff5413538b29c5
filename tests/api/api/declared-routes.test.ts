// One declared guard per route: every route file under app/api serves declared endpoints
// (lib/api/contract.ts) through the one wrapper, every declaration is served by the route file
// its path names, and no route file runs checks of its own beside the wrapper.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { endpoints, type Endpoint } from "@/lib/api/contract";
import { ERROR_STATUS } from "@/lib/api/error-codes";
import type { RouteHandler } from "@/lib/api/route.server";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { REPO_ROOT } from "@/tests/helpers/repo-root";

useTestDatabase({ seed: false });
useAuthEnvironment();

const API_DIR = path.join(REPO_ROOT, "app/api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** "app/api/watchlist/[coinId]/route.ts" -> "/api/watchlist/:coinId" (catch-alls keep their brackets). */
function declaredPathOf(file: string): string {
  const segments = path.relative(API_DIR, path.dirname(file)).split(path.sep).filter(Boolean);
  return ["/api", ...segments.map((segment) => segment.replace(/^\[([A-Za-z0-9]+)\]$/, ":$1"))].join("/");
}

const files = routeFiles();
const declared = Object.entries(endpoints) as [string, Endpoint][];
const loadRoute = (file: string) => import(file) as Promise<Record<string, RouteHandler>>;

test("the route files are the ones this test knows how to read", () => {
  expect(files.length).toBeGreaterThanOrEqual(23);
});

test.each(files.map((file) => [path.relative(API_DIR, file), file]))("%s: each method is a declared handler or a 405", async (_name, file) => {
  const routeModule = await loadRoute(file);
  const routePath = declaredPathOf(file);
  if (routePath.includes("[")) return; // catch-alls: checked below
  for (const method of METHODS) {
    const handler = routeModule[method];
    expect(handler).toBeDefined();
    if (handler!.endpoint) {
      expect({ method, path: handler!.endpoint.path }).toEqual({ method: handler!.endpoint.method, path: routePath });
    } else {
      const res = await call(handler!, routePath, { method });
      expect(res.status).toBe(405);
    }
  }
});

test.each(declared)("%s is served by its route file", async (_name, endpoint) => {
  const direct = files.find((file) => declaredPathOf(file) === endpoint.path);
  if (direct) {
    expect((await loadRoute(direct))[endpoint.method]!.endpoint).toBe(endpoint);
    return;
  }
  // Only next-auth's actions live behind a catch-all; the wrong method proves the action is
  // known there with its declared one.
  expect(endpoint.path).toMatch(/^\/api\/auth\//);
  const catchAll = await loadRoute(path.join(API_DIR, "auth/[...nextauth]/route.ts"));
  const other = endpoint.method === "GET" ? "POST" : "GET";
  const res = await call(catchAll[other]!, endpoint.path, {
    method: other,
    params: { nextauth: endpoint.path.replace("/api/auth/", "").split("/") },
  });
  expect(res.status).toBe(405);
  expect(res.headers.get("allow")).toBe(endpoint.method);
});

test("no route file runs its own guards, body reading or error mapping", () => {
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    expect({ file, found: source.match(/withErrorHandling|readJsonBody|readFormOrJsonBody|assertSameOrigin|requireSession|requireOperator|parseQuery|NextResponse.json\(\{ error/g) }).toEqual({ file, found: null });
  }
});

test("writes spend a rate-limit budget, and only declared error codes exist", () => {
  for (const [name, endpoint] of declared) {
    // The scheduler and Telegram prove themselves with a secret and are the only callers; Telegram's
    // updates are limited per chat inside (lib/bot/chat-limit.server.ts), not per its IPs.
    if (endpoint.method !== "GET" && endpoint.access !== "cron" && endpoint.access !== "telegram") {
      expect({ name, limited: endpoint.rateLimit !== undefined || name === "signOut" }).toEqual({ name, limited: true });
    }
  }
  for (const status of Object.values(ERROR_STATUS)) expect(status).toBeGreaterThanOrEqual(400);
});
