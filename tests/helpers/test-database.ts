// Gives a test file its own real SQLite database: a fresh file, migrated with the project's
// migrations and loaded with the seed snapshot. The app's own client (lib/db) points at it,
// so route handlers run exactly as in production.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPrismaClient, type PrismaClient } from "@/lib/db/create-client";
import { getDb } from "@/lib/db";
import { migrateDatabase } from "@/lib/db/migrate";
import { setupDatabase } from "@/lib/db/setup";
import { resetEnvCache } from "@/lib/env";

export function useTestDatabase(options: { seed?: boolean } = {}): { db: () => PrismaClient } {
  let dir: string | undefined;
  let client: PrismaClient | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "api-test-"));
    const url = `file:${path.join(dir, "test.db")}`;
    process.env.DATABASE_URL = url;
    resetEnvCache();
    if (options.seed ?? true) await setupDatabase({ url });
    else await migrateDatabase({ url });
    client = createPrismaClient({ url });
  });

  afterAll(async () => {
    await client?.$disconnect();
    await getDb().$disconnect();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  return {
    db: () => {
      if (!client) throw new Error("useTestDatabase: the database is created in beforeAll");
      return client;
    },
  };
}
