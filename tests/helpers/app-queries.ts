// The SQL the app's own database client sends, for tests that say what a request reads. Call in
// a test file after useTestDatabase: from beforeAll on, the client the app uses (lib/db/get-db.server.ts
// keeps it on globalThis) is one on the same file with Prisma's query events on, and the returned
// list collects every statement it runs (empty it with `queries.length = 0`).
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { databaseConfig, withBusyTimeout, withRequestDeadline } from "@/lib/db/config";
import { getDb } from "@/lib/db/get-db.server";
import { PrismaClient } from "@/lib/generated/prisma/client";

export function recordAppQueries(): string[] {
  const queries: string[] = [];
  beforeAll(async () => {
    await getDb().$disconnect();
    // Configured as the app's own (lib/db/create-client.ts): without the busy timeout, a commit that
    // meets the test's own connection fails at once and can leave this one holding the lock, and
    // every later write of the file times out (a CI run saw it).
    const adapter = new PrismaLibSql(withRequestDeadline(withBusyTimeout(databaseConfig(process.env.DATABASE_URL!))));
    const client = new PrismaClient({ adapter, log: [{ emit: "event", level: "query" }] });
    client.$on("query", (event) => void queries.push(event.query));
    (globalThis as { prisma?: PrismaClient }).prisma = client;
  });
  return queries;
}
