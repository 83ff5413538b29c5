// Gives a test file its own real SQLite database: a fresh file, migrated with the project's
// migrations and loaded with the seed snapshot. The app's own client (lib/db) points at it,
// so route handlers run exactly as in production. Each test starts with an empty public cache
// (lib/cache/public-cache.server.ts), so what one test read is never served to the next.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { invalidatePublicCache, resetPublicCacheForTests } from "@/lib/cache/public-cache.server";
import type { PublicTag } from "@/lib/cache/public-tags";
import { createPrismaClient, type PrismaClient } from "@/lib/db/create-client";
import { getDb } from "@/lib/db/get-db.server";
import { migrateDatabase } from "@/lib/db/migrate";
import { setupDatabase } from "@/lib/db-setup/setup";
import { resetEnvCache } from "@/lib/config/env";
import { resetRateLimitForTests } from "@/lib/security/rate-limit.server";

type TestDatabase = {
  /** A second client on the same file, for writes behind the app's back. */
  db: () => PrismaClient;
  /**
   * After writing public data through `db()` (which the app cannot see): what the app's own
   * writes do, so the next read shows it instead of the cached value (up to the time ceiling).
   */
  wroteBehindTheCache: (...tags: PublicTag[]) => void;
};

export function useTestDatabase(options: { seed?: boolean } = {}): TestDatabase {
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

  beforeEach(async () => {
    resetPublicCacheForTests();
    // Route handlers called directly have no client IP: all of a file's requests share one key.
    await resetRateLimitForTests();
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
    wroteBehindTheCache: (...tags) => invalidatePublicCache(tags),
  };
}
