// The refresh pass's reads and writes that touch many coins at once, each in a few SQL
// statements whatever the number of coins: the 24h reference prices, the published prices (one
// UPDATE … FROM (VALUES …) per few hundred coins) and the re-rank (one UPDATE with ROW_NUMBER()).
// Snapshot thinning is maintenance, not the pass's: lib/market/thin-snapshots.server.ts.
// Dates go in as Prisma stores them (lib/db/sql-datetime.ts), so the (coinId, takenAt) index
// serves the range scans.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import { deleteSampleRowsOfSeedPricedCoins } from "@/lib/history/sample-rows.server";
import { chunk } from "@/lib/shared/in-batches";
import type { SourceCheck } from "@/lib/coins/source-check-schema";
import { HELD_LOOKBACK_MS, type PricePoint } from "./held-highs";
import { raiseHighsSet } from "./raise-highs-sql";
import { HOUR_MS } from "./publish";
import { DAY_MS } from "../../shared/utc-day";

/** Coins per statement: 16 parameters each stays far under SQLite's 32,766. */
const ROWS_PER_STATEMENT = 250;
/** Ids per IN (...) list. */
const IDS_PER_STATEMENT = 500;

/** How far from exactly 24 h ago a snapshot may be to serve as the 24h reference. */
export const CHANGE_WINDOW_MS = 2 * HOUR_MS;

/**
 * Per coin, the price of its snapshot nearest to 24 h before `now` within 2 h of it (the earlier
 * one on a tie); coins without one are absent. The seed's sample rows are not prices: never a
 * reference.
 */
export async function referencePrices24h(db: PrismaClient, coinIds: readonly string[], now: Date): Promise<Map<string, number>> {
  const target = now.getTime() - DAY_MS;
  const out = new Map<string, number>();
  for (const ids of chunk(coinIds, IDS_PER_STATEMENT)) {
    const rows = await db.$queryRawUnsafe<{ coinId: string; price: number }[]>(
      `SELECT "coinId", "price" FROM (
         SELECT "coinId", "price",
                ROW_NUMBER() OVER (PARTITION BY "coinId" ORDER BY abs(julianday("takenAt") - julianday(?)), "takenAt") AS nth
         FROM "PriceSnapshot"
         WHERE "coinId" IN (${ids.map(() => "?").join(",")}) AND "takenAt" >= ? AND "takenAt" <= ? AND "sample" = 0
       ) WHERE nth = 1`,
      sqlDateTime(new Date(target)),
      ...ids,
      sqlDateTime(new Date(target - CHANGE_WINDOW_MS)),
      sqlDateTime(new Date(target + CHANGE_WINDOW_MS)),
    );
    for (const row of rows) out.set(row.coinId, Number(row.price));
  }
  return out;
}

/**
 * Per coin, its published prices (snapshots) of the last HELD_LOOKBACK_MS before `now`, for the
 * held price that may raise its highs (held-highs.ts). Asked only for coins whose new price is
 * above a high, so a pass reads a few coins' last hour, not every coin's. The seed's sample rows
 * were never published: they never make a high.
 */
export async function recentPrices(db: PrismaClient, coinIds: readonly string[], now: Date): Promise<Map<string, PricePoint[]>> {
  const out = new Map<string, PricePoint[]>();
  for (const ids of chunk(coinIds, IDS_PER_STATEMENT)) {
    const rows = await db.priceSnapshot.findMany({
      where: { coinId: { in: ids }, takenAt: { gte: new Date(now.getTime() - HELD_LOOKBACK_MS), lt: now }, sample: false },
      select: { coinId: true, price: true, marketCap: true, takenAt: true },
    });
    for (const { coinId, ...point } of rows) {
      const list = out.get(coinId);
      if (list) list.push(point);
      else out.set(coinId, [point]);
    }
  }
  return out;
}

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

/** Flags coins whose pool is under the floor; their price columns stay as they were. */
export async function flagLowLiquidity(db: PrismaClient, coinIds: readonly string[]): Promise<void> {
  for (const ids of chunk(coinIds, IDS_PER_STATEMENT)) await db.coin.updateMany({ where: { id: { in: ids } }, data: { lowLiquidity: true } });
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
