// Where the database lives. A `file:` URL is the embedded default (a local SQLite file,
// created on first use); a `libsql://` URL with a token is a remote libSQL/Turso database.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Config } from "@libsql/client";
import { getEnv } from "../config/env";

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
