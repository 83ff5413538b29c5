// Two connections to one local database file, as the app server and a refresh pass (or a test
// writing behind the server) are. A commit must neither fail because another connection is
// reading nor because another is briefly writing: either would be a 500 or a lost write.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { createPrismaClient } from "@/lib/db/create-client";
import { setupDatabase } from "@/lib/db-setup/setup";
import { migrateDatabase } from "@/lib/db/migrate";

let dir: string;
let url: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "db-contention-"));
  url = `file:${path.join(dir, "app.db")}`;
  await setupDatabase({ url });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The journal mode stored in the file at `fileUrl`. */
async function journalMode(fileUrl: string): Promise<unknown> {
  const client = createClient({ url: fileUrl });
  try {
    return (await client.execute("PRAGMA journal_mode")).rows[0]!.journal_mode;
  } finally {
    client.close();
  }
}

test("a database set up here keeps a write-ahead log", async () => {
  expect(await journalMode(url)).toBe("wal");
});

test("a database only migrated (npm run db:migrate, a test's empty database) keeps one too", async () => {
  const migratedUrl = `file:${path.join(dir, "migrated.db")}`;
  await migrateDatabase({ url: migratedUrl });
  expect(await journalMode(migratedUrl)).toBe("wal");
});

test("a transaction commits while another connection holds a read open", async () => {
  const reader = createClient({ url });
  const db = createPrismaClient({ url });
  try {
    const reading = await reader.transaction("read");
    await reading.execute("SELECT COUNT(*) FROM Coin");
    // What a page render holds while a refresh pass commits (with a rollback journal and no
    // busy timeout this commit failed at once with SQLITE_BUSY).
    await db.$transaction([
      db.coin.update({ where: { id: "hex" }, data: { priceChange24h: 12.5 } }),
      db.coin.update({ where: { id: "pls" }, data: { priceChange24h: -3.25 } }),
    ]);
    // The reader's snapshot is unchanged until it ends its read.
    expect((await reading.execute("SELECT priceChange24h FROM Coin WHERE id = 'hex'")).rows[0]!.priceChange24h).not.toBe(12.5);
    await reading.commit();
    expect((await db.coin.findUniqueOrThrow({ where: { id: "hex" } })).priceChange24h).toBe(12.5);
  } finally {
    reader.close();
    await db.$disconnect();
  }
});

/**
 * Another process that takes the write lock, says "locked", commits after `holdMs`, and says when
 * (its clock, which is this process's). (It has to be another process: libSQL waits for a lock
 * synchronously, so a holder in this process could never get to its commit while this one waits.)
 */
function holdWriteLockElsewhere(holdMs: number): Promise<{ committedAt: Promise<number> }> {
  const script = `
    const { createClient } = require("@libsql/client");
    (async () => {
      const client = createClient({ url: ${JSON.stringify(url)} });
      const tx = await client.transaction("write");
      await tx.execute("UPDATE Coin SET priceChange24h = 1 WHERE id = 'plsx'");
      console.log("locked");
      await new Promise((resolve) => setTimeout(resolve, ${holdMs}));
      await tx.commit();
      console.log("committed at " + Date.now());
      client.close();
    })();`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  const committedAt = new Promise<number>((resolve, reject) =>
    child.on("exit", (code) => {
      const at = /committed at (\d+)/.exec(output)?.[1];
      if (code === 0 && at) resolve(Number(at));
      else reject(new Error(`the lock holder exited with ${code}`));
    }),
  );
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("locked")) resolve({ committedAt });
    });
    committedAt.catch(reject);
  });
}

test("a write waits for another process's write to finish instead of failing", async () => {
  const db = createPrismaClient({ url });
  try {
    const { committedAt } = await holdWriteLockElsewhere(500);
    // With no busy timeout (libSQL's default) this failed at once with SQLITE_BUSY.
    await db.coin.update({ where: { id: "plsx" }, data: { priceChange24h: 2 } });
    const finishedAt = Date.now();
    // It waited for the holder's commit rather than slipping in (compared by clock, not by
    // elapsed time: a busy machine can deliver "locked" late, after most of the hold is gone).
    expect(finishedAt).toBeGreaterThanOrEqual(await committedAt);
    // The later write is the one that stays: neither is lost.
    expect((await db.coin.findUniqueOrThrow({ where: { id: "plsx" } })).priceChange24h).toBe(2);
  } finally {
    await db.$disconnect();
  }
});
