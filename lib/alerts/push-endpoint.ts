// Where a browser's Web Push endpoint may point (issue 50): only at the push services browsers use.
// The endpoint comes from the caller's body, and the server POSTs to it (every alert, "Send a test
// notification"), so an endpoint anywhere else would let a stranger use the server to reach
// addresses on its own network and read how they answered. Pure: the pattern check here costs no
// DNS and runs before every send too; the name's resolution is checked once, at registration
// (push-endpoint-check.server.ts).
//
// The push services and their documented endpoint hosts (https, the default port):
// - Google FCM (Chrome, Edge on Android, Opera, Samsung): https://fcm.googleapis.com/fcm/send/<id>
//   and https://fcm.googleapis.com/wp/<id>; the legacy GCM host https://android.googleapis.com/gcm/send/<id>
//   (web-push-libs/webpush-java's "Endpoints" wiki lists both).
// - Mozilla autopush (Firefox): https://updates.push.services.mozilla.com/wpush/v2/<id>
//   (autopush's docs, mozilla-services.github.io/autopush-rs; Mozilla serves it under
//   push.services.mozilla.com, so its subdomains are admitted).
// - Microsoft WNS (Edge on Windows): https://<node>.notify.windows.com/w/?token=<id>, WNS's channel
//   URIs (learn.microsoft.com, "Windows Push Notification Services (WNS) overview").
// - Apple (Safari 16+, iOS 16.4+ Home Screen apps): https://web.push.apple.com/<id>; WebKit asks
//   servers that check endpoints to "allow URLs from any subdomain of push.apple.com"
//   (webkit.org, "Meet Web Push").
// A deployer adds origins (PUSH_EXTRA_ORIGINS: a self-hosted push service, the tests' local one);
// those are admitted exactly as listed, address and port included.

/** A host that is the name itself, or (with `subdomains`) any name under it. */
type HostRule = { host: string; subdomains: boolean };

export const PUSH_SERVICE_HOSTS: readonly HostRule[] = [
  { host: "fcm.googleapis.com", subdomains: false },
  { host: "android.googleapis.com", subdomains: false },
  { host: "updates.push.services.mozilla.com", subdomains: false },
  { host: "push.services.mozilla.com", subdomains: true },
  { host: "notify.windows.com", subdomains: true },
  { host: "web.push.apple.com", subdomains: false },
  { host: "push.apple.com", subdomains: true },
];

/** A dotted IPv4 address: what the URL parser makes of every IPv4 host, whatever form it was typed in. */
const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** Why an endpoint is refused, as the 400's message says it after "endpoint: ". */
export type EndpointVerdict = { ok: true; host: string; extra: boolean } | { ok: false; reason: string };

const SERVICES = "a push service's address (Google, Mozilla, Microsoft or Apple)";

/**
 * The pattern check: https, no credentials, and either an origin the deployer listed or a known
 * push service's host on the default port. IP literals (any form: the URL parser turns decimal,
 * hex and octal IPv4 hosts into dotted ones) and localhost are refused by name, so the answer
 * says what was wrong.
 */
export function checkEndpointPattern(endpoint: string, extraOrigins: readonly string[] = []): EndpointVerdict {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: "not a URL" };
  }
  if (url.protocol !== "https:") return { ok: false, reason: "must be an https URL" };
  if (url.username || url.password) return { ok: false, reason: "must not carry a user name or password" };
  if (extraOrigins.includes(url.origin)) return { ok: true, host: url.hostname, extra: true };
  const host = url.hostname.toLowerCase();
  if (IPV4.test(host) || host.startsWith("[")) return { ok: false, reason: `an IP address is not ${SERVICES}` };
  if (host === "localhost" || host.endsWith(".localhost") || host === "localhost.") return { ok: false, reason: `localhost is not ${SERVICES}` };
  if (url.port) return { ok: false, reason: `must use the push service's default port, not ${url.port}` };
  const known = PUSH_SERVICE_HOSTS.some((rule) => host === rule.host || (rule.subdomains && host.endsWith(`.${rule.host}`)));
  if (!known) return { ok: false, reason: `must be ${SERVICES}` };
  return { ok: true, host, extra: false };
}

/** The pattern check's answer as a yes or no: what the senders ask before each send. */
export function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  return checkEndpointPattern(endpoint, extraOrigins).ok;
}

/**
 * An address a push service's name must never resolve to: this machine (loopback, unspecified),
 * the private networks (RFC 1918, unique local fc00::/7, the shared 100.64.0.0/10), link-local
 * (169.254.0.0/16 with the cloud metadata services, fe80::/10), multicast and the reserved ranges;
 * an IPv6 address that carries an IPv4 one (::ffff:a.b.c.d, 64:ff9b::/96) is judged by that one.
 * Anything that is not an IP address is refused too.
 */
export function isNonPublicAddress(address: string): boolean {
  if (IPV4.test(address)) {
    const bytes = address.split(".").map(Number) as [number, number, number, number];
    return bytes.some((byte) => byte > 255) || nonPublicV4(bytes);
  }
  if (!address.includes(":")) return true;
  const words = ipv6Words(address);
  if (!words) return true;
  const embedded = embeddedV4(words);
  if (embedded) return nonPublicV4(embedded);
  const [first] = words as [number];
  if (words.every((word) => word === 0)) return true; // ::
  if (words.slice(0, 7).every((word) => word === 0) && words[7] === 1) return true; // ::1
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (first === 0x2001 && words[1] === 0x0db8) return true; // 2001:db8::/32 documentation
  if (first === 0x0100 && words.slice(1, 4).every((word) => word === 0)) return true; // 100::/64 discard
  return false;
}

function nonPublicV4([a, b]: [number, number, number, number]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments, 192.0.0.0/24 (and 192.0.2.0/24 documentation)
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

/** The eight 16-bit words of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function ipv6Words(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(":").map((word) => parseInt(word, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const words = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return words.length === 8 && words.every((word) => Number.isInteger(word) && word >= 0 && word <= 0xffff) ? words : null;
}

/** The IPv4 address inside ::ffff:0:0/96 (mapped), ::/96 (compatible) or 64:ff9b::/96 (NAT64). */
function embeddedV4(words: number[]): [number, number, number, number] | null {
  const v4 = (): [number, number, number, number] => [words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff];
  const zeros = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return v4();
  if (zeros(0, 6) && (words[6] !== 0 || words[7]! > 1)) return v4();
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4();
  return null;
}
