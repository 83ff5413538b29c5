// The migrations in prisma/migrations and schema.prisma must describe the same database.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { diffMigratedDatabaseAgainstSchema, migrateDatabase } from "@/lib/db/migrate";
import { MIGRATIONS_DIR } from "@/lib/db/schema-engine";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "drift-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("applying every migration yields exactly schema.prisma (no drift)", async () => {
  const config = { url: `file:${path.join(dir, "drift.db")}` };
  const applied = await migrateDatabase(config);
  expect(applied.length).toBeGreaterThan(0);
  expect(await diffMigratedDatabaseAgainstSchema(config)).toBe("");
});

test("migrating twice applies nothing the second time", async () => {
  const config = { url: `file:${path.join(dir, "twice.db")}` };
  await migrateDatabase(config);
  expect(await migrateDatabase(config)).toEqual([]);
});

test("the drift check notices a database that differs from the schema", async () => {
  const config = { url: `file:${path.join(dir, "changed.db")}` };
  await migrateDatabase(config);
  const client = createClient(config);
  await client.execute('DROP INDEX "Coin_listedAt_idx"');
  client.close();
  expect(await diffMigratedDatabaseAgainstSchema(config)).toContain('CREATE INDEX "Coin_listedAt_idx"');
});

test("adding lastSeenAt keeps open sessions, seen as of the migration, in the text form Prisma writes", async () => {
  const names = readdirSync(MIGRATIONS_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  const target = names.findIndex((name) => name.endsWith("_auth_session_last_seen"));
  expect(target).toBeGreaterThan(0);
  const sql = (name: string) => readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8");

  const client = createClient({ url: `file:${path.join(dir, "last-seen.db")}` });
  try {
    for (const name of names.slice(0, target)) await client.executeMultiple(sql(name));
    await client.execute(`INSERT INTO "User" ("address") VALUES ('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')`);
    await client.execute(
      `INSERT INTO "AuthSession" ("id", "userId", "createdAt", "expiresAt") VALUES ('open', 1, '2026-11-20T08:00:00.000+00:00', '2026-11-27T08:00:00.000+00:00')`,
    );
    const before = Date.now();
    await client.executeMultiple(sql(names[target]!));
    const row = (await client.execute(`SELECT "createdAt", "expiresAt", "lastSeenAt" FROM "AuthSession" WHERE "id" = 'open'`)).rows[0]!;
    expect(row.createdAt).toBe("2026-11-20T08:00:00.000+00:00");
    expect(row.expiresAt).toBe("2026-11-27T08:00:00.000+00:00");
    expect(row.lastSeenAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000\+00:00$/);
    expect(Math.abs(Date.parse(String(row.lastSeenAt)) - before)).toBeLessThan(5_000);
  } finally {
    client.close();
  }
});
