import type { Metadata } from "next";
import { CoinTable } from "@/components/coins/coin-table";
import { CompareSection } from "@/components/home/compare-section";
import { AdvertiseCard, FeaturedCard } from "@/components/home/featured-card";
import { HomeSection } from "@/components/shell/home-section";
import { MostComparedPairs } from "@/components/home/most-compared-pairs";
import { PlsTopBar } from "@/components/home/pls-top-bar";
import { RecentlyListed } from "@/components/home/recently-listed";
import { getActiveFeaturedComparisons } from "@/lib/compare/featured.server";
import { getPriceContext } from "@/lib/coins/price-context.server";
import { getSitePrices } from "@/lib/coins/site-prices.server";
import { listMemeCoins, homeMostComparedPairs, listPulsechainGainers, listRecentlyListed } from "@/lib/trending/lists.server";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";
import { getDb } from "@/lib/db/get-db.server";
import { MOST_COMPARED_ROWS, selectTopGainers } from "@/lib/trending/home-tables";
import { getMostComparedPairs } from "@/lib/trending/pair-counts.server";

export const metadata: Metadata = { alternates: { canonical: "/" } };

/**
 * One cached page for every visitor (see app/layout.tsx for how long): everything here is
 * public and built from the cached coin snapshot. What is derived from every coin (the PLS price,
 * the price-source label, the tables) is computed once per snapshot, so a render walks no coin list.
 * A comparison in the address is read in the browser (CompareSection), so query strings never make
 * the page dynamic.
 */
export default async function HomePage() {
  const [{ indexVersion }, sitePrices, featured, counted, recentlyListed, pulsechainGainers, memes, priceContext] = await Promise.all([
    getCoinSnapshot(),
    getSitePrices(),
    getActiveFeaturedComparisons(),
    getMostComparedPairs(getDb(), MOST_COMPARED_ROWS),
    listRecentlyListed(18),
    listPulsechainGainers(),
    listMemeCoins(),
    getPriceContext(),
  ]);
  const mostCompared = await homeMostComparedPairs(counted);
  // The layout's PLS price (the same snapshot): the tables and cards convert with it on the server.
  const { plsUsd } = sitePrices;
  return (
    <div className="flex flex-col gap-8">
      <PlsTopBar pls={sitePrices.pls ?? undefined} priceSourceLabel={sitePrices.priceSourceLabel} />

      <section aria-label="Featured comparisons" className="grid gap-4 md:grid-cols-3">
        {featured.map((item) => (
          <FeaturedCard key={item.id} featured={item} plsUsd={plsUsd} />
        ))}
        <AdvertiseCard />
      </section>

      <section id="compare" aria-labelledby="compare-title" className="flex scroll-mt-24 flex-col gap-4">
        <div>
          <h1 id="compare-title" className="text-3xl font-bold tracking-tight">
            Compare Market Caps
          </h1>
          <p className="mt-1 text-muted-foreground">
            See the price a coin would have if it reached another coin&apos;s market cap.
          </p>
        </div>
        <CompareSection indexVersion={indexVersion} />
      </section>

      <HomeSection title="Recently Listed">
        <RecentlyListed coins={recentlyListed} />
      </HomeSection>

      <HomeSection title="Most Compared Pairs">
        {/* The counted ranking, filled up with the spec's fixed pairs while fewer than 4 have counts. */}
        <MostComparedPairs pairs={mostCompared} />
      </HomeSection>

      <div className="grid gap-6 lg:grid-cols-2">
        <HomeSection title="Top Gaining Coins">
          <CoinTable coins={selectTopGainers(pulsechainGainers)} label="Top Gaining Coins" priceContext={priceContext} plsUsd={plsUsd} />
        </HomeSection>
        <HomeSection title="Top Meme Coins">
          {/* Once loaded with no meme coin in the top 25, say so: skeleton rows that never resolve would look broken. */}
          {memes.length === 0 ? (
            <p className="text-sm text-muted-foreground">No meme coins among the top 25 right now.</p>
          ) : (
            <CoinTable coins={memes} label="Top Meme Coins" priceContext={priceContext} plsUsd={plsUsd} />
          )}
        </HomeSection>
      </div>
    </div>
  );
}
