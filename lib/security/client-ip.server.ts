// The client's IP address, for rate limits. Who is believed depends on TRUST_PROXY (lib/config/env.ts):
//
// - a list of proxies (IPs, CIDR ranges, "loopback"): the edge in front (deploy/nginx/), which
//   replaces X-Forwarded-For with the address its client connected from. The client is the
//   rightmost X-Forwarded-For entry that is not a trusted proxy: each proxy appends the address it
//   was connected from, so the entries right of the first untrusted one were written by our own
//   proxies and everything left of it may be made up. The app must then be reachable only through
//   those proxies (compose publishes only the edge; on a plain host the app listens on 127.0.0.1):
//   the app cannot see its TCP peer (a route handler gets a web Request, no socket) to check.
// - "vercel": Vercel's x-vercel-forwarded-for, then x-real-ip. Vercel's edge sets both to the
//   client's address and does not pass on what a client sent (vercel.com/docs/headers/request-headers;
//   it sets x-forwarded-for too, but a proxy in front of Vercel could overwrite that one).
// - unset (`npm run dev`, `npm start` on a laptop): the rightmost X-Forwarded-For entry as Next
//   passes it. Next writes the TCP peer's address there when a request has none
//   (next/dist/server/base-server.js), but keeps one a client sent as sent, so this is only
//   trustworthy with nothing but local browsers in front; instrumentation.ts warns when a
//   production Node server starts this way.
//
// Addresses are normalised: IPv4-mapped IPv6 (::ffff:192.0.2.1, what a dual-stack socket
// reports) becomes the IPv4 address. When no address can be had the answer is "unknown", one
// shared key: a limit then holds for everyone together rather than for no one.
import "server-only";
import { BlockList, isIP } from "node:net";
import { getEnv, type TrustProxy } from "@/lib/config/env";

export const UNKNOWN_CLIENT_IP = "unknown";

export function clientIp(request: Request): string {
  const trust = getEnv().TRUST_PROXY;
  const forwardedFor = request.headers.get("x-forwarded-for");
  if (trust?.kind === "vercel") {
    return firstEntry(request.headers.get("x-vercel-forwarded-for")) ?? firstEntry(request.headers.get("x-real-ip")) ?? UNKNOWN_CLIENT_IP;
  }
  if (trust) return walkForwardedFor(forwardedFor, trustedProxies(trust)) ?? UNKNOWN_CLIENT_IP;
  return lastEntry(forwardedFor) ?? UNKNOWN_CLIENT_IP;
}

/**
 * The client behind trusted proxies: X-Forwarded-For from the right, skipping trusted hops. All
 * entries trusted: the leftmost. A malformed entry ends the walk at the hop right of it (the last
 * address a trusted proxy vouched for). Undefined when there is no usable entry.
 */
export function walkForwardedFor(header: string | null, proxies: BlockList): string | undefined {
  if (!header) return undefined;
  const entries = header.split(",").map((entry) => entry.trim());
  let lastTrusted: string | undefined;
  for (let i = entries.length - 1; i >= 0; i--) {
    const address = normalizeIp(stripPort(entries[i]!));
    if (!address) return lastTrusted;
    if (!isTrusted(proxies, address)) return address;
    lastTrusted = address;
  }
  return lastTrusted;
}

/** The parsed TRUST_PROXY list, built once per parsed environment. */
const proxyLists = new WeakMap<TrustProxy, BlockList>();

function trustedProxies(trust: Extract<TrustProxy, { kind: "proxies" }>): BlockList {
  let list = proxyLists.get(trust);
  if (!list) {
    list = trustedProxyList(trust.entries);
    proxyLists.set(trust, list);
  }
  return list;
}

/** node:net's address matcher over TRUST_PROXY entries (validated by lib/config/env.ts). */
export function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    if (entry === "loopback") {
      list.addSubnet("127.0.0.0", 8, "ipv4");
      list.addAddress("::1", "ipv6");
      continue;
    }
    const [address, prefix] = entry.split("/") as [string, string | undefined];
    if (prefix === undefined) {
      const normalized = normalizeIp(address) ?? address;
      list.addAddress(normalized, familyOf(normalized));
    } else {
      list.addSubnet(address, Number(prefix), familyOf(address));
    }
  }
  return list;
}

function familyOf(address: string): "ipv4" | "ipv6" {
  return isIP(address) === 4 ? "ipv4" : "ipv6";
}

function isTrusted(proxies: BlockList, address: string): boolean {
  return proxies.check(address, familyOf(address));
}

/** A valid IP address in canonical form (IPv4-mapped IPv6 as IPv4, IPv6 lower-case), or undefined. */
export function normalizeIp(value: string): string | undefined {
  const address = value.trim();
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return undefined;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped && isIP(mapped[1]!) === 4) return mapped[1]!;
  return address.toLowerCase();
}

/** X-Forwarded-For entries may carry a port: "192.0.2.1:4711", "[2001:db8::1]:4711". */
function stripPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4WithPort ? v4WithPort[1]! : entry;
}

function firstEntry(header: string | null): string | undefined {
  if (!header) return undefined;
  return normalizeIp(stripPort(header.split(",")[0]!.trim()));
}

function lastEntry(header: string | null): string | undefined {
  if (!header) return undefined;
  return normalizeIp(stripPort(header.split(",").at(-1)!.trim()));
}

/**
 * The key of a client IP, for the rate limits and for counting one client's quotes
 * (lib/orders/hold-bounds.server.ts). IPv6 counts per /64: one subscriber usually holds a whole /64 and could
 * otherwise take a new address per request. Anything that is not an IP ("unknown") is used as is.
 */
export function ipKey(ip: string): string {
  const address = normalizeIp(ip);
  if (!address || !address.includes(":")) return address ?? ip;
  return `${expandIpv6(address).slice(0, 4).join(":")}::/64`;
}

/** The 8 hextets of an IPv6 address (valid, as normalizeIp returns it). */
function expandIpv6(address: string): string[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((hextet) => (Number.parseInt(hextet, 16) || 0).toString(16));
}
