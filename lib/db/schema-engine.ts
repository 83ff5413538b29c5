// Prisma's schema engine, run offline from its WebAssembly build (@prisma/schema-engine-wasm).
// The Prisma CLI would download a native engine binary, which these machines cannot reach;
// the WASM engine does the same work (diff, applyMigrations) through the libSQL driver adapter.
import { readFileSync, readdirSync, existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Config } from "@libsql/client";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm";

export const PRISMA_DIR = path.resolve(process.cwd(), "prisma");
export const SCHEMA_PATH = path.join(PRISMA_DIR, "schema.prisma");
export const MIGRATIONS_DIR = path.join(PRISMA_DIR, "migrations");

const require = createRequire(path.join(process.cwd(), "package.json"));

type Glue = typeof import("@prisma/schema-engine-wasm/schema_engine_bg") & {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
};

let glue: Promise<Glue> | undefined;

async function loadEngineModule(): Promise<Glue> {
  const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const engine = (await import(/* webpackIgnore: true */ bgPath)) as Glue;
  const bytes = readFileSync(path.join(path.dirname(bgPath), "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": engine as never });
  engine.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return engine;
}

export function readSchema(): string {
  return readFileSync(SCHEMA_PATH, "utf8");
}

/** Opens the engine on the database at `config`, with the project's schema loaded. */
export async function openSchemaEngine(config: Config, schema = readSchema()): Promise<SchemaEngine> {
  glue ??= loadEngineModule();
  const { SchemaEngine } = await glue;
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaLibSql(config));
  const log = (line: string) => {
    if (process.env.DEBUG_SCHEMA_ENGINE) console.error("[schema-engine]", line);
  };
  return SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, log, adapter);
}

/** The migrations folder as the engine expects it: Prisma's own layout. */
export function loadMigrationList(baseDir = MIGRATIONS_DIR): MigrationList {
  const lockPath = path.join(baseDir, "migration_lock.toml");
  const dirs = existsSync(baseDir)
    ? readdirSync(baseDir)
        .filter((name) => statSync(path.join(baseDir, name)).isDirectory())
        .sort()
    : [];
  return {
    baseDir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((dir) => {
      const file = path.join(baseDir, dir, "migration.sql");
      return {
        path: dir,
        migrationFile: {
          path: "migration.sql",
          content: existsSync(file)
            ? { tag: "ok" as const, value: readFileSync(file, "utf8") }
            : { tag: "error" as const, value: `${file} is missing` },
        },
      };
    }),
  };
}

/** The setup lock's table (lib/db-setup/setup-lock.ts) lives beside Prisma's tables, unmanaged by it. */
export const SCHEMA_FILTERS = { externalTables: ["_app_setup_lock"], externalEnums: [] };
