// Where the database lives. A `file:` URL is the embedded default (a local SQLite file,
// created on first use); a `libsql://` URL with a token is a remote libSQL/Turso database.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Config } from "@libsql/client";
import { getEnv } from "../env";

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
