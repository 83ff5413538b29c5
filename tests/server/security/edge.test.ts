// The edge (deploy/nginx/, a real nginx) in front of two small HTTP servers that answer as the
// app's instances do for what the edge looks at: their Cache-Control, Set-Cookie, their 405 to
// OPTIONS on an API path. What the edge answers itself, what it caches and for how long, what
// it tells the app about the client, and how it fails over. The browser suite and `npm run
// bench:edge` run it in front of the real app.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { gunzipSync } from "node:zlib";
import { securityHeaders } from "@/lib/security/headers.mjs";
import { startEdge, type Edge } from "@/tests/helpers/edge";
import { rawRequest } from "@/tests/helpers/raw-request";

const ENV = { NODE_ENV: "production", NEXT_PUBLIC_SITE_URL: "https://pulsecompare.test", AUTH_ORIGINS: "https://pulsecompare.test" };
const SHARED = "public, max-age=0, s-maxage=20, stale-while-revalidate=20";

type Instance = { name: string; port: number; hits: Map<string, number>; seen: IncomingMessage[]; server: Server; sockets: Set<Socket>; kill(): void };

function startInstance(name: string): Promise<Instance> {
  const hits = new Map<string, number>();
  const seen: IncomingMessage[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0]!;
    const count = (hits.get(path) ?? 0) + 1;
    hits.set(path, count);
    seen.push(req);
    // As the app: its own security headers on every response (the edge must not add them again).
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("X-Instance", name);
    const body: string[] = [];
    req.on("data", (chunk: Buffer) => body.push(chunk.toString("latin1")));
    req.on("end", () => answer(req, res, path, count, body.join("")));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        name,
        port: (server.address() as AddressInfo).port,
        hits,
        seen,
        server,
        sockets,
        // As SIGKILL: the listener and every connection gone at once.
        kill() {
          server.close();
          for (const socket of sockets) socket.destroy();
        },
      }),
    ),
  );
}

function answer(req: IncomingMessage, res: ServerResponse, path: string, count: number, body: string): void {
  const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(value));
  };
  if (path.startsWith("/api/") && req.method === "OPTIONS") return json(405, { error: { code: "method_not_allowed", message: "This endpoint accepts GET only." } }, { Allow: "GET" });
  switch (path) {
    case "/shared":
      return json(200, { count }, { "Cache-Control": SHARED });
    case "/api/quota":
      // As an open read: the same policy for everyone, this caller's standing, shared caching;
      // and, with a key, private (lib/api/open-quota.server.ts).
      return json(200, { count, authorization: req.headers.authorization ?? null }, {
        "Cache-Control": req.headers.authorization ? "private, no-store" : SHARED,
        "RateLimit-Policy": '"minute";q=120;w=60',
        RateLimit: `"minute";r=${120 - count};t=60`,
      });
    case "/private":
      return json(200, { count }, { "Cache-Control": "private, no-store" });
    case "/sets-cookie":
      return json(200, { count }, { "Cache-Control": SHARED, "Set-Cookie": "a=b; Path=/; HttpOnly" });
    case "/no-cache-control":
      return json(200, { count });
    case "/echo":
      return json(200, { method: req.method, xff: req.headers["x-forwarded-for"], proto: req.headers["x-forwarded-proto"], host: req.headers.host, bytes: body.length });
    case "/big":
      return json(200, { rows: Array.from({ length: 400 }, (_, i) => ({ i, name: `coin ${i}` })) }, { "Cache-Control": "no-store" });
    default:
      return json(200, { path, count }, { "Cache-Control": "no-store" });
  }
}

/** One request through the edge, exactly as given (fetch refuses TRACE and rewrites "//"). */
const send = (edge: Edge, method: string, path: string, options: { headers?: Record<string, string>; body?: Buffer } = {}) =>
  rawRequest({ host: "127.0.0.1", port: edge.port, path }, method, options);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let first: Instance;
let second: Instance;
let edge: Edge;

beforeAll(async () => {
  [first, second] = await Promise.all([startInstance("first"), startInstance("second")]);
  edge = await startEdge({ upstreams: [`127.0.0.1:${first.port}`, `127.0.0.1:${second.port}`], env: ENV });
}, 30_000);

afterAll(async () => {
  await edge?.stop();
  for (const instance of [first, second]) instance?.kill();
});

const hitsOf = (path: string) => (first.hits.get(path) ?? 0) + (second.hits.get(path) ?? 0);

describe("caching", () => {
  test("what the app marks for shared caches is answered from the edge for a second, whatever the cookies", async () => {
    const one = await send(edge, "GET", "/shared");
    const two = await send(edge, "GET", "/shared", { headers: { Cookie: "__Secure-next-auth.session-token=abc" } });
    expect([one.headers["x-cache-status"], two.headers["x-cache-status"], hitsOf("/shared")]).toEqual(["MISS", "HIT", 1]);
    expect(two.text).toBe(one.text);
    // Past the second (nginx counts whole seconds, so up to two): the next request gets a fresh
    // copy, never the old one (however long no one asked), and the copy after it is kept again.
    await sleep(2_100);
    const later = await send(edge, "GET", "/shared");
    expect([later.headers["x-cache-status"], JSON.parse(later.text), hitsOf("/shared")]).toEqual(["EXPIRED", { count: 2 }, 2]);
    expect((await send(edge, "GET", "/shared")).headers["x-cache-status"]).toBe("HIT");
  });

  test("a burst on an expired copy asks the app once; the burst is answered meanwhile", async () => {
    await send(edge, "GET", "/shared");
    await sleep(2_100);
    const before = hitsOf("/shared");
    const burst = await Promise.all(Array.from({ length: 20 }, () => send(edge, "GET", "/shared")));
    expect(new Set(burst.map((reply) => reply.status))).toEqual(new Set([200]));
    expect(hitsOf("/shared") - before).toBe(1);
  });

  test.each(["/private", "/sets-cookie", "/no-cache-control"])("%s is never kept", async (path) => {
    const replies = [await send(edge, "GET", path), await send(edge, "GET", path)];
    expect(replies.map((reply) => JSON.parse(reply.text).count)).toEqual([1, 2]);
    expect(replies.map((reply) => reply.headers["x-cache-status"])).not.toContain("HIT");
  });

  test("a stored open read keeps its RateLimit-Policy and drops the RateLimit of the caller it was made for", async () => {
    const fresh = await send(edge, "GET", "/api/quota");
    const stored = await send(edge, "GET", "/api/quota");
    expect([fresh.headers["x-cache-status"], stored.headers["x-cache-status"]]).toEqual(["MISS", "HIT"]);
    expect([fresh.headers["ratelimit-policy"], fresh.headers["ratelimit"]]).toEqual(['"minute";q=120;w=60', '"minute";r=119;t=60']);
    expect([stored.headers["ratelimit-policy"], stored.headers["ratelimit"]]).toEqual(['"minute";q=120;w=60', undefined]);
  });

  test("a request with an API key always reaches the app and is never kept", async () => {
    await send(edge, "GET", "/api/quota");
    const keyed = [await send(edge, "GET", "/api/quota", { headers: { Authorization: "Bearer pcmp_a" } }), await send(edge, "GET", "/api/quota", { headers: { Authorization: "Bearer pcmp_b" } })];
    expect(keyed.map((reply) => [reply.headers["x-cache-status"], JSON.parse(reply.text).authorization, reply.headers["ratelimit"] !== undefined])).toEqual([
      ["BYPASS", "Bearer pcmp_a", true],
      ["BYPASS", "Bearer pcmp_b", true],
    ]);
  });

  test("text the app sent uncompressed goes out gzipped to a client that takes gzip", async () => {
    const reply = await send(edge, "GET", "/big", { headers: { "Accept-Encoding": "gzip" } });
    expect(reply.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(reply.body).toString()).rows).toHaveLength(400);
  });
});

describe("what the app is told", () => {
  test("the client's address replaces any X-Forwarded-For the client sent", async () => {
    const reply = await send(edge, "GET", "/echo", { headers: { "X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https" } });
    expect(JSON.parse(reply.text)).toMatchObject({ xff: "127.0.0.1", proto: "http" });
  });

  test("a body up to 64 KB reaches the app; a larger one is the edge's 413 JSON", async () => {
    const ok = await send(edge, "POST", "/echo", { headers: { "Content-Type": "application/json" }, body: Buffer.alloc(60_000, 0x20) });
    expect([ok.status, JSON.parse(ok.text).bytes]).toEqual([200, 60_000]);
    const before = hitsOf("/echo");
    const tooLarge = await send(edge, "POST", "/echo", { headers: { "Content-Type": "application/json" }, body: Buffer.alloc(70_000, 0x20) });
    expect([tooLarge.status, tooLarge.headers["content-type"], JSON.parse(tooLarge.text).error.code]).toEqual([413, "application/json", "payload_too_large"]);
    expect(hitsOf("/echo")).toBe(before);
  });
});

describe("the edge's own answers", () => {
  test("a method the site does not serve: a page's 405 from the edge, an API path's from the app (asked as OPTIONS)", async () => {
    const page = await send(edge, "TRACE", "/coins/hex");
    expect([page.status, page.headers.allow]).toEqual([405, "GET, HEAD"]);
    const api = await send(edge, "PROPFIND", "/api/thing");
    expect([api.status, api.headers.allow, JSON.parse(api.text).error.code]).toEqual([405, "GET", "method_not_allowed"]);
    expect(hitsOf("/coins/hex")).toBe(0);
    expect([...first.seen, ...second.seen].filter((req) => req.url === "/api/thing").map((req) => req.method)).toEqual(["OPTIONS"]);
  });

  test("repeated slashes and backslashes: a 308 to the collapsed path, never to another host", async () => {
    const cases: Array<[string, string]> = [
      ["//evil.example/x", "/evil.example/x"],
      ["/coins\\hex", "/coins/hex"],
      ["/compare//hex///btc?target=ath", "/compare/hex/btc?target=ath"],
    ];
    for (const [path, location] of cases) {
      const reply = await send(edge, "GET", path);
      expect({ path, status: reply.status, location: reply.headers.location }).toEqual({ path, status: 308, location });
    }
    expect(hitsOf("/evil.example/x") + hitsOf("/coins/hex")).toBe(0);
  });

  test("?__proto__= on an API path is the API's 400; elsewhere it reaches the page", async () => {
    const api = await send(edge, "GET", "/api/thing?__proto__=1");
    expect([api.status, JSON.parse(api.text)]).toEqual([400, { error: { code: "invalid_query", message: 'Unrecognized key: "__proto__"' } }]);
    expect((await send(edge, "GET", "/coins?__proto__=1")).status).toBe(200);
  });

  test("the edge's answers carry the site's security headers; the app's carry its own, once", async () => {
    const expected = Object.fromEntries(securityHeaders(ENV).map(({ key, value }) => [key.toLowerCase(), value]));
    for (const reply of [await send(edge, "GET", "//x"), await send(edge, "TRACE", "/"), await send(edge, "GET", "/api/thing?__proto__=1")]) {
      for (const [name, value] of Object.entries(expected)) expect({ status: reply.status, name, value: reply.headers[name] }).toEqual({ status: reply.status, name, value });
    }
    const proxied = await send(edge, "GET", "/echo");
    expect(proxied.headers["x-frame-options"]).toBe("DENY");
    expect(proxied.headers["content-security-policy"]).toBeUndefined();
  });
});

test("an instance killed: every request after it, GET and POST, is answered by the other", async () => {
  const serving = (await send(edge, "GET", "/echo")).headers["x-instance"];
  const [killed, other] = serving === "first" ? [first, second] : [second, first];
  killed.kill();
  const replies = [];
  for (let i = 0; i < 20; i++) replies.push(await send(edge, i % 2 ? "POST" : "GET", "/echo", { body: Buffer.from("{}") }));
  expect(new Set(replies.map((reply) => `${reply.status} ${reply.headers["x-instance"]}`))).toEqual(new Set([`200 ${other.name}`]));
});
