// The app's database client: one per process (and one across dev-server hot reloads).
import "server-only";
import { createPrismaClient, type PrismaClient } from "./create-client";

const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

/** Created on first use, so tests and scripts can point DATABASE_URL elsewhere before. */
export function getDb(): PrismaClient {
  globalForDb.prisma ??= createPrismaClient();
  return globalForDb.prisma;
}
