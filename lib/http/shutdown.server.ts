// Stopping without dropping what was accepted: on SIGTERM (or SIGINT) the process drains.
//
//   1. At once: "draining" (GET /api/health answers 503 {"status":"draining"}). For the announce
//      time (SHUTDOWN_ANNOUNCE_S, 1 s by default) the servers still accept and serve as usual, so
//      a balancer that polls the health check hears "draining" and stops sending new
//      connections before any is refused. Then each server stops listening: a new connection is
//      refused, nothing was sent on it, so a balancer (the edge: deploy/nginx/) or client retries
//      it elsewhere, and it counts as not accepted.
//   2. What was accepted finishes: every request in flight, and every request that still arrives
//      on a connection already open (a keep-alive connection the client reuses), is answered in
//      full; once the listener is closed, with `Connection: close` (set before the headers go
//      out), so each connection ends after its answer and the client opens its next one elsewhere.
//   3. Idle keep-alive connections are not cut: a request the client may have sent just now would
//      be reset. Node closes them after the keep-alive timeout it announced to the client
//      (`Keep-Alive: timeout=5`), which clients honour by not reusing them near its end; one
//      that is reused before is answered as in 2.
//   4. Other work in hand (the market schedule's pass) is told to stop starting anything new,
//      and the exit waits for it too.
//   5. The process exits (0) once every connection has ended and the work is done, or at the
//      grace (SHUTDOWN_GRACE_S): then the unfinished work is given up (a pass's lease released),
//      the connections left are closed, and the exit code is 1.
//
// Next's own handler (next/dist/server/lib/start-server.js, under `next start` and the standalone
// server.js alike) would close the idle connections at once and then exit when the rest end,
// with no health signal and no bound. Next's self-hosting guide documents turning it off:
// NEXT_MANUAL_SIG_HANDLE=true, which `npm start`, the image and the browser suite's harness set.
// Without it this drain is not installed for the web server (a warning says so) and Next's
// handler ends the process as before.
//
// The servers and their requests are learned from Node's own diagnostics channel
// (`http.server.request.start`, published for every request any http server of the process
// receives): they exist before instrumentation runs, and a server that has received no request
// has nothing to drain. Observing is all it does: nothing answers or changes a request before
// Next. State is on globalThis: instrumentation and the route bundles (the health route asks
// isDraining) are separate module graphs in one process.
import "server-only";
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** Node publishes each request any http server of the process receives here, before its `request` event. */
const REQUEST_START = "http.server.request.start";

/** Work besides requests that a drain waits for. */
export type DrainWork = {
  /** Called once when the drain starts: start nothing new; resolves when the work in hand is done. */
  stop: () => Promise<void>;
  /** At the grace's end, with the work still running: give it up cleanly (e.g. release a lease). */
  abandon: () => Promise<void>;
};

type State = {
  draining: boolean;
  /** The servers have stopped listening: every answer from now on closes its connection. */
  closing: boolean;
  installed: boolean;
  inFlight: Set<ServerResponse>;
  servers: Set<Server>;
  work: Map<string, DrainWork>;
};

const STATE_KEY = Symbol.for("pulsecompare.shutdown");
const globalState = globalThis as unknown as { [STATE_KEY]?: State };

function state(): State {
  globalState[STATE_KEY] ??= { draining: false, closing: false, installed: false, inFlight: new Set(), servers: new Set(), work: new Map() };
  return globalState[STATE_KEY];
}

/** True from the first SIGTERM or SIGINT on: the process is finishing what it has. */
export function isDraining(): boolean {
  return globalState[STATE_KEY]?.draining ?? false;
}

/** Registers work the drain stops and waits for (idempotent per name). */
export function addDrainWork(name: string, work: DrainWork): void {
  state().work.set(name, work);
}

export type ShutdownOptions = {
  /** SHUTDOWN_GRACE_S in ms: the longest the drain may take before the process exits anyway. */
  graceMs: number;
  /** SHUTDOWN_ANNOUNCE_S in ms: how long the servers keep accepting, saying "draining", before they stop listening (within the grace). */
  announceMs?: number;
  /** Under Next: drain its servers' requests (needs NEXT_MANUAL_SIG_HANDLE, so Next's own handler stays off). */
  http: boolean;
  log?: (line: string) => void;
  /** How the process ends; tests replace it. */
  exit?: (code: number) => void;
};

const SIGNALS = ["SIGTERM", "SIGINT"] as const;
/** How long giving up the unfinished work may take at the end of the grace. */
const ABANDON_LIMIT_MS = 2_000;

/**
 * Installs the drain for this process's SIGTERM and SIGINT, once per process; returns the drain
 * itself (what a signal starts), which resolves when the process has been told to exit.
 */
export function installGracefulShutdown(options: ShutdownOptions): (reason: string) => Promise<void> {
  const log = options.log ?? ((line: string) => console.warn(line));
  const start = (reason: string) => drain(reason, options, log);
  const current = state();
  if (current.installed) return start;
  if (options.http && !process.env.NEXT_MANUAL_SIG_HANDLE) {
    log("[shutdown] NEXT_MANUAL_SIG_HANDLE is not set: Next's own SIGTERM handler ends the server, without the drain (set NEXT_MANUAL_SIG_HANDLE=true, as `npm start` and the image do)");
    return start;
  }
  current.installed = true;
  if (options.http) diagnostics.subscribe(REQUEST_START, onRequestStart);
  // Repeated signals (a terminal's Ctrl-C reaches the whole process group, and npm forwards one
  // more) do not cut the drain short: the grace bounds it.
  const onSignal = (signal: NodeJS.Signals) => void start(signal);
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return start;
}

type RequestStart = { request: IncomingMessage; response: ServerResponse; server: Server };

/** Counts the request, learns its server, and during a drain closes its connection after the answer. */
function onRequestStart(message: unknown): void {
  const { response, server } = message as RequestStart;
  const current = state();
  current.servers.add(server);
  current.inFlight.add(response);
  response.once("close", () => current.inFlight.delete(response));
  if (current.closing) response.shouldKeepAlive = false;
}

async function drain(reason: string, options: ShutdownOptions, log: (line: string) => void): Promise<void> {
  const current = state();
  if (current.draining) return;
  current.draining = true;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const started = Date.now();
  log(`[shutdown] ${reason}: draining ${current.inFlight.size} requests in flight and ${current.work.size ? [...current.work.keys()].join(", ") : "no other work"} (grace ${options.graceMs / 1000} s)`);

  const announceMs = Math.min(options.announceMs ?? 0, options.graceMs);
  const serversClosed = announceMs > 0 && current.servers.size ? [sleep(announceMs).then(() => Promise.all(closeServers(current)))] : closeServers(current);
  const workDone = [...current.work.values()].map((work) => work.stop().catch((error) => log(`[shutdown] work failed while stopping: ${String(error)}`)));

  let graceTimer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    Promise.all([...serversClosed, ...workDone]).then(() => true),
    new Promise<false>((resolve) => (graceTimer = setTimeout(() => resolve(false), options.graceMs))),
  ]);
  clearTimeout(graceTimer);
  const took = Date.now() - started;
  if (finished) {
    log(`[shutdown] drained in ${took} ms`);
    exit(0);
    return;
  }
  log(`[shutdown] grace of ${options.graceMs / 1000} s over: ${current.inFlight.size} requests still in flight are dropped; giving up the work left`);
  let abandonTimer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all([...current.work.values()].map((work) => work.abandon().catch((error) => log(`[shutdown] giving up failed: ${String(error)}`)))),
    new Promise((resolve) => (abandonTimer = setTimeout(resolve, ABANDON_LIMIT_MS))),
  ]);
  clearTimeout(abandonTimer);
  for (const server of current.servers) server.closeAllConnections();
  exit(1);
}

/**
 * Stops listening, and from then on every answer, and every request in flight whose headers are
 * not out yet, closes its connection. Not during the announce time: connections are kept alive
 * then as usual, since a client that closed one would only open the next on this server, and a
 * connection opened as the listener closes sits in the kernel's queue and is reset with it (what
 * a restart of bare `next start` does to clients that reconnect).
 */
function closeServers(current: State): Promise<void>[] {
  current.closing = true;
  for (const res of current.inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
  return [...current.servers].map(stopListening);
}

/**
 * Stops accepting connections; resolves when the last open one has ended. net.Server's close,
 * not http.Server's: that one also destroys the idle keep-alive connections at once (Node 19+),
 * resetting a request a client may have just sent on one (point 3 above).
 */
function stopListening(server: Server): Promise<void> {
  return new Promise((resolve) => {
    net.Server.prototype.close.call(server, () => resolve());
  });
}

/** Tests: forget the drain's state (the signal handlers installed stay; tests pass their own exit). */
export function resetShutdownForTests(): void {
  diagnostics.unsubscribe(REQUEST_START, onRequestStart);
  for (const signal of SIGNALS) for (const listener of process.listeners(signal)) if (listener.name === "onSignal") process.removeListener(signal, listener);
  globalState[STATE_KEY] = undefined;
}
