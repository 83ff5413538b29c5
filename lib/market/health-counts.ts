// The counts over every coin that GET /api/health shows, taken once per refresh pass instead of on
// every monitor hit (seven queries, four of them counts over unindexed columns: their cost grows with
// the coin table). Plain (no server-only) so that a test which sets coins up behind the app's back
// can count as the pass would; the pass stores it through lib/market/health-counts.server.ts.
import type { PrismaClient } from "../db/create-client";
import { staleBefore } from "../shared/freshness";
import type { HealthCounts } from "./health-schema";

type Range = { min: Date | null; max: Date | null };

export async function countHealth(db: PrismaClient, now: Date): Promise<HealthCounts> {
  // A coin without priceUpdatedAt (listed and never priced since) counts from its listing, as
  // toCoin shows it: two ranges, merged.
  const priced = await db.coin.aggregate({ where: { priceUpdatedAt: { not: null } }, _min: { priceUpdatedAt: true }, _max: { priceUpdatedAt: true } });
  const unpriced = await db.coin.aggregate({ where: { priceUpdatedAt: null }, _min: { listedAt: true }, _max: { listedAt: true } });
  const range = merge({ min: priced._min.priceUpdatedAt, max: priced._max.priceUpdatedAt }, { min: unpriced._min.listedAt, max: unpriced._max.listedAt });

  const newestLive = await db.coin.aggregate({ where: { priceSource: { not: "snapshot" } }, _max: { priceUpdatedAt: true } });
  const cutoff = staleBefore(newestLive._max.priceUpdatedAt, now.getTime());
  const staleCoins =
    cutoff === null
      ? 0
      : await db.coin.count({
          where: { OR: [{ priceUpdatedAt: { lt: new Date(cutoff) } }, { priceUpdatedAt: null, listedAt: { lt: new Date(cutoff) } }] },
        });
  return {
    countedAt: now.toISOString(),
    freshest: range.max?.toISOString() ?? null,
    stalest: range.min?.toISOString() ?? null,
    staleCoins,
    lowLiquidityCoins: await db.coin.count({ where: { lowLiquidity: true } }),
    sourcesDisagreeCoins: await db.coin.count({ where: { sourcesDisagree: true } }),
    quarantinedCoins: await db.coin.count({ where: { quarantinedAt: { not: null } } }),
  };
}

function merge(a: Range, b: Range): Range {
  const pick = (x: Date | null, y: Date | null, later: boolean) => (!x ? y : !y ? x : (x > y) === later ? x : y);
  return { min: pick(a.min, b.min, false), max: pick(a.max, b.max, true) };
}
