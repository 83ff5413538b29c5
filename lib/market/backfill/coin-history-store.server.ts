// The backfill's reads and writes (server-only): which coins to do, where their own history
// starts, the pool the site already knows, and one transaction per coin for what it found.
import "server-only";
import { getAddress } from "viem";
import type { PrismaClient } from "@/lib/db/create-client";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import { deleteSampleRowsOf } from "@/lib/history/sample-rows.server";
import type { AllTimeHigh } from "../pass/publish";
import { raiseHighsSet } from "../pass/raise-highs-sql";
import type { PlannedDay } from "./plan-days";

export type BackfillCoin = AllTimeHigh & {
  id: string;
  chain: string;
  contractAddress: string | null;
  quoteSource: string | null;
  quoteId: string | null;
  circulatingSupply: number | null;
};

const COIN_FIELDS = {
  id: true,
  chain: true,
  contractAddress: true,
  quoteSource: true,
  quoteId: true,
  circulatingSupply: true,
  athPrice: true,
  athMarketCap: true,
  athAt: true,
  athMarketCapAt: true,
  athMarketCapEstimated: true,
} as const;

/**
 * The coins to backfill, top ranks first (an interrupted run has done the ones most looked at),
 * and how many were left out because an earlier run finished them.
 */
export async function loadBackfillCoins(
  db: PrismaClient,
  options: { coinIds?: readonly string[]; again: boolean },
): Promise<{ coins: BackfillCoin[]; alreadyDone: number; unknownIds: string[] }> {
  const only = options.coinIds?.length ? { id: { in: [...options.coinIds] } } : {};
  const coins = await db.coin.findMany({ where: { ...only, ...(options.again ? {} : { historyBackfilledAt: null }) }, select: COIN_FIELDS, orderBy: [{ rank: "asc" }, { id: "asc" }] });
  const alreadyDone = options.again ? 0 : await db.coin.count({ where: { ...only, historyBackfilledAt: { not: null } } });
  let unknownIds: string[] = [];
  if (options.coinIds?.length) {
    const known = new Set((await db.coin.findMany({ where: only, select: { id: true } })).map((coin) => coin.id));
    unknownIds = options.coinIds.filter((id) => !known.has(id));
  }
  return { coins, alreadyDone, unknownIds };
}

/**
 * When the coin's own history starts (null: no snapshot yet). The seed's sample rows are not its
 * history: the days they cover are missing, for the backfill to fill (and then they go).
 */
export async function earliestSnapshotAt(db: PrismaClient, coinId: string): Promise<Date | null> {
  const first = await db.priceSnapshot.findFirst({ where: { coinId, sample: false }, orderBy: { takenAt: "asc" }, select: { takenAt: true } });
  return first?.takenAt ?? null;
}

/** The token's pool from the on-chain reader's cache, when it names exactly one (else the caller asks GeckoTerminal). */
export async function cachedSinglePool(db: PrismaClient, token: string): Promise<string | null> {
  const row = await db.pulseXPoolCache.findUnique({ where: { token: getAddress(token) }, select: { pools: true } });
  if (!row) return null;
  try {
    const pools = JSON.parse(row.pools) as Array<{ pair?: unknown }>;
    return pools.length === 1 && typeof pools[0]?.pair === "string" ? pools[0].pair.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * One transaction: the days found (in place of the seed's sample rows, when there are days), the
 * raised highs, and the mark that this coin is done. Never touches the live price (currentPrice,
 * marketCap, priceUpdatedAt, rank). The highs only rise, as a refresh pass writes them: a pass
 * may have raised them since this coin was read.
 */
export async function writeCoinHistory(db: PrismaClient, coinId: string, days: readonly PlannedDay[], highs: AllTimeHigh, finishedAt: Date): Promise<void> {
  const at = (date: Date | null) => (date ? sqlDateTime(date) : null);
  await db.$transaction([
    // With nothing found, the sample stays until the coin's first live price replaces it.
    ...(days.length > 0 ? [deleteSampleRowsOf(db, coinId)] : []),
    db.priceSnapshot.createMany({ data: days.map((day) => ({ coinId, takenAt: day.takenAt, price: day.price, marketCap: day.marketCap })) }),
    db.$executeRawUnsafe(
      `UPDATE "Coin" SET
         ${raiseHighsSet({ price: "?1", priceAt: "?2", cap: "?3", capAt: "?4", capEstimated: "?5" })},
         "historyBackfilledAt" = ?6
       WHERE "id" = ?7`,
      highs.athPrice,
      at(highs.athAt),
      highs.athMarketCap,
      at(highs.athMarketCapAt),
      highs.athMarketCapEstimated ? 1 : 0,
      sqlDateTime(finishedAt),
      coinId,
    ),
  ]);
}
