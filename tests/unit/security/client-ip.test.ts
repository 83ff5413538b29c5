// The client IP the rate limits count on. A real Node http server hands each request to
// clientIp() as a web Request built from the Node headers, the way Next builds it, filling a
// missing X-Forwarded-For with the socket's address as Next's base server does; the client is this
// test, connecting from 127.0.0.1 and sending whatever forwarding headers an attacker would. What
// the edge does to X-Forwarded-For (replaces it with the address its client connected from):
// tests/server/security/edge.test.ts; the whole chain, spoofs included: tests/browser/security/ratelimit.spec.ts.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resetEnvCache } from "@/lib/config/env";
import { clientIp, normalizeIp, trustedProxyList, walkForwardedFor } from "@/lib/security/client-ip.server";
import { warnAboutClientAddresses } from "@/lib/security/trust-warnings.server";

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    // next/dist/server/base-server.js: req.headers['x-forwarded-for'] ??= socket.remoteAddress
    if (!headers.has("x-forwarded-for") && req.socket.remoteAddress) headers.set("x-forwarded-for", req.socket.remoteAddress);
    const ip = clientIp(new Request(`http://localhost${req.url}`, { headers }));
    res.end(ip);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const savedTrust = process.env.TRUST_PROXY;
afterEach(() => {
  if (savedTrust === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = savedTrust;
  resetEnvCache();
});

function trust(value: string | undefined) {
  if (value === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = value;
  resetEnvCache();
}

/** What clientIp() said for a request from this test (127.0.0.1) with these headers. */
function ipSeenWith(headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/", headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve(body));
    });
    req.once("error", reject);
    req.end();
  });
}

/** Headers that name a client and that nothing in front of the app writes on a Node host. */
const OTHER_CLAIMS: Record<string, string>[] = [
  { "X-Real-IP": "203.0.113.7" },
  { "X-Vercel-Forwarded-For": "203.0.113.7" },
  { Forwarded: "for=203.0.113.7" },
];

test("TRUST_PROXY unset (a laptop): the peer Next writes into X-Forwarded-For; other headers are ignored", async () => {
  trust(undefined);
  expect(await ipSeenWith()).toBe("127.0.0.1");
  for (const headers of OTHER_CLAIMS) expect([headers, await ipSeenWith(headers)]).toEqual([headers, "127.0.0.1"]);
  // What a client writes there itself is believed: Next keeps it as sent. That is why a Node host
  // serves through the edge, which replaces it, and sets TRUST_PROXY (a warning at start says so).
  expect(await ipSeenWith({ "X-Forwarded-For": "203.0.113.7" })).toBe("203.0.113.7");
});

test("TRUST_PROXY=loopback: behind the edge, the rightmost untrusted X-Forwarded-For entry", async () => {
  trust("loopback");
  // The edge wrote the address it saw (198.51.100.9); anything left of it was made up.
  expect(await ipSeenWith({ "X-Forwarded-For": "203.0.113.7, 198.51.100.9" })).toBe("198.51.100.9");
  // Trusted hops on the right are skipped.
  expect(await ipSeenWith({ "X-Forwarded-For": "203.0.113.7, 198.51.100.9, 127.0.0.2" })).toBe("198.51.100.9");
  // A client on this machine: only trusted entries, so the leftmost.
  expect(await ipSeenWith()).toBe("127.0.0.1");
  for (const headers of OTHER_CLAIMS) expect([headers, await ipSeenWith({ ...headers, "X-Forwarded-For": "198.51.100.9" })]).toEqual([headers, "198.51.100.9"]);
});

test("TRUST_PROXY naming other proxies: their hops are skipped from the right", async () => {
  trust("10.0.0.0/8, 192.0.2.10");
  expect(await ipSeenWith({ "X-Forwarded-For": "203.0.113.7, 198.51.100.9, 192.0.2.10, 10.1.2.3" })).toBe("198.51.100.9");
  expect(await ipSeenWith({ "X-Forwarded-For": "not an address" })).toBe("unknown");
});

test("TRUST_PROXY=vercel: Vercel's x-vercel-forwarded-for, then x-real-ip; 'unknown' without them", async () => {
  trust("vercel");
  expect(await ipSeenWith({ "X-Vercel-Forwarded-For": "203.0.113.7", "X-Real-IP": "198.51.100.1", "X-Forwarded-For": "192.0.2.1" })).toBe("203.0.113.7");
  expect(await ipSeenWith({ "X-Real-IP": "198.51.100.1" })).toBe("198.51.100.1");
  expect(await ipSeenWith({ "X-Vercel-Forwarded-For": "not an ip" })).toBe("unknown");
  expect(await ipSeenWith()).toBe("unknown");
});

test("walking X-Forwarded-For: ports, IPv6, mapped IPv4, all-trusted and malformed chains", () => {
  const proxies = trustedProxyList(["loopback", "10.0.0.0/8", "2001:db8:ffff::/48"]);
  expect(walkForwardedFor("203.0.113.7:4711, 10.0.0.5", proxies)).toBe("203.0.113.7");
  expect(walkForwardedFor("[2001:db8::1]:443, 2001:db8:ffff::2", proxies)).toBe("2001:db8::1");
  expect(walkForwardedFor("::ffff:198.51.100.3", proxies)).toBe("198.51.100.3");
  // Every hop is ours: the leftmost is as far as anyone vouches for.
  expect(walkForwardedFor("10.0.0.9, 10.0.0.5", proxies)).toBe("10.0.0.9");
  // Garbage left of our hops stops the walk at the last trusted one.
  expect(walkForwardedFor("evil, 10.0.0.5", proxies)).toBe("10.0.0.5");
  expect(walkForwardedFor("", proxies)).toBeUndefined();
  expect(walkForwardedFor(null, proxies)).toBeUndefined();
  expect(normalizeIp("2001:DB8::1")).toBe("2001:db8::1");
  expect(normalizeIp("1.2.3")).toBeUndefined();
});

describe("the warning at start", () => {
  const saved = { NODE_ENV: process.env.NODE_ENV, VERCEL: process.env.VERCEL };
  afterEach(() => {
    Object.assign(process.env, saved);
    if (saved.VERCEL === undefined) delete process.env.VERCEL;
    resetEnvCache();
  });
  function warnings(env: { NODE_ENV: string; VERCEL?: string; TRUST_PROXY?: string }): string[] {
    Object.assign(process.env, { NODE_ENV: env.NODE_ENV });
    if (env.VERCEL === undefined) delete process.env.VERCEL;
    else Object.assign(process.env, { VERCEL: env.VERCEL });
    trust(env.TRUST_PROXY);
    const lines: string[] = [];
    warnAboutClientAddresses((line) => lines.push(line));
    return lines;
  }

  test("a production Node server without TRUST_PROXY, or Vercel without TRUST_PROXY=vercel, is told; a right deploy and development are not", () => {
    expect(warnings({ NODE_ENV: "production" })).toEqual([expect.stringContaining("TRUST_PROXY is not set")]);
    expect(warnings({ NODE_ENV: "production", VERCEL: "1" })).toEqual([expect.stringContaining("without TRUST_PROXY=vercel")]);
    expect(warnings({ NODE_ENV: "production", TRUST_PROXY: "loopback" })).toEqual([]);
    expect(warnings({ NODE_ENV: "production", VERCEL: "1", TRUST_PROXY: "vercel" })).toEqual([]);
    expect(warnings({ NODE_ENV: "development" })).toEqual([]);
  });
});
