// The migrations in prisma/migrations and schema.prisma must describe the same database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { diffMigratedDatabaseAgainstSchema, migrateDatabase } from "@/lib/db/migrate";

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
