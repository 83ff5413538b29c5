// The client IP the rate limits count on. A real Node http server with the peer-address hook
// installed (as instrumentation.ts does under `next start`) hands each request to clientIp() as
// a web Request built from the Node headers, the way Next builds it; the client is this test,
// connecting from 127.0.0.1 and sending whatever forwarding headers an attacker would.
// tests/browser/ratelimit.spec.ts checks the same against a real `next start`.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resetEnvCache } from "@/lib/config/env";
import { clientIp, normalizeIp, trustedProxyList, walkForwardedFor } from "@/lib/security/client-ip.server";
import { PEER_ADDRESS_HEADER, installPeerAddressHook, uninstallPeerAddressHookForTests } from "@/lib/security/peer-address.server";

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const ip = clientIp(new Request(`http://localhost${req.url}`, { headers }));
    res.end(ip);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  uninstallPeerAddressHookForTests();
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

const SPOOFS: Record<string, string>[] = [
  { "X-Forwarded-For": "203.0.113.7" },
  { "X-Forwarded-For": "203.0.113.7, 198.51.100.9" },
  { "X-Real-IP": "203.0.113.7" },
  { "X-Vercel-Forwarded-For": "203.0.113.7" },
  { Forwarded: "for=203.0.113.7" },
  { [PEER_ADDRESS_HEADER]: "203.0.113.7" },
  { [PEER_ADDRESS_HEADER.toUpperCase()]: "203.0.113.7", "X-Forwarded-For": "203.0.113.7" },
];

test("without the hook (no socket to read), every request is 'unknown': a header cannot pose as the peer", async () => {
  trust(undefined);
  expect(await ipSeenWith()).toBe("unknown");
  expect(await ipSeenWith({ [PEER_ADDRESS_HEADER]: "203.0.113.7" })).toBe("unknown");
});

describe("with the hook installed", () => {
  beforeAll(() => installPeerAddressHook());

  test("TRUST_PROXY unset: the TCP peer, whatever forwarding headers the client sends", async () => {
    trust(undefined);
    expect(await ipSeenWith()).toBe("127.0.0.1");
    for (const headers of SPOOFS) expect([headers, await ipSeenWith(headers)]).toEqual([headers, "127.0.0.1"]);
  });

  test("TRUST_PROXY=loopback: behind a trusted proxy, the rightmost untrusted X-Forwarded-For entry", async () => {
    trust("loopback");
    // The proxy appended the address it saw (198.51.100.9); the client made up the rest.
    expect(await ipSeenWith({ "X-Forwarded-For": "203.0.113.7, 198.51.100.9" })).toBe("198.51.100.9");
    // Trusted hops on the right are skipped.
    expect(await ipSeenWith({ "X-Forwarded-For": "203.0.113.7, 198.51.100.9, 127.0.0.2" })).toBe("198.51.100.9");
    // No X-Forwarded-For: the proxy itself.
    expect(await ipSeenWith()).toBe("127.0.0.1");
    // Our private header is still the socket's, not the client's.
    expect(await ipSeenWith({ [PEER_ADDRESS_HEADER]: "10.1.1.1" })).toBe("127.0.0.1");
  });

  test("TRUST_PROXY naming other proxies: a peer that is not one of them is taken as the client, its X-Forwarded-For ignored", async () => {
    trust("10.0.0.0/8, 192.0.2.10");
    expect(await ipSeenWith({ "X-Forwarded-For": "203.0.113.7" })).toBe("127.0.0.1");
  });

  test("TRUST_PROXY=vercel: Vercel's x-vercel-forwarded-for, then x-real-ip; the peer without them", async () => {
    trust("vercel");
    expect(await ipSeenWith({ "X-Vercel-Forwarded-For": "203.0.113.7", "X-Real-IP": "198.51.100.1", "X-Forwarded-For": "192.0.2.1" })).toBe("203.0.113.7");
    expect(await ipSeenWith({ "X-Real-IP": "198.51.100.1" })).toBe("198.51.100.1");
    expect(await ipSeenWith({ "X-Vercel-Forwarded-For": "not an ip" })).toBe("127.0.0.1");
    expect(await ipSeenWith()).toBe("127.0.0.1");
  });
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
