// The hardening findings, tried against the production server as an attacker would: open
// redirects through /api/login, and bodies too large or sent chunked to be refused by
// Content-Length alone. Each refusal is checked to have written nothing.
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { test } from "node:test";
import { createPrismaClient } from "../../lib/db/create-client";
import { suite } from "./suite";

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
