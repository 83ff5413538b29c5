// Brings a database to a usable state: migrated to the latest schema and, when it has no coins
// yet, loaded with the seed snapshot. Safe to run from several processes at once.
import type { Config } from "@libsql/client";
import { databaseConfig } from "../db/config";
import { createPrismaClient } from "../db/create-client";
import { migrateDatabase } from "../db/migrate";
import { seedDatabase, type SeedResult } from "./seed";
import { withSetupLock } from "./setup-lock";

export async function setupDatabase(config: Config = databaseConfig()): Promise<{ applied: string[]; seed: SeedResult }> {
  return withSetupLock(config, async () => {
    const applied = await migrateDatabase(config);
    const db = createPrismaClient(config);
    try {
      return { applied, seed: await seedDatabase(db) };
    } finally {
      await db.$disconnect();
    }
  });
}
