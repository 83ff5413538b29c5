// Makes sure only one process at a time migrates and seeds a database, so that several app
// instances starting together (or two `npm run dev`) never race. A racing migration can record
// a half-failed migration that blocks every later start, so this is not optional.
//
// The lock is a lease row. For a local SQLite file it lives in a side file next to it, so
// processes waiting for the lock never touch (and never lock) the database being migrated;
// for a remote libSQL database it lives in the database itself.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { createClient, type Client, type Config, type InStatement, type ResultSet } from "@libsql/client";
import { isLocalFile } from "../db/config";

export const SETUP_LOCK_TABLE = "_app_setup_lock";

const LEASE_MS = 5 * 60_000;
const WAIT_MS = 6 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isBusy(error: unknown): boolean {
  const text = `${(error as { code?: string })?.code ?? ""} ${(error as Error)?.message ?? ""}`;
  return /SQLITE_BUSY|SQLITE_LOCKED|database is locked/i.test(text);
}

/**
 * A connection to the lock's database that survives contention. libSQL ignores busy_timeout,
 * so contention surfaces as SQLITE_BUSY; and after one SQLITE_BUSY a local libSQL connection
 * can stay wedged, holding the file's write lock until it is garbage-collected (seen here: a
 * 35-second stall; cf. prisma/orm#30028). So every BUSY closes the connection, waits briefly,
 * and retries on a new one, within a time budget rather than a count: under load a fixed
 * count runs out while others are still making progress.
 */
class LockConnection {
  #client: Client;
  constructor(private readonly config: Config) {
    this.#client = createClient(config);
  }

  async execute(statement: InStatement, budgetMs = 60_000): Promise<ResultSet> {
    const deadline = Date.now() + budgetMs;
    for (;;) {
      try {
        return await this.#client.execute(statement);
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw error;
        this.#client.close();
        this.#client = createClient(this.config);
        await sleep(20 + Math.random() * 80);
      }
    }
  }

  close(): void {
    this.#client.close();
  }
}

export function lockConfig(config: Config): Config {
  return isLocalFile(config) ? { url: `${config.url}.setup-lock` } : config;
}

/** A holder on this machine whose process has exited no longer holds anything. */
function holderIsGone(holder: string): boolean {
  const [host, pid] = holder.split(":");
  if (host !== hostname() || !pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

async function tryAcquire(client: LockConnection, holder: string): Promise<boolean> {
  const now = Date.now();
  const current = await client.execute(`SELECT "holder", "expiresAt" FROM "${SETUP_LOCK_TABLE}" WHERE "id" = 1`);
  const row = current.rows[0];
  if (row && Number(row.expiresAt) > now && !holderIsGone(String(row.holder))) return false;
  // Take the lease only if it is still what we just saw (free, expired or abandoned).
  const taken = await client.execute(
    row
      ? {
          sql: `UPDATE "${SETUP_LOCK_TABLE}" SET "holder" = ?, "expiresAt" = ? WHERE "id" = 1 AND "holder" = ?`,
          args: [holder, now + LEASE_MS, String(row.holder)],
        }
      : {
          sql: `INSERT OR IGNORE INTO "${SETUP_LOCK_TABLE}" ("id", "holder", "expiresAt") VALUES (1, ?, ?)`,
          args: [holder, now + LEASE_MS],
        },
  );
  return taken.rowsAffected === 1;
}

export async function withSetupLock<T>(
  config: Config,
  work: () => Promise<T>,
  { waitMs = WAIT_MS }: { waitMs?: number } = {},
): Promise<T> {
  const client = new LockConnection(lockConfig(config));
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  try {
    // In WAL mode the waiters' reads never block the one write that takes the lease; with a
    // rollback journal they can starve it. (A remote libSQL server manages its own journal.)
    if (isLocalFile(config)) await client.execute("PRAGMA journal_mode = WAL");
    await client.execute(
      `CREATE TABLE IF NOT EXISTS "${SETUP_LOCK_TABLE}" ("id" INTEGER NOT NULL PRIMARY KEY CHECK ("id" = 1), "holder" TEXT NOT NULL, "expiresAt" INTEGER NOT NULL)`,
    );
    const deadline = Date.now() + waitMs;
    while (!(await tryAcquire(client, holder))) {
      if (Date.now() > deadline) throw new Error("Timed out waiting for another process to finish setting up the database.");
      await sleep(250 + Math.random() * 250);
    }
    try {
      return await work();
    } finally {
      await client.execute({ sql: `DELETE FROM "${SETUP_LOCK_TABLE}" WHERE "id" = 1 AND "holder" = ?`, args: [holder] });
    }
  } finally {
    client.close();
  }
}
