// The pass's read of the last hour of the coins above a high (I/O), for the held price that may
// raise their highs (held-highs.ts).
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { chunk } from "@/lib/shared/in-batches";
import { HELD_LOOKBACK_MS, type PricePoint } from "./held-highs";

/** Ids per IN (...) list. */
const IDS_PER_STATEMENT = 500;

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
