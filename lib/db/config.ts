// Where the database lives. A `file:` URL is the embedded default (a local SQLite file,
// created on first use); a `libsql://` URL with a token is a remote libSQL/Turso database, and an
// `http://` one a self-hosted libSQL server (sqld; docs/operations.md).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { createClient, type Config } from "@libsql/client";
import { getEnv } from "../config/env";
import { createCircuitBreaker } from "../shared/circuit-breaker";

export function databaseConfig(url = getEnv().DATABASE_URL, authToken = getEnv().DATABASE_AUTH_TOKEN): Config {
  if (url.startsWith("file:")) {
    const filePath = url.slice("file:".length);
    if (filePath && filePath !== ":memory:") mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true });
  }
  return authToken ? { url, authToken } : { url };
}

export function isLocalFile(config: Config): boolean {
  return config.url.startsWith("file:");
}

/**
 * How long a connection to a local file waits for another connection's lock before it gives
 * up with SQLITE_BUSY. libSQL's default is 0: a commit that met a reader in another process
 * failed at once, and the failed commit could leave its connection holding the lock (a CI run
 * saw the app's database locked for the rest of the run). Remote databases manage their own.
 * libSQL waits synchronously (the event loop stalls meanwhile). The app keeps one client per
 * process (lib/db/get-db.server.ts), whose queries queue on the client's mutex, so only another
 * process's lock is ever waited for here.
 */
export const LOCAL_BUSY_TIMEOUT_MS = 10_000;

export function withBusyTimeout(config: Config): Config {
  return isLocalFile(config) && config.timeout === undefined ? { ...config, timeout: LOCAL_BUSY_TIMEOUT_MS } : config;
}

/** Thrown by withRequestDeadline's fetch; lib/db/errors.ts isDatabaseUnavailable recognises it. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseUnavailableError";
  }
}

/** The client speaks HTTP to these (in Node, @libsql/client sends `libsql:` over HTTPS too); ws: and wss: are not covered. */
function isOverHttp(config: Config): boolean {
  return /^(https?|libsql):/.test(config.url);
}

/** How long the database stays "not answering" after a failure before one probe asks it again. */
export const DATABASE_PROBE_AFTER_MS = 1_000;

/**
 * Bounds every request to a remote libSQL server. A server that stops answering (hung, paused,
 * a network path that drops packets) leaves a request waiting on an open connection: Node's
 * fetch gives up on the response headers only after 5 minutes, and the Prisma driver adapter runs
 * one query at a time per client, so every request of the process would queue behind that one.
 * So each HTTP request to the server is aborted after `timeoutMs` (DATABASE_TIMEOUT_MS), and
 * after one has failed that way (or could not connect) the process stops sending any for a
 * moment (a circuit breaker, lib/shared/circuit-breaker.ts): queries fail at once, the API
 * answers 503 at once, and in the background a `SELECT 1` every DATABASE_PROBE_AFTER_MS finds the
 * server back. A request thus answers within about `timeoutMs` (the query of its own, or the one
 * ahead of it in the queue), never more. Local files need none of this: they cannot hang.
 */
export function withRequestDeadline(config: Config, timeoutMs = getEnv().DATABASE_TIMEOUT_MS): Config {
  if (!isOverHttp(config) || config.fetch) return config;
  const where = config.url.replace(/\?.*$/, "");
  const timed = async (request: Request): Promise<Response> => {
    try {
      return await globalThis.fetch(request, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError";
      const why = timedOut ? `did not answer within ${timeoutMs} ms` : `could not be reached (${(error as Error).message})`;
      throw new DatabaseUnavailableError(`The database at ${where} ${why}.`, { cause: error });
    }
  };
  const breaker = createCircuitBreaker({
    coolDownMs: DATABASE_PROBE_AFTER_MS,
    probe: async () => {
      const client = createClient({ ...config, fetch: timed });
      try {
        await client.execute("SELECT 1");
      } finally {
        client.close();
      }
    },
    onOpen: (reason) => console.error(`[db] ${reason} Queries fail at once (503) until it answers again.`),
    onClose: () => console.info(`[db] The database at ${where} answers again.`),
  });
  const fetch = async (request: Request): Promise<Response> => {
    if (breaker.state !== "closed") throw new DatabaseUnavailableError(`The database at ${where} is not answering (checked again every ${DATABASE_PROBE_AFTER_MS} ms).`);
    try {
      return await timed(request);
    } catch (error) {
      breaker.failed((error as Error).message);
      throw error;
    }
  };
  return { ...config, fetch };
}
