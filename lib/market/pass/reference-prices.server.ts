// The pass's 24h reference prices (I/O): the site's own price of about 24 h ago per coin, read
// before asking the sources (a coin that has one needs no 24h change from a source). Dates go in
// as Prisma stores them (lib/db/sql-datetime.ts), so the (coinId, takenAt) index serves the range scans.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import { chunk } from "@/lib/shared/in-batches";
import { DAY_MS } from "@/lib/shared/utc-day";
import { HOUR_MS } from "./publish";

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
