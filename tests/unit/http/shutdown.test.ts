// The drain (lib/http/shutdown.server.ts) on a real Node http server in this process, with real
// keep-alive connections: a request in flight is answered in full, a request that arrives on an
// open connection afterwards too (with Connection: close), a new connection is refused, and the
// exit comes once all have ended (0); with a request that never ends, at the grace (1), after the
// unfinished work was given up. The requests are learned from Node's diagnostics channel, as under
// Next; the drain is only installed for a web server with NEXT_MANUAL_SIG_HANDLE set (Next's own
// handler off). The whole server under load: tests/browser/http/shutdown.spec.ts.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { addDrainWork, installGracefulShutdown, isDraining, resetShutdownForTests } from "@/lib/http/shutdown.server";

let server: http.Server;
const savedSignalHandling = process.env.NEXT_MANUAL_SIG_HANDLE;
beforeAll(() => void (process.env.NEXT_MANUAL_SIG_HANDLE = "true"));
afterAll(() => {
  if (savedSignalHandling === undefined) delete process.env.NEXT_MANUAL_SIG_HANDLE;
  else process.env.NEXT_MANUAL_SIG_HANDLE = savedSignalHandling;
});
let port: number;
/** Requests to /slow wait for this to be called. */
let releaseSlow: () => void = () => {};

beforeEach(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/slow") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("first half, ");
      releaseSlow = () => res.end("second half");
      return;
    }
    res.end("ok");
  });
  // Node's default is 5 s: an idle connection is closed that long after its last answer.
  server.keepAliveTimeout = 2_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterEach(async () => {
  resetShutdownForTests();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Answer = { status?: number; body?: string; connection?: string; error?: string };

function get(agent: http.Agent, path: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode, body, connection: res.headers.connection }));
      res.on("aborted", () => resolve({ status: res.statusCode, body, error: "aborted" }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("finishes what was accepted, refuses new connections, then exits 0", async () => {
  const exits: number[] = [];
  const drain = installGracefulShutdown({ graceMs: 10_000, http: true, log: () => {}, exit: (code) => void exits.push(code) });
  const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // A keep-alive connection, idle when the drain starts, and a request in flight on another.
    expect(await get(idle, "/")).toMatchObject({ status: 200, connection: "keep-alive" });
    const slow = get(busy, "/slow");
    await sleep(50);

    const drained = drain("SIGTERM");
    expect(isDraining()).toBe(true);
    // The idle connection's next request is still answered, and its connection closed after it.
    expect(await get(idle, "/")).toEqual({ status: 200, body: "ok", connection: "close" });
    // A new connection is refused: the listener is closed.
    expect(await get(new http.Agent(), "/")).toEqual({ error: "ECONNREFUSED" });
    expect(exits).toEqual([]);
    // The request in flight ends in full. Its headers went out before the drain, as keep-alive:
    // its connection is left to the keep-alive timeout (not cut under a request the client may be
    // sending), and then nothing is open, and the process may exit.
    releaseSlow();
    expect(await slow).toMatchObject({ status: 200, body: "first half, second half", connection: "keep-alive" });
    expect(exits).toEqual([]);
    await drained;
    expect(exits).toEqual([0]);
  } finally {
    busy.destroy();
    idle.destroy();
  }
});

test("at the grace: the unfinished work is given up and the exit code is 1", async () => {
  const exits: number[] = [];
  const events: string[] = [];
  addDrainWork("a pass", {
    stop: () => new Promise(() => events.push("stopped")), // never ends
    abandon: async () => void events.push("abandoned"),
  });
  const drain = installGracefulShutdown({ graceMs: 300, http: true, log: () => {}, exit: (code) => void exits.push(code) });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect(await get(agent, "/")).toMatchObject({ status: 200 });
    const slow = get(agent, "/slow");
    await sleep(50);
    const started = Date.now();
    await drain("SIGTERM");
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(events).toEqual(["stopped", "abandoned"]);
    expect(exits).toEqual([1]);
    // The request still open at the grace is cut: the bound is the point.
    expect((await slow).error).toBe("aborted");
  } finally {
    agent.destroy();
  }
});

test("for the announce time, new connections are still accepted and hear that the server is draining, kept alive as usual; then they are refused", async () => {
  const exits: number[] = [];
  const drain = installGracefulShutdown({ graceMs: 5_000, announceMs: 400, http: true, log: () => {}, exit: (code) => void exits.push(code) });
  const client = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect(await get(new http.Agent(), "/")).toMatchObject({ status: 200 });
    const startedAt = Date.now();
    const drained = drain("SIGTERM");
    // A new connection within the window: accepted and answered, and not closed (a client that
    // reconnected would only land here again, or in the kernel's queue as the listener closes).
    expect(await get(client, "/")).toEqual({ status: 200, body: "ok", connection: "keep-alive" });
    expect(isDraining()).toBe(true);
    await sleep(500);
    // The window is over: a new connection is refused; the open one is answered and closed.
    expect(await get(new http.Agent(), "/")).toEqual({ error: "ECONNREFUSED" });
    expect(await get(client, "/")).toEqual({ status: 200, body: "ok", connection: "close" });
    await drained;
    expect(exits).toEqual([0]);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(400);
  } finally {
    client.destroy();
  }
});

test("without NEXT_MANUAL_SIG_HANDLE, Next's own handler stays in charge: no drain for the web server, and a warning says why", async () => {
  delete process.env.NEXT_MANUAL_SIG_HANDLE;
  const lines: string[] = [];
  try {
    installGracefulShutdown({ graceMs: 1_000, http: true, log: (line) => lines.push(line), exit: () => {} });
    expect(lines).toEqual([expect.stringContaining("NEXT_MANUAL_SIG_HANDLE is not set")]);
    expect(process.listeners("SIGTERM").some((listener) => listener.name === "onSignal")).toBe(false);
    // Nothing observes the server's requests either.
    const agent = new http.Agent({ keepAlive: true });
    expect(await get(agent, "/")).toMatchObject({ status: 200, body: "ok" });
    agent.destroy();
    expect(isDraining()).toBe(false);
  } finally {
    process.env.NEXT_MANUAL_SIG_HANDLE = "true";
  }
});
