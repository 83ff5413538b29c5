// One HTTPS request to a push service, bounded in time and in what is read: a push endpoint is a
// URL a browser (so anyone signed in) handed us, and the server at it may answer slowly, never,
// or without end. web-push's own sendNotification has neither bound (its `timeout` is a socket
// *idle* timeout, which a server sending a byte every few seconds never trips, and it buffers the
// whole answer), so web-push only builds the request (generateRequestDetails: the encrypted body
// and its headers) and this sends it.
import "server-only";
import https, { type Agent } from "node:https";

/** The longest one send may take, from before the connection to the answer's status line. */
export const PUSH_DEADLINE_MS = 10_000;
/**
 * The most of an answer's body read before the connection is cut. A push service answers 201
 * with an empty body, or an error with a line of text; nothing here reads the text (it could
 * echo the endpoint), so the body is only counted and dropped, to leave the connection reusable.
 */
export const PUSH_ANSWER_CAP_BYTES = 4_096;

export type PushRequest = { endpoint: string; method: string; headers: Record<string, string | number>; body: Buffer | null };

/** The push service's answer: its status and Retry-After, nothing else. */
export type PushAnswer = { status: number; retryAfter: string | undefined };

/** A send given up: the deadline passed, or the caller's signal was aborted, before any answer. */
export class PushDeadlineError extends Error {
  readonly code = "ETIMEDOUT";
  constructor() {
    super("no answer within the push deadline");
  }
}

/**
 * Sends the request and resolves with the status as soon as the status line and headers are in:
 * the outcome is known then, and a server that trickles or streams its body cannot hold the
 * caller. The body is then read (and dropped) in the background until its end, the cap, or the
 * deadline, whichever comes first; past the cap or the deadline the connection is destroyed.
 * Rejects with PushDeadlineError when no answer came within `deadlineMs` (or `signal` fired
 * first), and with the socket's error otherwise (its `code`, e.g. ECONNREFUSED, is what callers keep).
 */
export function postPush(request: PushRequest, options: { agent?: Agent; deadlineMs?: number; signal?: AbortSignal } = {}): Promise<PushAnswer> {
  const deadlineMs = options.deadlineMs ?? PUSH_DEADLINE_MS;
  return new Promise<PushAnswer>((resolve, reject) => {
    const url = new URL(request.endpoint);
    const outgoing = https.request(url, { method: request.method, headers: request.headers, agent: options.agent });
    let answered = false;
    const giveUp = () => {
      if (!answered) reject(new PushDeadlineError());
      outgoing.destroy();
    };
    // One timer from before the connection (DNS, TCP, TLS, the request, the answer and its body):
    // whatever the server does, nothing of this request outlives it.
    const timer = setTimeout(giveUp, deadlineMs);
    const onAbort = () => giveUp();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    };
    if (options.signal?.aborted) giveUp();
    outgoing.on("response", (answer) => {
      answered = true;
      const retryAfter = answer.headers["retry-after"];
      resolve({ status: answer.statusCode ?? 0, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter });
      let read = 0;
      answer.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > PUSH_ANSWER_CAP_BYTES) outgoing.destroy();
      });
      answer.on("end", done);
      answer.on("close", done);
      answer.on("error", done);
    });
    outgoing.on("error", (error) => {
      done();
      if (!answered) reject(error);
    });
    outgoing.on("close", () => {
      if (!answered) {
        done();
        reject(new PushDeadlineError());
      }
    });
    outgoing.end(request.body ?? undefined);
  });
}
