// A Prisma client that counts the SQL statements it sends: the libSQL client under the Prisma
// adapter is wrapped, so every statement (reads, writes, each one inside a transaction, and the
// BEGIN/COMMIT of each transaction) is counted where it reaches the driver, whatever Prisma
// method sent it.
import type { Client, Config, InStatement, Transaction } from "@libsql/client";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { PrismaClient } from "@/lib/generated/prisma/client";

export type StatementCounts = { statements: number; transactions: number };

export function createCountingPrismaClient(url: string): { db: PrismaClient; counts: StatementCounts } {
  const counts: StatementCounts = { statements: 0, transactions: 0 };

  const countTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key === "execute") return (stmt: InStatement) => (counts.statements++, target.execute(stmt));
        if (key === "batch") return (stmts: InStatement[]) => ((counts.statements += stmts.length), target.batch(stmts));
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const countClient = (client: Client): Client =>
    new Proxy(client, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key === "execute") return (...args: Parameters<Client["execute"]>) => (counts.statements++, target.execute(...args));
        if (key === "batch") return (stmts: InStatement[], mode?: Parameters<Client["batch"]>[1]) => ((counts.statements += stmts.length), target.batch(stmts, mode));
        if (key === "executeMultiple") return (sql: string) => (counts.statements++, target.executeMultiple(sql));
        if (key === "transaction")
          return async (...args: Parameters<Client["transaction"]>) => {
            counts.transactions++;
            return countTransaction(await target.transaction(...args));
          };
        return typeof value === "function" ? value.bind(target) : value;
      },
    });

  class CountingLibSql extends PrismaLibSql {
    override createClient(config: Config): Client {
      return countClient(super.createClient(config));
    }
  }
  return { db: new PrismaClient({ adapter: new CountingLibSql({ url }) }), counts };
}
