// Configuration for the Prisma CLI (`prisma generate`). The app itself connects through
// lib/db/create-client.ts; migrations run through scripts/db-migrate.ts (offline WASM engine).
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
