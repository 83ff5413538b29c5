// The refresh pass's writes, all from one place (writePass, in order), each in a few SQL
// statements whatever the number of coins: the published prices (one UPDATE … FROM (VALUES …) per
// few hundred coins) with their snapshots, the moves held back, the new low-liquidity flags, the
// re-rank (one UPDATE with ROW_NUMBER()), the source checks, the contract failures and
// quarantines (quarantine.ts), and the PLS cross-check in the market state. The pass's reads of
// its history are reference-prices.server.ts and recent-prices.server.ts; snapshot thinning is
// maintenance, not the pass's: lib/market/thin-snapshots.server.ts. Dates go in as Prisma stores
// them (lib/db/sql-datetime.ts).
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import { deleteSampleRowsOfSeedPricedCoins } from "@/lib/history/sample-rows.server";
import { chunk } from "@/lib/shared/in-batches";
import type { SourceCheck } from "@/lib/coins/source-check-schema";
import { raiseHighsSet } from "./raise-highs-sql";
import { writeMarketState } from "../state.server";
import type { PlsCrossCheck } from "./cross-check";
import type { ContractChanges } from "./quarantine";

/** Coins per statement: 16 parameters each stays far under SQLite's 32,766. */
const ROWS_PER_STATEMENT = 250;
/** Ids per IN (...) list. */
const IDS_PER_STATEMENT = 500;

/** Everything an accepted price writes to its coin. */
export type PublishedPrice = {
  id: string;
  currentPrice: number;
  marketCap: number;
  priceChange24h: number | null;
  liquidityUsd: number | null;
  circulatingSupply: number | null;
  priceSource: string;
  priceUpdatedAt: Date;
  /** The highs offered (raised only where above the stored ones); null offers none. */
  athPrice: number | null;
  athMarketCap: number | null;
  athAt: Date | null;
  athMarketCapAt: Date | null;
  athMarketCapEstimated: boolean;
  /** Where the price came from, as JSON (lib/coins/provenance-schema.ts); null when the source said nothing. */
  provenance: string | null;
  /** A circulating supply held back for the next pass to confirm (publish.ts decideSupply); null: none. */
  pendingSupply: number | null;
  pendingSupplySince: Date | null;
};

/**
 * Writes accepted prices: the price columns, priceUpdatedAt, the all-time highs (only upwards: a
 * high the history backfill raised after this pass read the coin stays); clears the
 * low-liquidity flag and any pending move. One statement per 250 coins plus one insert per 250
 * snapshots, all in one transaction so a pass's prices and snapshots land together. A coin's
 * first live price also deletes the seed's sample history it had (before the UPDATE that moves
 * its priceSource off "snapshot", which is how that delete finds it).
 */
export async function writePublishedPrices(db: PrismaClient, rows: readonly PublishedPrice[]): Promise<void> {
  if (rows.length === 0) return;
  const statements = chunk(rows, ROWS_PER_STATEMENT).flatMap((piece) => [
    deleteSampleRowsOfSeedPricedCoins(db, piece.map((row) => row.id)),
    db.$executeRawUnsafe(
      `UPDATE "Coin" SET
         "currentPrice" = v.column2, "marketCap" = v.column3, "priceChange24h" = v.column4, "liquidityUsd" = v.column5,
         "circulatingSupply" = v.column6, "priceSource" = v.column7, "priceUpdatedAt" = v.column8, "updatedAt" = v.column8,
         ${raiseHighsSet({ price: "v.column9", priceAt: "v.column11", cap: "v.column10", capAt: "v.column12", capEstimated: "v.column13" })},
         "provenance" = v.column14, "lowLiquidity" = 0, "pendingPrice" = NULL, "pendingSince" = NULL,
         "pendingSupply" = v.column15, "pendingSupplySince" = v.column16
       FROM (VALUES ${piece.map(() => "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)").join(",")}) AS v
       WHERE "Coin"."id" = v.column1`,
      ...piece.flatMap((row) => [
        row.id,
        row.currentPrice,
        row.marketCap,
        row.priceChange24h,
        row.liquidityUsd,
        row.circulatingSupply,
        row.priceSource,
        sqlDateTime(row.priceUpdatedAt),
        row.athPrice,
        row.athMarketCap,
        row.athAt && sqlDateTime(row.athAt),
        row.athMarketCapAt && sqlDateTime(row.athMarketCapAt),
        row.athMarketCapEstimated ? 1 : 0,
        row.provenance,
        row.pendingSupply,
        row.pendingSupplySince && sqlDateTime(row.pendingSupplySince),
      ]),
    ),
    db.priceSnapshot.createMany({
      data: piece.map((row) => ({ coinId: row.id, price: row.currentPrice, marketCap: row.marketCap, takenAt: row.priceUpdatedAt })),
    }),
  ]);
  await db.$transaction(statements);
}

/** Stores each coin's latest check against a second source, and whether the two disagree. */
export async function writeSourceChecks(db: PrismaClient, rows: readonly { id: string; check: SourceCheck }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.$transaction(
    chunk(rows, ROWS_PER_STATEMENT).map((piece) =>
      db.$executeRawUnsafe(
        `UPDATE "Coin" SET "sourceCheck" = v.column2, "sourceCheckedAt" = v.column3, "sourcesDisagree" = v.column4
         FROM (VALUES ${piece.map(() => "(?,?,?,?)").join(",")}) AS v
         WHERE "Coin"."id" = v.column1`,
        ...piece.flatMap(({ id, check }) => [id, JSON.stringify(check), sqlDateTime(new Date(check.checkedAt)), check.agrees ? 0 : 1]),
      ),
    ),
  );
}

/**
 * Flags coins whose pool is under the floor; their price columns stay as they were. One statement
 * whatever the number of coins: the ids go in as one JSON array (json_each), not a parameter each.
 */
export async function flagLowLiquidity(db: PrismaClient, coinIds: readonly string[]): Promise<void> {
  if (coinIds.length === 0) return;
  await db.$executeRaw`UPDATE "Coin" SET "lowLiquidity" = 1, "updatedAt" = ${sqlDateTime(new Date())}
    WHERE "id" IN (SELECT "value" FROM json_each(${JSON.stringify(coinIds)}))`;
}

/** A move held back: its pending price, and the pending supply that waits with it (null: none). */
export type PendingMoveRow = { id: string; pendingPrice: number; pendingSince: Date; pendingSupply: number | null; pendingSupplySince: Date | null };

/**
 * Stores held moves as pending; the published price and supply stay. One statement per 250 coins,
 * in one transaction; updatedAt moves to the pass's time (priceUpdatedAt does not).
 */
export async function storePendingMoves(db: PrismaClient, moves: readonly PendingMoveRow[]): Promise<void> {
  if (moves.length === 0) return;
  await db.$transaction(
    chunk(moves, ROWS_PER_STATEMENT).map((piece) =>
      db.$executeRawUnsafe(
        `UPDATE "Coin" SET "pendingPrice" = v.column2, "pendingSince" = v.column3, "pendingSupply" = v.column4, "pendingSupplySince" = v.column5, "updatedAt" = v.column6
         FROM (VALUES ${piece.map(() => "(?,?,?,?,?,?)").join(",")}) AS v
         WHERE "Coin"."id" = v.column1`,
        ...piece.flatMap((move) => [move.id, move.pendingPrice, sqlDateTime(move.pendingSince), move.pendingSupply, move.pendingSupplySince && sqlDateTime(move.pendingSupplySince), sqlDateTime(move.pendingSince)]),
      ),
    ),
  );
}

/**
 * Rank = place by market cap, biggest first, ties by id; coins flagged for low liquidity come
 * after all others (they are out of the rankings until their pool recovers). One statement; it
 * writes only the ranks that change and moves neither updatedAt nor priceUpdatedAt.
 */
export async function rerank(db: PrismaClient): Promise<void> {
  await db.$executeRawUnsafe(
    `UPDATE "Coin" SET "rank" = ranked.position
     FROM (SELECT "id", ROW_NUMBER() OVER (ORDER BY "lowLiquidity" ASC, "marketCap" DESC, "id" ASC) AS position FROM "Coin") AS ranked
     WHERE "Coin"."id" = ranked."id" AND "Coin"."rank" <> ranked.position`,
  );
}

/**
 * The contract columns of each coin after this pass (quarantine.ts): one UPDATE … FROM (VALUES …)
 * per 250 failed coins and one UPDATE per 500 cleared ones, in one transaction. Most passes have
 * neither and write nothing. The row's updatedAt stays: this is the pass's bookkeeping, not an
 * edit of the coin.
 */
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

/** Everything a pass writes, once it has decided it (published-rows.ts, source-checks.ts). */
export type PassWrites = {
  rows: readonly PublishedPrice[];
  pendingMoves: readonly PendingMoveRow[];
  newlyLow: readonly string[];
  contract: Pick<ContractChanges, "failures" | "cleared">;
  sourceChecks: readonly { id: string; check: SourceCheck }[];
  crossCheck: PlsCrossCheck | null;
};

/**
 * The pass's writes, in order: the published prices with their snapshots, the moves held back,
 * the new low-liquidity flags, the re-rank when any of those changed what the rankings see, the
 * source checks, the contract failures and quarantines, and the PLS cross-check.
 */
export async function writePass(db: PrismaClient, writes: PassWrites): Promise<void> {
  await writePublishedPrices(db, writes.rows);
  await storePendingMoves(db, writes.pendingMoves);
  await flagLowLiquidity(db, writes.newlyLow);
  if (writes.rows.length > 0 || writes.newlyLow.length > 0) await rerank(db);
  await writeSourceChecks(db, writes.sourceChecks);
  await writeContractStates(db, writes.contract);
  if (writes.crossCheck) await writeMarketState(db, "pls-cross-check", writes.crossCheck);
}
