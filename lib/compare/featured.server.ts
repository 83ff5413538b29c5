// Featured comparisons whose slot is running now, with both coins and the comparison
// computed on the server.
import "server-only";
import { cachedPublic } from "../cache/public-cache.server";
import { getDb } from "../db/get-db.server";
import { computeComparison } from "./comparison";
import { MAX_FEATURED } from "../trending/home-tables";
import type { FeaturedComparison } from "../coins/schemas";
import { toCoin } from "../coins/serialize";

/**
 * The running featured comparisons, from the public cache: a slot that starts or ends shows or
 * goes within the cache's time ceiling; an operator's change and a refresh pass invalidate it.
 */
export function getActiveFeaturedComparisons(): Promise<FeaturedComparison[]> {
  return cachedPublic("featured", ["featured", "coins"], () => listActiveFeaturedComparisons());
}

export async function listActiveFeaturedComparisons(now = new Date()): Promise<FeaturedComparison[]> {
  const rows = await getDb().featuredComparison.findMany({
    where: { startsAt: { lte: now }, OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
    include: { coin1: true, coin2: true },
    // Promoted (paid) slots first, then the newest.
    orderBy: [{ isPromoted: "desc" }, { startsAt: "desc" }, { id: "asc" }],
  });
  const featured: FeaturedComparison[] = [];
  for (const row of rows) {
    const result = computeComparison(toCoin(row.coin1), toCoin(row.coin2));
    // A coin without market-cap data can't be compared; skip the slot rather than show NaN.
    if (!result.comparable) continue;
    featured.push({
      id: row.id,
      coin1: result.coin1,
      coin2: result.coin2,
      multiplier: result.multiplier,
      projectedPrice: result.projectedPrice,
      isPromoted: row.isPromoted,
      isAdvertise: false,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
    });
    if (featured.length === MAX_FEATURED) break;
  }
  return featured;
}
