// Applies the SQL migrations in prisma/migrations to a database, the way `prisma migrate deploy`
// does (same `_prisma_migrations` bookkeeping), but through the offline WASM schema engine.
import type { Config } from "@libsql/client";
import { databaseConfig } from "./config";
import { loadMigrationList, openSchemaEngine, readSchema, SCHEMA_FILTERS, SCHEMA_PATH } from "./schema-engine";
import { enableWriteAheadLog } from "./write-ahead-log";

/**
 * Also puts a local file in write-ahead-log mode first, whoever migrates it (setup, `npm run
 * db:migrate`, a test's empty database): on a rollback journal a reader blocks a commit, and a
 * commit that gave up left its connection holding the lock (a CI run's api-keys test, on a file
 * only migrated, failed every write after one).
 */
export async function migrateDatabase(config: Config = databaseConfig()): Promise<string[]> {
  await enableWriteAheadLog(config);
  const engine = await openSchemaEngine(config);
  try {
    const { appliedMigrationNames } = await engine.applyMigrations({
      migrationsList: loadMigrationList(),
      filters: SCHEMA_FILTERS,
    });
    return appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/**
 * The SQL that would bring a database migrated with the current migrations up to
 * schema.prisma; empty when they agree. Used to write new migrations and by the drift test.
 */
export async function diffMigratedDatabaseAgainstSchema(config: Config): Promise<string> {
  const engine = await openSchemaEngine(config);
  try {
    const files = [{ path: SCHEMA_PATH, content: readSchema() }];
    const result = await engine.diff({
      from: { tag: "schemaDatasource", files, configDir: process.cwd() },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: true,
      filters: SCHEMA_FILTERS,
    });
    return result.exitCode === 0 ? "" : (result.stdout ?? "");
  } finally {
    engine.free();
  }
}
