// What the sitemap lists: the public pages, every coin's page (by rank) and the comparison pages
// worth indexing (featured, most compared, and every pair among the top coins by market cap), as
// absolute URLs with the time their prices last changed (priceUpdatedAt: a re-rank or an
// operator's edit changes no price). Pure; app/sitemap.ts feeds it the cached data.
import type { MetadataRoute } from "next";
import { coinPath } from "../coins/coin-path";
import { computeComparison } from "./comparison";
import { pairPath } from "./pair-route";

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Every ordered pair among this many top coins gets a page in the sitemap (50 × 49 = 2,450). */
export const SITEMAP_TOP_COINS = 50;
export const SITEMAP_PAGES = ["/", "/playground", "/get-listed", "/developers"] as const;

type SitemapCoin = { id: string; currentPrice: number; marketCap: number; priceUpdatedAt: string };
type Pair = { coin1: SitemapCoin; coin2: SitemapCoin };

export function sitemapEntries(
  siteUrl: string,
  input: { coinsByRank: readonly SitemapCoin[]; featured: readonly Pair[]; mostCompared: readonly Pair[] },
): MetadataRoute.Sitemap {
  const newest = input.coinsByRank.reduce((max, coin) => (coin.priceUpdatedAt > max ? coin.priceUpdatedAt : max), "");
  const entries: MetadataRoute.Sitemap = SITEMAP_PAGES.map((path) => ({
    url: `${siteUrl}${path === "/" ? "" : path}`,
    ...(newest ? { lastModified: newest } : {}),
  }));
  // Coin pages before pairs: one per coin, so at the cap the pairs give way, not the coins.
  for (const coin of input.coinsByRank) {
    if (entries.length >= SITEMAP_MAX_URLS) break;
    entries.push({ url: `${siteUrl}${coinPath(coin.id)}`, lastModified: coin.priceUpdatedAt });
  }
  const seen = new Set<string>();
  const add = ({ coin1, coin2 }: Pair) => {
    const path = pairPath(coin1.id, coin2.id);
    // Only pairs with an answer: the others are noindex pages.
    if (entries.length >= SITEMAP_MAX_URLS || seen.has(path) || !computeComparison(coin1, coin2).comparable) return;
    seen.add(path);
    entries.push({ url: `${siteUrl}${path}`, lastModified: coin1.priceUpdatedAt > coin2.priceUpdatedAt ? coin1.priceUpdatedAt : coin2.priceUpdatedAt });
  };
  input.featured.forEach(add);
  input.mostCompared.forEach(add);
  const top = input.coinsByRank.filter((coin) => coin.marketCap > 0).slice(0, SITEMAP_TOP_COINS);
  for (const coin1 of top) for (const coin2 of top) if (coin1.id !== coin2.id) add({ coin1, coin2 });
  return entries;
}
