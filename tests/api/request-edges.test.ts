// Edges found by probing the production server (issue 31), held here through the real route
// handlers on a real SQLite file, and through a real Node http server with the request hooks that
// instrumentation.ts installs (lib/api/before-next.server.ts, lib/http/repeated-slashes.server.ts).
// tests/browser/hardening.spec.ts asks the same of `next start`.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import * as auth from "@/app/api/auth/[...nextauth]/route";
import * as coin from "@/app/api/cryptocurrencies/[id]/route";
import * as list from "@/app/api/cryptocurrencies/route";
import * as health from "@/app/api/health/route";
import * as watchlistOne from "@/app/api/watchlist/[coinId]/route";
import * as watchlist from "@/app/api/watchlist/route";
import type { RouteHandler } from "@/lib/api/route.server";
import { BEFORE_NEXT_HOOK, declaredMethodsAt, installAnswerBeforeNext } from "@/lib/api/before-next.server";
import type { RoutesManifest } from "@/lib/http/build-route-rules";
import { installRepeatedSlashRedirect } from "@/lib/http/repeated-slashes.server";
import { hasRequestHook, removeRequestHooksForTests } from "@/lib/http/request-hooks.server";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { call } from "../helpers/request";
import { rawRequest } from "../helpers/raw-request";
import { useTestDatabase } from "../helpers/test-database";
import { useAuthEnvironment } from "../helpers/wallet-session";

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

const API_DIR = path.resolve(__dirname, "../../app/api");

function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

test("the hook's Allow, read from the contract, is the route file's own for every route", async () => {
  // Not the catch-alls: the API's 404 and next-auth's actions (each its own path in the contract).
  const files = routeFiles().filter((file) => !file.includes("[[") && !file.includes("[..."));
  expect(files.length).toBeGreaterThan(30);
  for (const file of files) {
    // A request path for the file: "[id]" -> a value.
    const segments = path.relative(API_DIR, path.dirname(file)).split(path.sep).filter(Boolean);
    const requestPath = ["/api", ...segments.map((segment) => (segment.startsWith("[") ? "x1" : segment))].join("/");
    const routeModule = (await import(file)) as Record<string, RouteHandler>;
    const res = await call(routeModule.OPTIONS!, requestPath, { method: "OPTIONS", params: { id: "x1", coinId: "x1" } });
    expect({ file: path.relative(API_DIR, file), status: res.status, allow: res.headers.get("allow") }).toEqual({
      file: path.relative(API_DIR, file),
      status: 405,
      allow: declaredMethodsAt(requestPath)!.join(", "),
    });
  }
  expect(declaredMethodsAt("/api/auth/csrf")).toEqual(["GET"]);
  expect(declaredMethodsAt("/api/admin/coins/preview")).toEqual(["GET"]);
  expect(declaredMethodsAt("/api/admin/coins/x1")).toEqual(["PATCH"]);
  expect(declaredMethodsAt("/api/no-such-thing")).toBeNull();
  expect(declaredMethodsAt("/api/watchlist/")).toBeNull();
});

describe("what Next would not pass to a route as sent, on a real http server with the hook installed", () => {
  // The regexes exactly as `next build` writes them into routes-manifest.json (Next 16.4.6), with
  // skipTrailingSlashRedirect: the security headers' rule and no redirect.
  const MANIFEST: RoutesManifest = {
    basePath: "",
    headers: [{ regex: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] }],
    redirects: [],
    rewrites: { beforeFiles: [] },
  };
  let server: Server;
  let port: number;
  let buildDir: string;

  beforeAll(async () => {
    // The listener stands in for Next: it marks what reached it.
    server = createServer((req, res) => {
      res.setHeader("x-answered-by", "next");
      res.end(`${req.method} ${req.url}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    buildDir = mkdtempSync(path.join(tmpdir(), "before-next-"));
    mkdirSync(path.join(buildDir, ".next"));
    writeFileSync(path.join(buildDir, ".next", "routes-manifest.json"), JSON.stringify(MANIFEST));
    expect(installAnswerBeforeNext(buildDir)).toBe(true);
    expect(hasRequestHook(BEFORE_NEXT_HOOK)).toBe(true);
    expect(installRepeatedSlashRedirect(buildDir)).toBe(true);
  });

  afterAll(async () => {
    removeRequestHooksForTests();
    await new Promise((resolve) => server.close(resolve));
    rmSync(buildDir, { recursive: true, force: true });
  });

  const send = (method: string, requestPath: string) => rawRequest({ host: "127.0.0.1", port, path: requestPath }, method);


  test.each([
    ["TRACE", "/api/health", "GET"],
    ["PROPFIND", "/api/health", "GET"],
    ["TRACE", "/api/cryptocurrencies?ids=pls", "GET"],
    ["MKCOL", "/api/watchlist", "GET, POST"],
    ["PROPFIND", "/api/watchlist/pls", "DELETE"],
    ["TRACE", "/api/auth/csrf", "GET"],
    ["TRACE", "/api/auth/callback/credentials", "POST"],
  ])("%s %s is 405 JSON with Allow: %s and the build's headers", async (method, requestPath, allow) => {
    const res = await send(method, requestPath);
    expect(res.headers["x-answered-by"]).toBeUndefined();
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.headers["content-type"]).toBe("application/json");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(errorOf({ body: JSON.parse(res.text) })).toEqual({ code: "method_not_allowed", message: `This endpoint accepts ${allow} only.` });
  });

  test("an API path nothing is declared at is 404 JSON, as the catch-all route answers", async () => {
    const res = await send("PROPFIND", "/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.headers.allow).toBeUndefined();
    expect(errorOf({ body: JSON.parse(res.text) })).toEqual({ code: "not_found", message: "No API endpoint at /api/no-such-thing." });
  });

  test.each([
    ["GET", "/api/health?__proto__=1"],
    ["GET", "/api/cryptocurrencies?ids=pls&__proto__=x"],
    ["HEAD", "/api/health?__proto__=1"],
    ["GET", "/api/login?returnTo=%2F&__proto__=1"],
  ])("%s %s is the route's 400 invalid_query, which Next would not let it give", async (method, requestPath) => {
    const res = await send(method, requestPath);
    expect(res.headers["x-answered-by"]).toBeUndefined();
    expect(res.status).toBe(400);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    if (method === "GET") expect(JSON.parse(res.text)).toEqual({ error: { code: "invalid_query", message: 'Unrecognized key: "__proto__"' } });
  });

  test.each([
    ["//evil.example/", "/evil.example/"],
    ["/\\evil.example", "/evil.example"],
    ["/coins//hex?from=chat//x", "/coins/hex?from=chat//x"],
    ["/api//health", "/api/health"],
  ])("%s is Next's 308 to %s, with the build's headers", async (requestPath, target) => {
    const res = await send("GET", requestPath);
    expect(res.headers["x-answered-by"]).toBeUndefined();
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe(target);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  test.each([
    ["GET", "/api/health"],
    ["GET", "/coins/hex?next=//evil.example"],
    ["GET", "/api/health?constructor=1"],
    ["GET", "/api/health?q=__proto__"],
    // An endpoint without a declared query takes any parameter, this one too.
    ["POST", "/api/comparisons?__proto__=1"],
    ["GET", "/get-listed?__proto__=1"],
    ["OPTIONS", "/api/health"],
    ["DELETE", "/api/watchlist/pls"],
    ["TRACE", "/"],
    ["PROPFIND", "/coins/hex"],
    ["TRACE", "/apis"],
  ])("%s %s goes on to Next: a method it routes, or no API path", async (method, requestPath) => {
    const res = await send(method, requestPath);
    expect(res.headers["x-answered-by"]).toBe("next");
  });
});
