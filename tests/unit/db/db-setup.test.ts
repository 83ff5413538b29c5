// Database set-up must be safe when several processes start at once on an empty database.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { setupDatabase } from "@/lib/db-setup/setup";
import { lockConfig, SETUP_LOCK_TABLE, withSetupLock } from "@/lib/db-setup/setup-lock";
import { seedCoins } from "@/prisma/seed/coins";

let dir: string;
const children = new Set<ChildProcess>();
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "db-setup-"));
});
afterEach(() => {
  // A timed-out test must not leave set-up processes running (and loading the CPU) behind it.
  for (const child of children) child.kill("SIGKILL");
  children.clear();
  rmSync(dir, { recursive: true, force: true });
});

function runSetupScript(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/db-setup.ts"], {
      env: { ...process.env, DATABASE_URL: url },
    });
    children.add(child);
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => {
      children.delete(child);
      resolve({ code, output });
    });
  });
}

async function count(url: string, table: string): Promise<number> {
  const client = createClient({ url });
  try {
    return Number((await client.execute(`SELECT COUNT(*) AS n FROM "${table}"`)).rows[0]!.n);
  } finally {
    client.close();
  }
}

test("four processes setting up one empty database at once all succeed, and it is set up once", async () => {
  const url = `file:${path.join(dir, "app.db")}`;
  const runs = await Promise.all([1, 2, 3, 4].map(() => runSetupScript(url)));
  for (const run of runs) {
    if (run.code !== 0) throw new Error(`db:setup exited with ${run.code}:\n${run.output}`);
  }
  expect(runs.filter((run) => run.output.includes("Seeded")).length).toBe(1);
  // Each migration applied once.
  const migrations = readdirSync("prisma/migrations", { withFileTypes: true }).filter((entry) => entry.isDirectory());
  expect(await count(url, "_prisma_migrations")).toBe(migrations.length);
  expect(await count(url, "Coin")).toBe(seedCoins.length);
  expect(await count(url, "FeaturedComparison")).toBe(2);
}, 120_000);

test("a lock left behind by a process that has exited does not block set-up", async () => {
  const url = `file:${path.join(dir, "app.db")}`;
  const lock = createClient(lockConfig({ url }));
  await lock.execute(`CREATE TABLE "${SETUP_LOCK_TABLE}" ("id" INTEGER NOT NULL PRIMARY KEY, "holder" TEXT NOT NULL, "expiresAt" INTEGER NOT NULL)`);
  // PIDs above the kernel's pid_max (4194304) can never be alive.
  await lock.execute({ sql: `INSERT INTO "${SETUP_LOCK_TABLE}" VALUES (1, ?, ?)`, args: [`${hostname()}:9999999:x`, Date.now() + 3_600_000] });
  lock.close();
  const result = await setupDatabase({ url });
  expect(result.seed).toMatchObject({ seeded: true });
});

test("a live lease makes others wait, and they give up with a clear error", async () => {
  const url = `file:${path.join(dir, "app.db")}`;
  let release!: () => void;
  const holding = withSetupLock({ url }, () => new Promise<void>((resolve) => (release = resolve)));
  await new Promise((resolve) => setTimeout(resolve, 200));
  await expect(withSetupLock({ url }, async () => "ran", { waitMs: 800 })).rejects.toThrow(/Timed out waiting/);
  release();
  await holding;
  await expect(withSetupLock({ url }, async () => "ran")).resolves.toBe("ran");
});
