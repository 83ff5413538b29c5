// Price history for every coin of a bench database: what the snapshot thinning
// (lib/market/thin-snapshots.server.ts thinSnapshots) leaves after years of 5-minute refreshes and a
// 1,000-day backfill: the last 2 days every 5 minutes, the 28 days before hourly, and 1,000 days
// before that daily. 2,248 rows a coin, about 11.4 million at 5,062 coins, written by one
// INSERT ... SELECT over a recursive CTE (SQLite generates the rows itself; nothing crosses
// from JavaScript row by row).
import type { PrismaClient } from "@/lib/db/create-client";

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;

export const HISTORY_SHAPE = { fiveMinute: 2 * 24 * 12, hourly: 28 * 24, daily: 1000 } as const;
export const SNAPSHOTS_PER_COIN = HISTORY_SHAPE.fiveMinute + HISTORY_SHAPE.hourly + HISTORY_SHAPE.daily;

/**
 * Adds SNAPSHOTS_PER_COIN snapshots to every coin, ending at `now` (rounded down to 5 minutes).
 * Prices wander around the coin's current price (deterministic: from the step and the coin's
 * id), so a body has the digits, and the gzip ratio, of real prices. Returns the rows written.
 */
export async function addSyntheticHistory(db: PrismaClient, now: number): Promise<number> {
  const { fiveMinute, hourly } = HISTORY_SHAPE;
  const now5 = Math.floor(now / 1000 / (5 * MINUTE_S)) * 5 * MINUTE_S;
  const twoDaysBack = now5 - fiveMinute * 5 * MINUTE_S;
  const firstHour = Math.floor(twoDaysBack / HOUR_S) * HOUR_S;
  const firstDay = Math.floor((firstHour - hourly * HOUR_S) / DAY_S) * DAY_S;
  // n counts back from now: 5-minute steps, then hours, then days. The time is written in the
  // text form Prisma writes (lib/db/sql-datetime.ts), so the (coinId, takenAt) index serves
  // the history reads. Rows go in by coin and time, so the index only ever appends.
  return db.$executeRawUnsafe(
    `WITH RECURSIVE step(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM step WHERE n < ${SNAPSHOTS_PER_COIN - 1}),
     at(n, t, f) AS (
       SELECT n,
              CASE WHEN n < ${fiveMinute} THEN ${now5} - n * ${5 * MINUTE_S}
                   WHEN n < ${fiveMinute + hourly} THEN ${firstHour} - (n - ${fiveMinute}) * ${HOUR_S}
                   ELSE ${firstDay} - (n - ${fiveMinute + hourly}) * ${DAY_S} END,
              0.6 + n / ${SNAPSHOTS_PER_COIN}.0
       FROM step
     )
     INSERT INTO "PriceSnapshot" ("coinId", "price", "marketCap", "takenAt")
     SELECT c."id",
            c."currentPrice" * (at.f + ((at.n * 37 + unicode(c."id") * 131 + length(c."id") * 17) % 997) / 2000.0),
            c."marketCap" * (at.f + ((at.n * 37 + unicode(c."id") * 131 + length(c."id") * 17) % 997) / 2000.0),
            strftime('%Y-%m-%dT%H:%M:%S', at.t, 'unixepoch') || '.000+00:00'
     FROM "Coin" c CROSS JOIN at
     ORDER BY c."id", at.t`,
  );
}
