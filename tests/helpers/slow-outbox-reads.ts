// A database client whose reads of the alert outbox are answered 100 ms late, so drains started
// together all read the same due rows before any of them claims: the race the claim must win.
import type { PrismaClient } from "@/lib/db/create-client";

export function slowOutboxReads(client: PrismaClient): PrismaClient {
  return client.$extends({
    query: {
      alertDelivery: {
        async findMany({ args, query }) {
          const rows = await query(args);
          await new Promise((resolve) => setTimeout(resolve, 100));
          return rows;
        },
      },
    },
  }) as unknown as PrismaClient;
}
