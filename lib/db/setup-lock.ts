// Makes sure only one process at a time migrates and seeds a database, so that several app
// instances starting together (or two `npm run dev`) never race. A racing migration can record
// a half-failed migration that blocks every later start, so this is not optional.
//
// The lock is a lease row. For a local SQLite file it lives in a side file next to it, so
// processes waiting for the lock never touch (and never lock) the database being migrated;
// for a remote libSQL database it lives in the database itself.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { createClient, type Client, type Config } from "@libsql/client";
import { isLocalFile } from "./config";

export const SETUP_LOCK_TABLE = "_app_setup_lock";

const LEASE_MS = 5 * 60_000;
const WAIT_MS = 6 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isBusy(error: unknown): boolean {
  const text = `${(error as { code?: string })?.code ?? ""} ${(error as Error)?.message ?? ""}`;
  return /SQLITE_BUSY|SQLITE_LOCKED|database is locked/i.test(text);
}

/** libSQL ignores busy_timeout, so contention surfaces as SQLITE_BUSY; wait and try again. */
async function retryBusy<T>(operation: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (!isBusy(error) || attempt >= 100) throw error;
      await sleep(20 + Math.random() * 80);
    }
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

async function tryAcquire(client: Client, holder: string): Promise<boolean> {
  const now = Date.now();
  const current = await retryBusy(() => client.execute(`SELECT "holder", "expiresAt" FROM "${SETUP_LOCK_TABLE}" WHERE "id" = 1`));
  const row = current.rows[0];
  if (row && Number(row.expiresAt) > now && !holderIsGone(String(row.holder))) return false;
  // Take the lease only if it is still what we just saw (free, expired or abandoned).
  const taken = await retryBusy(() =>
    row
      ? client.execute({
          sql: `UPDATE "${SETUP_LOCK_TABLE}" SET "holder" = ?, "expiresAt" = ? WHERE "id" = 1 AND "holder" = ?`,
          args: [holder, now + LEASE_MS, String(row.holder)],
        })
      : client.execute({
          sql: `INSERT OR IGNORE INTO "${SETUP_LOCK_TABLE}" ("id", "holder", "expiresAt") VALUES (1, ?, ?)`,
          args: [holder, now + LEASE_MS],
        }),
  );
  return taken.rowsAffected === 1;
}

export async function withSetupLock<T>(
  config: Config,
  work: () => Promise<T>,
  { waitMs = WAIT_MS }: { waitMs?: number } = {},
): Promise<T> {
  const client = createClient(lockConfig(config));
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  try {
    await retryBusy(() =>
      client.execute(
        `CREATE TABLE IF NOT EXISTS "${SETUP_LOCK_TABLE}" ("id" INTEGER NOT NULL PRIMARY KEY CHECK ("id" = 1), "holder" TEXT NOT NULL, "expiresAt" INTEGER NOT NULL)`,
      ),
    );
    const deadline = Date.now() + waitMs;
    while (!(await tryAcquire(client, holder))) {
      if (Date.now() > deadline) throw new Error("Timed out waiting for another process to finish setting up the database.");
      await sleep(250 + Math.random() * 250);
    }
    try {
      return await work();
    } finally {
      await retryBusy(() =>
        client.execute({ sql: `DELETE FROM "${SETUP_LOCK_TABLE}" WHERE "id" = 1 AND "holder" = ?`, args: [holder] }),
      );
    }
  } finally {
    client.close();
  }
}
