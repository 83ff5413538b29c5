// Edges found by probing the production server (issue 31), held here through the real route
// handlers on a real SQLite file. What Next cannot route (TRACE, PROPFIND, repeated slashes,
// ?__proto__ before the handler) is the edge's to answer (deploy/nginx/, tests/server/security/edge.test.ts);
// for an API path it asks the route with OPTIONS, whose answer is checked here.
// tests/browser/security/hardening.spec.ts asks the same of the production build behind the edge.
import { readdirSync } from "node:fs";
import path from "node:path";
import * as auth from "@/app/api/auth/[...nextauth]/route";
import * as coin from "@/app/api/cryptocurrencies/[id]/route";
import * as list from "@/app/api/cryptocurrencies/route";
import * as health from "@/app/api/health/route";
import * as watchlistOne from "@/app/api/watchlist/[coinId]/route";
import * as watchlist from "@/app/api/watchlist/route";
import type { RouteHandler } from "@/lib/api/route.server";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { REPO_ROOT } from "@/tests/helpers/repo-root";

useTestDatabase();
useAuthEnvironment();

const errorOf = (res: { body: unknown }) => apiErrorSchema.parse(res.body).error;
const handlersOf = (routeModule: object) => routeModule as unknown as Record<string, RouteHandler>;

describe("?__proto__= is an unknown query parameter like any other", () => {
  test.each([
    ["/api/health", health.GET],
    ["/api/cryptocurrencies", list.GET],
  ])("%s?__proto__=1 is 400 invalid_query", async (routePath, handler) => {
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const res = await call(handler as RouteHandler, `${routePath}?${key}=1`);
      expect({ key, status: res.status, code: errorOf(res).code }).toEqual({ key, status: 400, code: "invalid_query" });
      expect(errorOf(res).message).toContain(key);
    }
  });

  test("a known parameter next to it does not make it pass", async () => {
    const res = await call(list.GET as RouteHandler, "/api/cryptocurrencies?ids=pls&__proto__=x");
    expect(res.status).toBe(400);
  });
});

describe("OPTIONS is an undeclared method: 405 JSON whose Allow lists only what the route serves", () => {
  test.each([
    ["/api/health", health, {}, "GET"],
    ["/api/cryptocurrencies", list, {}, "GET"],
    ["/api/cryptocurrencies/pls", coin, { id: "pls" }, "GET"],
    ["/api/watchlist", watchlist, {}, "GET, POST"],
    ["/api/watchlist/pls", watchlistOne, { coinId: "pls" }, "DELETE"],
    // next-auth's catch-all: each action's own method, not the union of the file's.
    ["/api/auth/csrf", auth, { nextauth: ["csrf"] }, "GET"],
    ["/api/auth/callback/credentials", auth, { nextauth: ["callback", "credentials"] }, "POST"],
  ])("OPTIONS %s", async (routePath, routeModule, params, allow) => {
    const res = await call(handlersOf(routeModule).OPTIONS!, routePath, { method: "OPTIONS", params });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(errorOf(res)).toEqual({ code: "method_not_allowed", message: `This endpoint accepts ${allow} only.` });
    // Each method Allow names is served: none of them answers 405.
    for (const method of allow.split(", ")) {
      const served = await call(handlersOf(routeModule)[method]!, routePath, { method, params });
      expect({ method, status: served.status }).not.toEqual({ method, status: 405 });
    }
  });
});

const API_DIR = path.join(REPO_ROOT, "app/api");

function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

test("every route file answers OPTIONS with 405 and an Allow of exactly its declared handlers", async () => {
  // Not the catch-alls: the API's 404 and next-auth's actions (checked above, per action).
  const files = routeFiles().filter((file) => !file.includes("[[") && !file.includes("[..."));
  expect(files.length).toBeGreaterThan(30);
  for (const file of files) {
    // A request path for the file: "[id]" -> a value.
    const segments = path.relative(API_DIR, path.dirname(file)).split(path.sep).filter(Boolean);
    const requestPath = ["/api", ...segments.map((segment) => (segment.startsWith("[") ? "x1" : segment))].join("/");
    const routeModule = (await import(file)) as Record<string, RouteHandler>;
    const declared = ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((method) => routeModule[method]?.endpoint);
    const res = await call(routeModule.OPTIONS!, requestPath, { method: "OPTIONS", params: { id: "x1", coinId: "x1" } });
    expect({ file: path.relative(API_DIR, file), status: res.status, allow: res.headers.get("allow") }).toEqual({
      file: path.relative(API_DIR, file),
      status: 405,
      allow: declared.join(", "),
    });
  }
});
