// A local push service speaking the Web Push protocol, so tests send with the real `web-push`
// package and read what the phone would show. Like a real one (FCM, Mozilla's autopush) it serves
// HTTPS (the sender uses Node's https whatever the scheme), refuses a message whose VAPID JWT does
// not verify (RFC 8292: ES256 over the key in `k`, `aud` = this origin, `exp` in the future and at
// most 24 h away), and decrypts the aes128gcm body (RFC 8291) with the subscription's own P-256
// key and auth secret, as the browser holding the subscription does.
// The certificate is self-signed for 127.0.0.1 by the openssl CLI (.ci/run installs it);
// `agent` trusts it (for web-push's `agent` option) and `trustGlobally` makes Node's default
// agent trust it too, for code that sends without an agent (the route handlers).
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { decrypt } from "http_ece";

/** A browser's subscription: the public parts go to the server, the private ones stay here. */
export type TestSubscription = {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  ecdh: ECDH;
  /** The VAPID public key the browser subscribed with (pushManager.subscribe's applicationServerKey), if bound. */
  applicationServerKey?: string;
};

/** One message the service accepted, decrypted. */
export type PushedMessage = {
  subscriptionId: string;
  text: string;
  /** The text as JSON (null when it is not JSON). */
  json: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID public key the sender signed with. */
  vapidKey: string;
};

export type Refusal = { subscriptionId: string; status: number; reason: string };

export type StallMode = "trickle" | "endless" | "never";

/** An answer the service gives instead of accepting: 404/410 (gone), 429 with Retry-After, 500. */
export type ForcedAnswer = { status: number; retryAfter?: string };

export type PushService = {
  origin: string;
  /** Trusts the service's certificate (web-push's `agent` option). */
  agent: https.Agent;
  messages: PushedMessage[];
  refusals: Refusal[];
  /** Every request that reached it, accepted or not. */
  requests: () => number;
  /**
   * A new subscription. Bound to an applicationServerKey, the service refuses (403) messages signed
   * with any other VAPID key, as real push services do.
   */
  createSubscription: (applicationServerKey?: string) => TestSubscription;
  /** The next answers for this subscription, in order (then 201 again). */
  answer: (subscription: TestSubscription, ...answers: ForcedAnswer[]) => void;
  /**
   * Holds this subscription's messages from now on: read, never answered nor accepted (a push
   * service that hangs), until `release`, after which it answers normally again. What was held is
   * dropped unanswered (its sender may be long gone).
   */
  hold: (subscription: TestSubscription) => void;
  /**
   * Stalls this subscription's messages from now on, until `release` (what is still streaming is
   * cut then). "trickle" and "endless" accept the message (it is in `messages`), answer 201, and
   * never end the answer's body: one byte a second, or as fast as the reader takes it. "never"
   * accepts nothing and never answers, but sends the status line one byte a second without ever
   * finishing it, so the connection is never idle (a socket idle timeout never fires).
   */
  stall: (subscription: TestSubscription, how: StallMode) => void;
  release: (subscription: TestSubscription) => void;
  /** Requests held so far (answered or not since). */
  held: () => number;
  /** Answers still streaming (a stalled one the sender has not hung up on yet). */
  streaming: () => number;
  /** Bytes of stalled answers written so far. */
  streamedBytes: () => number;
  /** The certificate (PEM), e.g. for a child process's NODE_EXTRA_CA_CERTS. */
  certificate: Buffer;
  /** Also trust the certificate in Node's default https agent (until close). */
  trustGlobally: () => void;
  close: () => Promise<void>;
};

const MAX_EXP_SECONDS = 24 * 60 * 60;

/**
 * The environment that admits these local services' endpoints (PUSH_EXTRA_ORIGINS): the app sends
 * only to the known push services' hosts and the origins a deployer lists, so a test that stores
 * or sends to a local service's endpoint sets this with its VAPID keys (setEnvVars, or a child
 * process's env). An endpoint at a service not listed here is refused and deleted unsent.
 */
export function admitPushServices(...services: Pick<PushService, "origin">[]): { PUSH_EXTRA_ORIGINS: string } {
  return { PUSH_EXTRA_ORIGINS: services.map((service) => service.origin).join(",") };
}

export async function startPushService(): Promise<PushService> {
  const { key, cert } = selfSignedCertificate();
  const subscriptions = new Map<string, TestSubscription>();
  const forced = new Map<string, ForcedAnswer[]>();
  const messages: PushedMessage[] = [];
  const refusals: Refusal[] = [];
  let requestCount = 0;
  let heldCount = 0;
  const holding = new Set<string>();
  const heldResponses: { id: string; response: ServerResponse }[] = [];
  const stalling = new Map<string, StallMode>();
  const streams = new Set<{ id: string; response: ServerResponse }>();
  let streamedBytes = 0;
  /** An answer that never ends, until the sender hangs up (or `release`). */
  const stream = (id: string, response: ServerResponse, how: StallMode) => {
    const entry = { id, response };
    streams.add(entry);
    let timer: NodeJS.Timeout | undefined;
    let next: () => void;
    if (how === "never") {
      // Straight onto the socket: a status line that never ends, one byte a second.
      const socket = response.socket!;
      const line = Buffer.from("HTTP/1.1 201 Created but never quite");
      let sent = 0;
      next = () => {
        if (socket.destroyed || !streams.has(entry)) return;
        streamedBytes++;
        socket.write(line.subarray(sent % line.length, (sent % line.length) + 1));
        sent++;
        timer = setTimeout(next, 1_000);
      };
    } else {
      response.writeHead(201, { "content-type": "text/plain" });
      const chunk = Buffer.alloc(how === "trickle" ? 1 : 16 * 1024, "x");
      next = () => {
        if (response.destroyed || !streams.has(entry)) return;
        streamedBytes += chunk.length;
        const more = response.write(chunk);
        if (how === "trickle") timer = setTimeout(next, 1_000);
        else if (more) setImmediate(next);
        else response.once("drain", next);
      };
    }
    response.on("close", () => {
      streams.delete(entry);
      clearTimeout(timer);
    });
    next();
  };
  let origin = "";

  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requestCount++;
      const id = /^\/push\/([A-Za-z0-9-]+)$/.exec(request.url ?? "")?.[1] ?? "";
      const refuse = (status: number, reason: string, headers: Record<string, string> = {}) => {
        refusals.push({ subscriptionId: id, status, reason });
        response.writeHead(status, { "content-type": "text/plain", ...headers }).end(reason);
      };
      const subscription = subscriptions.get(id);
      if (request.method !== "POST" || !subscription) return refuse(404, "no such subscription");
      const vapid = checkVapid(request.headers.authorization, origin);
      if (!vapid.ok) return refuse(401, vapid.reason);
      if (subscription.applicationServerKey && vapid.key !== subscription.applicationServerKey) return refuse(403, "VAPID key is not the subscription's");
      if (holding.has(id)) {
        heldCount++;
        heldResponses.push({ id, response });
        return;
      }
      if (stalling.get(id) === "never") return stream(id, response, "never");
      const next = forced.get(id)?.shift();
      if (next) return refuse(next.status, `forced ${next.status}`, next.retryAfter ? { "retry-after": next.retryAfter } : {});
      if (request.headers["content-encoding"] !== "aes128gcm") return refuse(415, "not aes128gcm");
      let text: string;
      try {
        text = decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: subscription.ecdh, authSecret: subscription.auth }).toString("utf8");
      } catch (error) {
        return refuse(400, `cannot decrypt: ${(error as Error).message}`);
      }
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON: the text is what the phone gets.
      }
      messages.push({
        subscriptionId: id,
        text,
        json,
        ttl: header(request.headers.ttl),
        urgency: header(request.headers.urgency),
        topic: header(request.headers.topic),
        vapidKey: vapid.key,
      });
      const stalled = stalling.get(id);
      if (stalled) return stream(id, response, stalled);
      response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: cert, keepAlive: false });
  const previousGlobalCa = https.globalAgent.options.ca;

  return {
    origin,
    agent,
    messages,
    refusals,
    requests: () => requestCount,
    createSubscription: (applicationServerKey) => {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const id = randomUUID();
      const subscription = {
        id,
        endpoint: `${origin}/push/${id}`,
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: randomBytes(16).toString("base64url"),
        ecdh,
        applicationServerKey,
      };
      subscriptions.set(id, subscription);
      return subscription;
    },
    answer: (subscription, ...answers) => {
      forced.set(subscription.id, [...(forced.get(subscription.id) ?? []), ...answers]);
    },
    hold: (subscription) => void holding.add(subscription.id),
    stall: (subscription, how) => void stalling.set(subscription.id, how),
    release: (subscription) => {
      holding.delete(subscription.id);
      stalling.delete(subscription.id);
      for (const held of heldResponses.filter((held) => held.id === subscription.id)) {
        heldResponses.splice(heldResponses.indexOf(held), 1);
        held.response.destroy();
      }
      for (const streamed of [...streams].filter((streamed) => streamed.id === subscription.id)) {
        streams.delete(streamed);
        streamed.response.destroy();
      }
    },
    held: () => heldCount,
    streaming: () => streams.size,
    streamedBytes: () => streamedBytes,
    certificate: cert,
    trustGlobally: () => {
      https.globalAgent.options.ca = cert;
    },
    close: async () => {
      https.globalAgent.options.ca = previousGlobalCa;
      for (const held of heldResponses.splice(0)) held.response.destroy();
      for (const streamed of streams) streamed.response.destroy();
      streams.clear();
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * RFC 8292's check: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT signed with ES256 by
 * the key in `k`, for this service's origin, not expired and expiring within 24 hours.
 */
export function checkVapid(authorization: string | undefined, origin: string, nowS = Math.floor(Date.now() / 1000)): { ok: true; key: string } | { ok: false; reason: string } {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) return { ok: false, reason: "no vapid authorization" };
  const [, jwt, k] = match as unknown as [string, string, string];
  const parts = jwt.split(".");
  if (parts.length !== 3) return { ok: false, reason: "malformed JWT" };
  const [head, body, signature] = parts as [string, string, string];
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    const headerJson = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as { alg?: unknown };
    if (headerJson.alg !== "ES256") return { ok: false, reason: "JWT not ES256" };
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as typeof claims;
  } catch {
    return { ok: false, reason: "malformed JWT" };
  }
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) return { ok: false, reason: "k is not an uncompressed P-256 key" };
  let publicKey;
  try {
    publicKey = createPublicKey({
      key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
      format: "jwk",
    });
  } catch {
    return { ok: false, reason: "k is not a P-256 key" };
  }
  const signed = verify("sha256", Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!signed) return { ok: false, reason: "bad signature" };
  if (claims.aud !== origin) return { ok: false, reason: "wrong audience" };
  if (typeof claims.exp !== "number" || claims.exp <= nowS) return { ok: false, reason: "expired" };
  if (claims.exp > nowS + MAX_EXP_SECONDS) return { ok: false, reason: "expires more than 24 h ahead" };
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) return { ok: false, reason: "no contact (sub)" };
  return { ok: true, key: k };
}

/** A throwaway P-256 certificate for 127.0.0.1, valid for a day. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "push-service-"));
  try {
    execFileSync(
      "openssl",
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"),
        "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
      ],
      { stdio: "pipe" },
    );
    return { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
