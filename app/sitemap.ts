import type { MetadataRoute } from "next";
import { getActiveFeaturedComparisons } from "@/lib/compare/featured.server";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";
import { sitemapEntries } from "@/lib/compare/sitemap-entries";
import { getDb } from "@/lib/db/get-db.server";
import { getSiteUrl } from "@/lib/config/site";
import { getMostComparedPairs, MOST_COMPARED_MAX } from "@/lib/trending/pair-counts.server";

// Cached like the pages: rebuilt at most every 20 s, from the cached data.
export const revalidate = 20;

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [snapshot, featured, mostCompared] = await Promise.all([
    getCoinSnapshot(),
    getActiveFeaturedComparisons(),
    getMostComparedPairs(getDb(), MOST_COMPARED_MAX),
  ]);
  return sitemapEntries(getSiteUrl(), { coinsByRank: snapshot.coins, featured, mostCompared });
}
