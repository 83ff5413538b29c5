// The quarantine's writes (I/O), with the pass's other writes: each coin's contract columns after
// this pass (quarantine.ts), in one UPDATE … FROM (VALUES …) per 250 failed coins and one UPDATE
// per 500 cleared ones, in one transaction. Most passes have neither and write nothing. The row's
// updatedAt stays: this is the pass's bookkeeping, not an edit of the coin.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import { chunk } from "@/lib/shared/in-batches";
import type { ContractChanges } from "./quarantine";

const ROWS_PER_STATEMENT = 250;
const IDS_PER_STATEMENT = 500;

export async function writeContractStates(db: PrismaClient, changes: Pick<ContractChanges, "failures" | "cleared">): Promise<void> {
  const statements = [
    ...chunk(changes.failures, ROWS_PER_STATEMENT).map((piece) =>
      db.$executeRawUnsafe(
        `UPDATE "Coin" SET "contractFailures" = v.column2, "contractFailedAt" = v.column3, "contractFailureReason" = v.column4, "quarantinedAt" = v.column5
         FROM (VALUES ${piece.map(() => "(?,?,?,?,?)").join(",")}) AS v
         WHERE "Coin"."id" = v.column1`,
        ...piece.flatMap((row) => [row.id, row.contractFailures, sqlDateTime(row.contractFailedAt), row.contractFailureReason, row.quarantinedAt && sqlDateTime(row.quarantinedAt)]),
      ),
    ),
    ...chunk(changes.cleared, IDS_PER_STATEMENT).map((ids) =>
      db.$executeRawUnsafe(
        `UPDATE "Coin" SET "contractFailures" = 0, "contractFailedAt" = NULL, "contractFailureReason" = NULL, "quarantinedAt" = NULL
         WHERE "id" IN (${ids.map(() => "?").join(",")})`,
        ...ids,
      ),
    ),
  ];
  if (statements.length > 0) await db.$transaction(statements);
}
