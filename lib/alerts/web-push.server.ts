// Sends one Web Push message with the `web-push` package: the VAPID signature (RFC 8292) and the
// aes128gcm payload encryption (RFC 8291) are protocol crypto we do not write ourselves. The
// request itself goes through push-request.server.ts, which bounds its time and what it reads.
import "server-only";
import type { Agent } from "node:https";
// web-push is CommonJS: Node's ESM loader (the worker runs under tsx) sees only its default export.
import webPush from "web-push";
import { DomainError } from "@/lib/errors/domain-error";
import { getEnv } from "@/lib/config/env";
import { pushEndpointAllowed } from "./push-endpoint";
import { postPush, type PushRequest } from "./push-request.server";

const { generateRequestDetails } = webPush;

/** The server's VAPID details, or null when browser alerts are not configured on this site. */
export function vapidDetails(): { subject: string; publicKey: string; privateKey: string } | null {
  const env = getEnv();
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) return null;
  return { subject: env.VAPID_SUBJECT, publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
}

/** The VAPID details for an API call that needs them; without them the caller gets a 503 `push_unavailable`. */
export function requireVapidDetails(): { subject: string; publicKey: string; privateKey: string } {
  const vapid = vapidDetails();
  if (!vapid) throw new DomainError("push_unavailable", "Browser alerts are not available on this site.");
  return vapid;
}

/** The public half, what a browser's pushManager.subscribe needs (null: not configured). */
export function vapidPublicKey(): string | null {
  return vapidDetails()?.publicKey ?? null;
}

/** A browser's subscription as stored (PushSubscription's columns). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * What the phone shows and nothing else: the firing's one line and the page it opens. No address,
 * balance or user id: the payload is encrypted end to end, but it is still the user's screen.
 * `tag` makes a browser replace a notification with the same tag rather than show it twice.
 */
export type PushPayload = { title: string; body: string; url: string; tag: string };

export const PUSH_TITLE = "PulseCompare";

/** How long a push service keeps a message for a browser that is offline: an alert a day late is noise. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export type SendOptions = {
  /** Tests: an agent trusting the local push service's certificate (web-push speaks https only). */
  agent?: Agent;
  /** Lets a push service collapse messages of one rule waiting for an offline browser (max 32 url-safe chars). */
  topic?: string;
  /**
   * The whole send's deadline (push-request.server.ts PUSH_DEADLINE_MS by default): connection,
   * request and answer, however slowly the push service answers.
   */
  deadlineMs?: number;
  /** Gives the send up early (the test notification's one deadline for all of a user's browsers). */
  signal?: AbortSignal;
};

/**
 * The outcome of one send, as data the outbox branches on: `status` is the push service's HTTP
 * status (0 when no answer came: network error, timeout), `retryAfterS` its Retry-After if any.
 */
export type SendResult =
  | { ok: true; status: number }
  | { ok: false; status: number; retryAfterS: number | null; error: string; refused?: true };

export class PushUnavailableError extends Error {
  constructor() {
    super("Browser alerts are not configured on this site (VAPID keys missing).");
  }
}

/** A VAPID JWT lasts this long (RFC 8292 allows up to 24 h) and is reused for the first hour of it. */
const VAPID_JWT_SECONDS = 12 * 60 * 60;
const VAPID_REUSE_SECONDS = 60 * 60;
const vapidHeaders = new Map<string, { authorization: string; until: number }>();

/**
 * The Authorization header for one push service, signed once and reused for an hour: signing an
 * ES256 JWT per message was over half of web-push's CPU per send (measured by bench:alerts). The
 * JWT names only the push service's origin, the subject and the expiry, so one serves every
 * subscription at that service. Keyed by the keys too, so new keys sign anew.
 */
function vapidAuthorization(endpoint: string, vapid: { subject: string; publicKey: string; privateKey: string }, nowS = Math.floor(Date.now() / 1000)): string {
  const audience = new URL(endpoint).origin;
  const key = `${audience} ${vapid.subject} ${vapid.publicKey} ${vapid.privateKey}`;
  const cached = vapidHeaders.get(key);
  if (cached && nowS < cached.until) return cached.authorization;
  const { Authorization } = webPush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, "aes128gcm", nowS + VAPID_JWT_SECONDS);
  vapidHeaders.set(key, { authorization: Authorization, until: nowS + VAPID_REUSE_SECONDS });
  return Authorization;
}

export async function sendPush(target: PushTarget, payload: PushPayload, options: SendOptions = {}): Promise<SendResult> {
  // An endpoint the policy refuses (stored before it existed) is never sent to: "refused", which
  // the callers treat as gone (the subscription is deleted). The pattern only: no DNS per send.
  if (!pushEndpointAllowed(target.endpoint, getEnv().PUSH_EXTRA_ORIGINS)) return { ok: false, status: 0, retryAfterS: null, error: "endpoint refused", refused: true };
  const vapid = vapidDetails();
  if (!vapid) throw new PushUnavailableError();
  let request: PushRequest;
  try {
    request = generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        // No vapidDetails (and no global setVapidDetails anywhere): web-push signs nothing; the
        // header is ours, signed once per push service an hour.
        headers: { Authorization: vapidAuthorization(target.endpoint, vapid) },
        TTL: PUSH_TTL_SECONDS,
        urgency: "normal",
        contentEncoding: "aes128gcm",
        ...(options.topic && { topic: options.topic }),
      },
    ) as PushRequest;
  } catch {
    // Keys web-push cannot encrypt to (a stored subscription is checked when added, so rare).
    return { ok: false, status: 0, retryAfterS: null, error: "invalid subscription" };
  }
  try {
    const answer = await postPush(request, { agent: options.agent, deadlineMs: options.deadlineMs, signal: options.signal });
    if (answer.status >= 200 && answer.status <= 299) return { ok: true, status: answer.status };
    return { ok: false, status: answer.status, retryAfterS: retryAfterSeconds(answer.retryAfter), error: `HTTP ${answer.status}` };
  } catch (error) {
    // A network error or the deadline: its message may name the endpoint's host, so only its code is kept.
    const code = (error as { code?: unknown }).code;
    return { ok: false, status: 0, retryAfterS: null, error: typeof code === "string" ? code : "network error" };
  }
}

/** Retry-After as seconds (a number of seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: string | string[] | undefined, now = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
