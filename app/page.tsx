import type { Metadata } from "next";
import { Suspense } from "react";
import { CoinTable } from "@/components/coins/coin-table";
import { CompareSection } from "@/components/home/compare-section";
import { AdvertiseCard, FeaturedCard } from "@/components/home/featured-card";
import { HomeSection } from "@/components/home/home-section";
import { MostComparedPairs } from "@/components/home/most-compared-pairs";
import { PlsTopBar } from "@/components/home/pls-top-bar";
import { RecentlyListed } from "@/components/home/recently-listed";
import { Skeleton } from "@/components/ui/skeleton";
import { findCoinBySymbol } from "@/lib/coin-search";
import { listActiveFeaturedComparisons } from "@/lib/coins/featured";
import { describePriceSource } from "@/lib/coins/price-source";
import { listCoins, listPulsechainGainers, listRecentlyListed } from "@/lib/coins/queries";
import { parseComparisonParams } from "@/lib/comparison-link";
import { getDb } from "@/lib/db";
import { MOST_COMPARED_ROWS, selectMemeCoins, selectMostComparedPairs, selectTopGainers } from "@/lib/market-constants";
import { listMostComparedPairs } from "@/lib/trending/pair-counts";
import type { Coin } from "@/lib/validation/coins";

export const metadata: Metadata = { alternates: { canonical: "/" } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function HomePage({ searchParams }: Props) {
  const [coins, params] = await Promise.all([listCoins(), searchParams]);
  const { coin1Id, coin2Id } = parseComparisonParams(params);
  return (
    <div className="flex flex-col gap-8">
      <PlsTopBar pls={findCoinBySymbol(coins, "PLS")} priceSourceLabel={describePriceSource(coins)?.label ?? null} />

      <section aria-label="Featured comparisons" className="grid gap-4 md:grid-cols-3">
        <Suspense fallback={[0, 1].map((i) => <Skeleton key={i} className="h-44 rounded-xl" />)}>
          <FeaturedRow />
        </Suspense>
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
        {/* Keyed by the linked pair: following a comparison link from this page starts afresh. */}
        <CompareSection key={`${coin1Id}:${coin2Id}`} coins={coins} initialCoin1Id={coin1Id} initialCoin2Id={coin2Id} />
      </section>

      <HomeSection title="Recently Listed">
        <Suspense fallback={<Skeleton className="h-40" />}>
          <RecentlyListedBlock />
        </Suspense>
      </HomeSection>

      <HomeSection title="Most Compared Pairs">
        <Suspense fallback={<Skeleton className="h-10" />}>
          <MostComparedBlock coins={coins} />
        </Suspense>
      </HomeSection>

      <div className="grid gap-6 lg:grid-cols-2">
        <HomeSection title="Top Gaining Coins">
          <Suspense fallback={<CoinTable coins={null} skeletonRows={10} label="Top Gaining Coins" />}>
            <TopGainersTable />
          </Suspense>
        </HomeSection>
        <HomeSection title="Top Meme Coins">
          <Suspense fallback={<CoinTable coins={null} skeletonRows={5} label="Top Meme Coins" />}>
            <MemeTable />
          </Suspense>
        </HomeSection>
      </div>
    </div>
  );
}

async function FeaturedRow() {
  const featured = await listActiveFeaturedComparisons();
  return featured.map((item) => <FeaturedCard key={item.id} featured={item} />);
}

async function RecentlyListedBlock() {
  return <RecentlyListed coins={await listRecentlyListed(18)} />;
}

/** The counted ranking, filled up with the spec's fixed pairs while fewer than 4 have counts. */
async function MostComparedBlock({ coins }: { coins: Coin[] }) {
  const counted = await listMostComparedPairs(getDb(), MOST_COMPARED_ROWS);
  return <MostComparedPairs pairs={selectMostComparedPairs(coins, counted)} />;
}

async function TopGainersTable() {
  return <CoinTable coins={selectTopGainers(await listPulsechainGainers())} label="Top Gaining Coins" />;
}

/**
 * Skeleton rows show while the table loads (the Suspense fallback). Once loaded, an empty table
 * says so: skeletons that never resolve would read as a broken page.
 */
async function MemeTable() {
  const memes = selectMemeCoins(await listCoins());
  if (memes.length === 0) return <p className="text-sm text-muted-foreground">No meme coins among the top 25 right now.</p>;
  return <CoinTable coins={memes} label="Top Meme Coins" />;
}
