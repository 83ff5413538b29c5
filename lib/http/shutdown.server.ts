// Stopping without dropping what was accepted: on SIGTERM (or SIGINT) the process drains.
//
//   1. At once: "draining" (GET /api/health answers 503 {"status":"draining"}), and each server
//      stops listening, so a new connection is refused: nothing was sent on it, so a load
//      balancer or client can retry it elsewhere, and it counts as not accepted.
//   2. What was accepted finishes: every request in flight, and every request that still arrives
//      on a connection already open (a keep-alive connection the client reuses), is answered in
//      full, with `Connection: close` (set before the headers go out), so each connection ends
//      after its answer and the client opens its next one elsewhere.
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
// with no health signal and no bound. It is installed unless NEXT_MANUAL_SIG_HANDLE is set, before
// instrumentation.ts runs; this module removes it (it is the listener named `cleanup`), so the
// drain works without the deploy having to set that variable.
//
// The servers are learned from the requests they receive (a request hook,
// lib/http/request-hooks.server.ts): they exist before instrumentation runs, and a server that
// has received no request has nothing to drain. State is on globalThis: instrumentation and the
// route bundles (the health route asks isDraining) are separate module graphs in one process.
import "server-only";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net from "node:net";
import { addRequestHook } from "./request-hooks.server";

export const SHUTDOWN_HOOK = "shutdown";

/** Work besides requests that a drain waits for. */
export type DrainWork = {
  /** Called once when the drain starts: start nothing new; resolves when the work in hand is done. */
  stop: () => Promise<void>;
  /** At the grace's end, with the work still running: give it up cleanly (e.g. release a lease). */
  abandon: () => Promise<void>;
};

type State = {
  draining: boolean;
  installed: boolean;
  inFlight: Set<ServerResponse>;
  servers: Set<Server>;
  work: Map<string, DrainWork>;
};

const STATE_KEY = Symbol.for("pulsecompare.shutdown");
const globalState = globalThis as unknown as { [STATE_KEY]?: State };

function state(): State {
  globalState[STATE_KEY] ??= { draining: false, installed: false, inFlight: new Set(), servers: new Set(), work: new Map() };
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
  /** Under Next: track its servers' requests, and take over from Next's own signal handler. */
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
  current.installed = true;
  if (options.http) {
    addRequestHook(SHUTDOWN_HOOK, trackRequest);
    removeNextSignalHandlers(log);
  }
  // Repeated signals (a terminal's Ctrl-C reaches the whole process group, and npm forwards one
  // more) do not cut the drain short: the grace bounds it.
  const onSignal = (signal: NodeJS.Signals) => void start(signal);
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return start;
}

/** The request hook: counts the request, learns its server, and during a drain closes its connection after the answer. */
function trackRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const current = state();
  const server = (req.socket as net.Socket & { server?: Server }).server;
  if (server) current.servers.add(server);
  current.inFlight.add(res);
  res.once("close", () => current.inFlight.delete(res));
  if (current.draining) res.shouldKeepAlive = false;
  return false;
}

function removeNextSignalHandlers(log: (line: string) => void): void {
  if (process.env.NEXT_MANUAL_SIG_HANDLE) return; // Next installed none
  let removed = 0;
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (listener.name !== "cleanup") continue;
      process.removeListener(signal, listener);
      removed++;
    }
  }
  if (removed === 0) log("[shutdown] Next's own SIGTERM handler was not found: if SIGTERM ends the server at once, set NEXT_MANUAL_SIG_HANDLE=true");
}

async function drain(reason: string, options: ShutdownOptions, log: (line: string) => void): Promise<void> {
  const current = state();
  if (current.draining) return;
  current.draining = true;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const started = Date.now();
  log(`[shutdown] ${reason}: draining ${current.inFlight.size} requests in flight and ${current.work.size ? [...current.work.keys()].join(", ") : "no other work"} (grace ${options.graceMs / 1000} s)`);

  // Requests in flight whose headers are not out yet end their connection too.
  for (const res of current.inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
  const serversClosed = [...current.servers].map(stopListening);
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
  for (const signal of SIGNALS) for (const listener of process.listeners(signal)) if (listener.name === "onSignal") process.removeListener(signal, listener);
  globalState[STATE_KEY] = undefined;
}
