// The coin list answered before Next (lib/api/coin-list-fast-path.server.ts): a real Node http server
// with the request hooks installed, as instrumentation.ts installs them under `next start`, on a
// real SQLite file. The server's own listener stands in for Next: it marks what reached it, so
// each test sees which requests the fast path answered and which it left to Next.
// tests/browser/cache.spec.ts compares the fast path with Next's own answer on a real `next start`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import * as list from "@/app/api/cryptocurrencies/route";
import { COIN_LIST_HOOK, installCoinListFastPath } from "@/lib/api/coin-list-fast-path.server";
import { PUBLIC_CACHE_CONTROL } from "@/lib/api/responses";
import { FRESH_MS, MAX_AGE_MS, resetPublicCacheForTests } from "@/lib/cache/public-cache.server";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";
import { acceptsGzip } from "@/lib/http/accepts-gzip";
import { fixedHeadersFor, type RoutesManifest } from "@/lib/http/build-route-rules";
import { addRequestHook, hasRequestHook, removeRequestHooksForTests } from "@/lib/http/request-hooks.server";
import { call } from "../helpers/request";
import { useTestDatabase } from "../helpers/test-database";

const { db, wroteBehindTheCache } = useTestDatabase();

// The regexes exactly as `next build` writes them into routes-manifest.json (Next 16.4.6).
const CATCH_ALL = "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$";
const TRAILING_SLASH = "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))/$";
const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
];
const MANIFEST: RoutesManifest = {
  basePath: "",
  headers: [{ regex: CATCH_ALL, headers: SECURITY_HEADERS }],
  redirects: [{ regex: TRAILING_SLASH, internal: true }],
  rewrites: { beforeFiles: [] },
};

let server: Server;
let port: number;
let buildDir: string;
let now = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader("x-answered-by", "next");
    res.end(`${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  buildDir = mkdtempSync(path.join(tmpdir(), "fast-path-"));
  mkdirSync(path.join(buildDir, ".next"));
  writeFileSync(path.join(buildDir, ".next", "routes-manifest.json"), JSON.stringify(MANIFEST));
  expect(installCoinListFastPath(buildDir)).toBe(true);
});

afterAll(async () => {
  removeRequestHooksForTests();
  await new Promise((resolve) => server.close(resolve));
  rmSync(buildDir, { recursive: true, force: true });
});

beforeEach(() => {
  now = Date.now();
  resetPublicCacheForTests(() => now);
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer; byNext: boolean };

/** A raw request, so that Accept-Encoding is exactly what the test sends and the body is not decoded. */
function send(pathAndQuery: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: pathAndQuery, method: options.method ?? "GET", headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), byNext: res.headers["x-answered-by"] === "next" }));
    });
    req.once("error", reject);
    req.end();
  });
}

/** Asks until the fast path answers (a build or a gzip is under way) with what `wanted` accepts, for at most 2 s. */
async function untilFast(pathAndQuery: string, options: Parameters<typeof send>[1] = {}, wanted = (_answer: Answer) => true): Promise<Answer> {
  for (let tries = 0; tries < 200; tries++) {
    const answer = await send(pathAndQuery, options);
    if (!answer.byNext && wanted(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the fast path never answered ${pathAndQuery}`);
}

const routeBody = async () => (await call(list.GET, "/api/cryptocurrencies")).text;

describe("GET /api/cryptocurrencies without a query", () => {
  test("with no snapshot yet, Next answers, and the snapshot it needs is already being built", async () => {
    expect((await send("/api/cryptocurrencies")).byNext).toBe(true);
    const answer = await untilFast("/api/cryptocurrencies");
    expect(answer.body.toString()).toBe(await routeBody());
  });

  test("answers the route's body and cache headers, the build's headers, and its length", async () => {
    await getCoinSnapshot();
    const answer = await send("/api/cryptocurrencies");
    expect(answer.byNext).toBe(false);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(await routeBody());
    expect(answer.headers).toMatchObject({
      "content-type": "application/json",
      "cache-control": PUBLIC_CACHE_CONTROL,
      vary: "Accept-Encoding",
      "content-length": String(answer.body.length),
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
    expect(answer.headers["content-encoding"]).toBeUndefined();
  });

  test("gzip when the client takes it, the same bytes unzipped; identity when it does not", async () => {
    const identity = (await untilFast("/api/cryptocurrencies")).body;
    for (const acceptEncoding of ["gzip, deflate, br", "br;q=1, gzip;q=0.5", "*"]) {
      const answer = await untilFast("/api/cryptocurrencies", { headers: { "Accept-Encoding": acceptEncoding } });
      expect([acceptEncoding, answer.headers["content-encoding"]]).toEqual([acceptEncoding, "gzip"]);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(gunzipSync(answer.body).equals(identity)).toBe(true);
    }
    for (const acceptEncoding of ["br", "gzip;q=0", "identity", "*;q=0"]) {
      const answer = await untilFast("/api/cryptocurrencies", { headers: { "Accept-Encoding": acceptEncoding } });
      expect([acceptEncoding, answer.headers["content-encoding"]]).toEqual([acceptEncoding, undefined]);
      expect(answer.body.equals(identity)).toBe(true);
    }
  });

  test("HEAD: the same headers, no body", async () => {
    const get = await untilFast("/api/cryptocurrencies", { headers: { "Accept-Encoding": "gzip" } });
    const head = await send("/api/cryptocurrencies", { method: "HEAD", headers: { "Accept-Encoding": "gzip" } });
    expect(head.byNext).toBe(false);
    expect(head.body.length).toBe(0);
    const { date: _getDate, ...getHeaders } = get.headers;
    const { date: _headDate, ...headHeaders } = head.headers;
    expect(headHeaders).toEqual(getHeaders);
  });

  test("a change shows within the cache's ceiling: stale while rebuilding, then Next's until a new snapshot is ready", async () => {
    const before = JSON.parse((await untilFast("/api/cryptocurrencies")).body.toString()) as Array<{ id: string; currentPrice: number }>;
    const hexBefore = before.find((coin) => coin.id === "hex")!.currentPrice;
    await db().coin.update({ where: { id: "hex" }, data: { currentPrice: hexBefore * 2 } });
    const hexIn = (answer: Answer) => (JSON.parse(answer.body.toString()) as typeof before).find((coin) => coin.id === "hex")!.currentPrice;

    // Stale but within the ceiling: the old list, and a rebuild starts.
    now += FRESH_MS + 1;
    const stale = await send("/api/cryptocurrencies");
    expect(stale.byNext).toBe(false);
    expect(hexIn(stale)).toBe(hexBefore);
    expect(hexIn(await untilFast("/api/cryptocurrencies", {}, (answer) => hexIn(answer) !== hexBefore))).toBe(hexBefore * 2);

    // Past the ceiling nothing old is served: Next answers until the new build is in.
    await db().coin.update({ where: { id: "hex" }, data: { currentPrice: hexBefore * 3 } });
    now += MAX_AGE_MS;
    expect((await send("/api/cryptocurrencies")).byNext).toBe(true);
    expect(hexIn(await untilFast("/api/cryptocurrencies"))).toBe(hexBefore * 3);
  });

  test("an invalidation by the app's own write is seen at once", async () => {
    await untilFast("/api/cryptocurrencies");
    await db().coin.update({ where: { id: "pls" }, data: { currentPrice: 123 } });
    wroteBehindTheCache("coins");
    expect((await send("/api/cryptocurrencies")).byNext).toBe(true);
    const fresh = await untilFast("/api/cryptocurrencies");
    expect((JSON.parse(fresh.body.toString()) as Array<{ id: string; currentPrice: number }>).find((coin) => coin.id === "pls")!.currentPrice).toBe(123);
  });
});

test("everything else goes on to Next: any query, other paths and methods", async () => {
  await untilFast("/api/cryptocurrencies");
  const others: Array<[string, string]> = [
    ["GET", "/api/cryptocurrencies?per_page=5"],
    ["GET", "/api/cryptocurrencies?"],
    ["GET", "/api/cryptocurrencies?foo=1"],
    ["GET", "/api/cryptocurrencies/"],
    ["GET", "/api/cryptocurrencies/pls"],
    ["GET", "/API/cryptocurrencies"],
    ["GET", "/api/cryptocurrencies%2F"],
    ["POST", "/api/cryptocurrencies"],
    ["OPTIONS", "/api/cryptocurrencies"],
  ];
  for (const [method, target] of others) {
    const answer = await send(target, { method });
    expect([method, target, answer.byNext]).toEqual([method, target, true]);
    expect(answer.body.toString()).toBe(`${method} ${target}`);
  }
});

test("a hook that throws costs nothing: Next answers the request", async () => {
  const errors = jest.spyOn(console, "error").mockImplementation(() => {});
  addRequestHook("broken", () => {
    throw new Error("bug");
  });
  try {
    expect((await send("/anything")).body.toString()).toBe("GET /anything");
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("broken failed"), expect.any(Error));
  } finally {
    removeRequestHooksForTests("broken");
    errors.mockRestore();
  }
  expect(hasRequestHook(COIN_LIST_HOOK)).toBe(true);
});

describe("installing", () => {
  test("without a build's manifest, the hook is not added", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    try {
      removeRequestHooksForTests(COIN_LIST_HOOK);
      expect(installCoinListFastPath(path.join(buildDir, "missing"))).toBe(false);
      expect(hasRequestHook(COIN_LIST_HOOK)).toBe(false);
    } finally {
      warn.mockRestore();
      installCoinListFastPath(buildDir);
    }
  });

  test("the build's headers for the path; none of it when a rule could answer per request", () => {
    const path = "/api/cryptocurrencies";
    expect(fixedHeadersFor(MANIFEST, path)).toEqual([
      ["X-Content-Type-Options", "nosniff"],
      ["X-Frame-Options", "DENY"],
    ]);
    // A rule for other paths adds nothing.
    expect(fixedHeadersFor({ ...MANIFEST, headers: [...MANIFEST.headers!, { regex: "^/compare(?:/)?$", headers: [{ key: "X-Other", value: "1" }] }] }, path)).toHaveLength(2);
    const perRequest: RoutesManifest[] = [
      { ...MANIFEST, basePath: "/app" },
      { ...MANIFEST, headers: [{ regex: CATCH_ALL, has: [{ type: "query", key: "a" }], headers: SECURITY_HEADERS }] },
      { ...MANIFEST, headers: [{ regex: CATCH_ALL, missing: [{ type: "cookie", key: "a" }], headers: SECURITY_HEADERS }] },
      { ...MANIFEST, redirects: [{ regex: "^/api/cryptocurrencies(?:/)?$" }] },
      { ...MANIFEST, rewrites: { beforeFiles: [{ regex: CATCH_ALL }] } },
      { ...MANIFEST, rewrites: [{ regex: CATCH_ALL }] },
    ];
    for (const manifest of perRequest) expect(fixedHeadersFor(manifest, path)).toBeNull();
  });
});

test.each([
  [undefined, false],
  ["", false],
  ["gzip", true],
  ["GZIP", true],
  ["x-gzip", true],
  ["deflate, gzip;q=0.001", true],
  ["gzip;q=0", false],
  ["gzip; q=0.0", false],
  ["*", true],
  ["*;q=0", false],
  ["*, gzip;q=0", false],
  ["br, deflate", false],
  ["identity", false],
])("Accept-Encoding %p takes gzip: %p", (header, expected) => {
  expect(acceptsGzip(header)).toBe(expected);
});
