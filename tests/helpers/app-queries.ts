// The SQL the app's own database client sends, for tests that say what a request reads. Call in
// a test file after useTestDatabase: from beforeAll on, the client the app uses (lib/db/get-db.server.ts
// keeps it on globalThis) is one on the same file with Prisma's query events on, and the returned
// list collects every statement it runs (empty it with `queries.length = 0`).
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { getDb } from "@/lib/db/get-db.server";
import { PrismaClient } from "@/lib/generated/prisma/client";

export function recordAppQueries(): string[] {
  const queries: string[] = [];
  beforeAll(async () => {
    await getDb().$disconnect();
    const client = new PrismaClient({ adapter: new PrismaLibSql({ url: process.env.DATABASE_URL! }), log: [{ emit: "event", level: "query" }] });
    client.$on("query", (event) => void queries.push(event.query));
    (globalThis as { prisma?: PrismaClient }).prisma = client;
  });
  return queries;
}
