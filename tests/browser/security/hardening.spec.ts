// The hardening findings, tried against the production server as an attacker would: open
// redirects through /api/login, and bodies too large or sent chunked to be refused by
// Content-Length alone. Each refusal is checked to have written nothing. Then what probing found
// (issue 31): Next's own redirects without the security headers, TRACE and PROPFIND answered with
// a 500 or an empty 400, OPTIONS naming methods that are 405s, and `?__proto__=` let through.
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { test } from "node:test";
import { createPrismaClient } from "@/lib/db/create-client";
import { rawRequest } from "@/tests/helpers/raw-request";
import { suite } from "@/tests/browser/suite";

test("/api/login never redirects off the site, whatever returnTo says", async () => {
  const { baseUrl } = suite();
  const vectors = [
    "/.//evil.example",
    "/%2e%2e//evil.example",
    "/x/..//evil.example/phish",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/%2F%2Fevil.example",
    "/%5C%5Cevil.example",
    "https://evil.example/",
  ];
  for (const vector of vectors) {
    // The query is sent as typed: only returnTo's own characters are escaped.
    const res = await fetch(`${baseUrl}/api/login?returnTo=${encodeURIComponent(vector)}`, { redirect: "manual" });
    if (res.status === 400) {
      assert.equal(((await res.json()) as { error: { code: string } }).error.code, "invalid_query", JSON.stringify(vector));
      continue;
    }
    assert.equal(res.status, 303, JSON.stringify(vector));
    const location = res.headers.get("location")!;
    // Absolute, on the configured origin (AUTH_ORIGINS: this server's): no relative reference a
    // browser could read as a host.
    assert.equal(new URL(location).origin, baseUrl, `${JSON.stringify(vector)} -> ${location}`);
  }
});

/**
 * POSTs a 4 MB body chunked (no Content-Length) in 64 KB pieces, 5 ms apart, and reports the
 * status and how many bytes had been sent when the answer arrived.
 */
function chunkedUpload(url: string, contentType: string): Promise<{ status: number; sentBeforeAnswer: number; total: number }> {
  const total = 4 * 1024 * 1024;
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(url, {
      method: "POST",
      headers: { "Content-Type": contentType, "Transfer-Encoding": "chunked", Origin: new URL(url).origin },
    });
    req.on("response", (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      res.resume();
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode!, sentBeforeAnswer, total });
      });
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      if (answered || sent >= total) return void (sent >= total && req.end());
      req.write(chunk, () => {
        sent += chunk.length;
        setTimeout(pump, 5);
      });
    };
    pump();
  });
}

test("a chunked 4 MB body gets its 413 long before the upload ends, and writes nothing", async () => {
  const { baseUrl, databaseUrl } = suite();
  const db = createPrismaClient({ url: databaseUrl });
  try {
    const [counts, sessions] = [await db.pairCount.count(), await db.authSession.count()];
    for (const [path, type] of [
      ["/api/comparisons", "application/json"],
      ["/api/auth/callback/credentials", "application/x-www-form-urlencoded"],
    ] as const) {
      const { status, sentBeforeAnswer, total } = await chunkedUpload(`${baseUrl}${path}`, type);
      console.log(`# ${path}: ${status} after ${Math.round(sentBeforeAnswer / 1024)} KB of ${total / 1024} KB`);
      assert.equal(status, 413, path);
      assert.ok(sentBeforeAnswer < total / 4, `${path}: the answer came after ${sentBeforeAnswer} of ${total} bytes`);
    }
    assert.equal(await db.pairCount.count(), counts);
    assert.equal(await db.authSession.count(), sessions);
  } finally {
    await db.$disconnect();
  }
});

const send = (url: string, method: string) => rawRequest(url, method);

/** The headers next.config.mjs gives every response (lib/security/headers.mjs). */
const SECURITY_HEADERS = [
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "permissions-policy",
  "cross-origin-opener-policy",
  "content-security-policy",
  "strict-transport-security",
];

/** Asserts `headers` carry the same security headers, with the same values, as the page at /get-listed. */
async function assertSecurityHeaders(baseUrl: string, what: string, headers: Record<string, string | string[] | undefined>): Promise<void> {
  const reference = await send(`${baseUrl}/get-listed`, "GET");
  for (const name of SECURITY_HEADERS) {
    // The build's site is https (NEXT_PUBLIC_SITE_URL), so HSTS is among them.
    assert.ok(reference.headers[name], `/get-listed lacks ${name}`);
    assert.equal(headers[name], reference.headers[name], `${what}: ${name}`);
  }
}

test("a trailing slash moves for good to the address without it, with every security header", async () => {
  const { baseUrl } = suite();
  for (const [path, target] of [
    ["/get-listed/", "/get-listed"],
    ["/coins/hex/", "/coins/hex"],
    ["/compare/hex/btc/", "/compare/hex/btc"],
    ["/api/health/", "/api/health"],
    ["/get-listed/?from=chat", "/get-listed?from=chat"],
  ] as const) {
    const res = await send(`${baseUrl}${path}`, "GET");
    assert.equal(res.status, 308, path);
    assert.equal(new URL(res.headers.location as string, baseUrl).href, `${baseUrl}${target}`, path);
    await assertSecurityHeaders(baseUrl, path, res.headers);
  }
  // Repeated slashes: Next collapses them first (keeping the last slash), then the slash goes;
  // every hop stays on this site and carries the headers.
  for (const [path, target] of [
    ["//evil.example/", "/evil.example"],
    ["/get-listed//", "/get-listed"],
  ] as const) {
    let url = `${baseUrl}${path}`;
    for (let hop = 0; hop < 3 && url !== `${baseUrl}${target}`; hop++) {
      const res = await send(url, "GET");
      assert.equal(res.status, 308, url);
      await assertSecurityHeaders(baseUrl, url, res.headers);
      url = new URL(res.headers.location as string, url).href;
      assert.equal(new URL(url).origin, baseUrl, `${path} -> ${url}`);
    }
    assert.equal(url, `${baseUrl}${target}`, path);
  }
  // The proxy's other redirects carry them too.
  const moved = await send(`${baseUrl}/coins/HEX`, "GET");
  assert.equal(moved.status, 308);
  await assertSecurityHeaders(baseUrl, "/coins/HEX", moved.headers);
  // And the canonical address is served, not redirected.
  assert.equal((await send(`${baseUrl}/get-listed`, "GET")).status, 200);
});

test("TRACE, PROPFIND and OPTIONS on an API path are 405 JSON with an Allow of what the route serves", async () => {
  const { baseUrl } = suite();
  for (const [method, path, allow] of [
    ["TRACE", "/api/health", "GET"],
    ["PROPFIND", "/api/health", "GET"],
    ["OPTIONS", "/api/health", "GET"],
    ["TRACE", "/api/comparisons", "POST"],
    ["OPTIONS", "/api/comparisons", "POST"],
    ["PROPFIND", "/api/watchlist", "GET, POST"],
    ["OPTIONS", "/api/watchlist", "GET, POST"],
    ["TRACE", "/api/auth/csrf", "GET"],
  ] as const) {
    const res = await send(`${baseUrl}${path}`, method);
    const what = `${method} ${path}`;
    assert.equal(res.status, 405, `${what}: ${res.text.slice(0, 200)}`);
    assert.equal(res.headers.allow, allow, what);
    assert.match(String(res.headers["content-type"]), /^application\/json/, what);
    assert.deepEqual(JSON.parse(res.text), { error: { code: "method_not_allowed", message: `This endpoint accepts ${allow} only.` } }, what);
    await assertSecurityHeaders(baseUrl, what, res.headers);
    // Every method Allow names is served (none of these has an effect without a session or a body).
    for (const served of allow.split(", ")) {
      const probe = await send(`${baseUrl}${path}`, served);
      assert.notEqual(probe.status, 405, `${served} ${path}`);
    }
  }
  // An API path nothing serves: the API's 404, whatever the method.
  const nowhere = await send(`${baseUrl}/api/no-such-thing`, "PROPFIND");
  assert.equal(nowhere.status, 404);
  assert.equal(JSON.parse(nowhere.text).error.code, "not_found");
  // Pages keep Next's own answer: 405 with Allow: GET, HEAD, never a 500.
  for (const method of ["TRACE", "PROPFIND"]) {
    const page = await send(`${baseUrl}/get-listed`, method);
    assert.equal(page.status, 405, `${method} /get-listed`);
  }
});

test("?__proto__= is refused like any unknown query parameter", async () => {
  const { baseUrl } = suite();
  for (const path of ["/api/health", "/api/cryptocurrencies", "/api/cryptocurrencies?ids=pls&"]) {
    for (const key of ["__proto__", "constructor"]) {
      const url = `${baseUrl}${path}${path.endsWith("&") ? "" : "?"}${key}=1`;
      const res = await fetch(url);
      assert.equal(res.status, 400, url);
      assert.deepEqual(await res.json(), { error: { code: "invalid_query", message: `Unrecognized key: "${key}"` } }, url);
    }
  }
});
