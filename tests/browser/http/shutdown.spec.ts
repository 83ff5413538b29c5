// A restart that drops nothing (issue 31): a server of its own on this run's build (the
// standalone server.js, as the container runs it) and its own seeded database, 20 clients looping
// requests over keep-alive connections (pages, the API, the full coin list, the health
// check), and SIGTERM in the middle. "Accepted" is precise here: a request the server accepted is
// one written on a connection it had accepted (one it was already serving, or one that reached
// it before its listener closed). Every such request must get its whole answer with the status
// expected. A connection refused (ECONNREFUSED) after the signal was never accepted: nothing was
// sent on it, and a load balancer or client retries it elsewhere. Also checked: /api/health
// answers 503 "draining" during the drain, a balancer's check on a new connection hears it before
// the listener closes (SHUTDOWN_ANNOUNCE_S), each client's last answer then closes its connection,
// and the process exits by itself (0, drained) within SHUTDOWN_GRACE_S.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { startApp, type App } from "@/tests/browser/harness";

const CLIENTS = 20;
/** The client number of the balancer's health check. */
const BALANCER = CLIENTS + 1;
const GRACE_S = 8;
/** Pages and API reads, each answered 200 whatever the prices' age. */
const PATHS = ["/", "/coins/hex", "/compare/hex/pls", "/api/cryptocurrencies?ids=pls,hex", "/api/cryptocurrencies", "/api/trending/top-gainers", "/api/health/live"];

type Outcome = {
  path: string;
  client: number;
  startedAt: number;
  endedAt: number;
  /** On a keep-alive connection already used before. */
  reused: boolean;
  status?: number;
  connectionClose?: boolean;
  /** The whole body arrived (Node's `res.complete`: the length or the last chunk was read). */
  complete?: boolean;
  body?: string;
  error?: string;
};

function get(agent: http.Agent, port: number, path: string, client: number): Promise<Outcome> {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      const done = (error?: string) =>
        resolve({
          path,
          client,
          startedAt,
          endedAt: Date.now(),
          reused: req.reusedSocket,
          status: res.statusCode,
          connectionClose: res.headers.connection === "close",
          complete: res.complete,
          body: path.startsWith("/api/health") ? Buffer.concat(chunks).toString() : undefined,
          error,
        });
      res.on("end", () => done());
      res.on("aborted", () => done("aborted mid-body"));
      res.on("error", (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ path, client, startedAt, endedAt: Date.now(), reused: req.reusedSocket, error: error.code ?? error.message }));
  });
}

describe("SIGTERM under load", () => {
  let app: App | undefined;

  before(async () => {
    // Its own database (startApp seeds a fresh one) and server: this one is stopped for good.
    app = await startApp({ build: false, env: { SHUTDOWN_GRACE_S: String(GRACE_S) } });
  });

  after(async () => {
    await app?.stop();
  });

  test("no request the server accepted fails; health says draining; the process exits by itself within the grace", async () => {
    const port = Number(new URL(app!.baseUrl).port);
    const outcomes: Outcome[] = [];
    let signalledAt = Infinity;
    let serverGone = false;
    void app!.exited.then(() => (serverGone = true));

    const saysDraining = (outcome: Outcome) => outcome.status === 503 && outcome.body?.includes('"status":"draining"') === true;
    const loop = async (client: number, paths: readonly string[], pauseMs: number, keepAlive = true, stopOnDraining = false) => {
      // One connection per client, kept alive between its requests, as a browser or a proxy does.
      const agent = new http.Agent({ keepAlive, maxSockets: 1 });
      try {
        for (let i = client; !serverGone; i++) {
          const outcome = await get(agent, port, paths[i % paths.length]!, client);
          outcomes.push(outcome);
          if (outcome.error === "ECONNREFUSED") break; // the listener is closed: nothing more to send
          if (stopOnDraining && saysDraining(outcome)) break; // a balancer takes the instance out
          if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
      } finally {
        agent.destroy();
      }
    };
    const clients = [
      ...Array.from({ length: CLIENTS }, (_, client) => loop(client, PATHS, 0)),
      // An uptime check polling the health route on its own keep-alive connection.
      loop(CLIENTS, ["/api/health"], 25),
      // A balancer's health check, on a new connection each time, until it hears "draining".
      loop(BALANCER, ["/api/health"], 50, false, true),
    ];

    await new Promise((resolve) => setTimeout(resolve, 4_000));
    signalledAt = Date.now();
    process.kill(app!.pid, "SIGTERM");
    const exit = await app!.exited;
    await Promise.all(clients);
    const exitMs = exit.at - signalledAt;

    const before = outcomes.filter((outcome) => outcome.startedAt < signalledAt);
    const inFlight = before.filter((outcome) => outcome.endedAt >= signalledAt && !outcome.error);
    const afterSignal = outcomes.filter((outcome) => outcome.startedAt >= signalledAt);
    const answeredAfter = afterSignal.filter((outcome) => outcome.status !== undefined);
    const refused = outcomes.filter((outcome) => outcome.error === "ECONNREFUSED");
    const expectedStatus = (outcome: Outcome) =>
      outcome.path === "/api/health"
        ? outcome.status === 200 || (outcome.status === 503 && /"status":"(stale|draining)"/.test(outcome.body ?? ""))
        : outcome.status === 200;
    const failed = outcomes.filter((outcome) => outcome.error !== "ECONNREFUSED" && (outcome.error !== undefined || !outcome.complete || !expectedStatus(outcome)));
    const draining = outcomes.filter(saysDraining);

    console.log(
      `# shutdown: ${before.length} requests before SIGTERM (${inFlight.length} of them in flight at it), ${answeredAfter.length} arrived on open connections after it and were answered, ` +
        `${refused.length} refused after the listener closed, ${failed.length} failed; the process exited ${exitMs} ms after the signal (code ${exit.code}, grace ${GRACE_S} s)`,
    );
    assert.deepEqual(
      failed.slice(0, 10).map(({ path, status, error, complete, reused, startedAt }) => ({ path, status, error, complete, reused, atMs: startedAt - signalledAt })),
      [],
      "requests the server had accepted that did not get their whole expected answer",
    );
    assert.ok(before.length > 200, `the load ran (${before.length} requests before the signal)`);
    assert.ok(refused.every((outcome) => outcome.startedAt >= signalledAt), "no connection was refused before the signal");
    assert.ok(refused.length > 0, "new connections are refused once the drain starts");
    assert.ok(draining.length > 0, "/api/health answered 503 draining during the drain");
    assert.ok(draining.every((outcome) => outcome.endedAt >= signalledAt));
    // Before the listener closes (SHUTDOWN_ANNOUNCE_S, 1 s by default), a balancer's new
    // connection is still accepted and told "draining": it stops sending before anything is refused.
    const firstRefusal = Math.min(...refused.map((outcome) => outcome.startedAt));
    const announced = outcomes.filter((outcome) => outcome.client === BALANCER && !outcome.reused && outcome.startedAt < firstRefusal && saysDraining(outcome));
    console.log(`# shutdown: the balancer's check heard "draining" on a new connection ${announced[0] ? announced[0].endedAt - signalledAt : "never"} ms after the signal; the first refusal came ${firstRefusal - signalledAt} ms after it`);
    assert.ok(announced.length > 0, "a health check on a new connection heard 'draining' before any connection was refused");
    // Once the listener is closed, every answer ends its connection, so its client goes elsewhere:
    // each client on a keep-alive connection got its last answer with Connection: close (answers
    // begun before the close keep their connections alive: a client would only reconnect here).
    const lastAnswers = [...new Map(outcomes.filter((outcome) => outcome.status !== undefined && outcome.client !== BALANCER).map((outcome) => [outcome.client, outcome])).values()];
    assert.deepEqual(
      lastAnswers.filter((outcome) => !outcome.connectionClose).map(({ client, path, status, startedAt }) => ({ client, path, status, atMs: startedAt - signalledAt })),
      [],
      "clients whose last answer kept their connection open",
    );
    assert.equal(exit.code, 0, `the server drained and exited by itself:\n${app!.output().slice(-2_000)}`);
    assert.ok(exitMs < GRACE_S * 1_000, `exit within the grace (${exitMs} ms)`);
    assert.match(app!.output(), /\[shutdown\] SIGTERM: draining \d+ requests in flight[\s\S]*\[shutdown\] drained in \d+ ms/);
  });
});
