// Builds a Prisma client on the libSQL driver adapter. Scripts and tests call this directly;
// the app goes through lib/db/get-db.server.ts, which keeps one client per process.
import type { Config } from "@libsql/client";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { PrismaClient } from "../generated/prisma/client";
import { databaseConfig, withBusyTimeout, withRequestDeadline } from "./config";

export function createPrismaClient(config: Config = databaseConfig()): PrismaClient {
  return new PrismaClient({ adapter: new PrismaLibSql(withRequestDeadline(withBusyTimeout(config))) });
}

export type { PrismaClient };
