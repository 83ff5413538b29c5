import type { Metadata } from "next";
import { PageHeading } from "@/components/shell/page-heading";
import { WatchlistView } from "@/components/account/watchlist-view";
import { getPriceContext } from "@/lib/coins/price-context.server";

export const metadata: Metadata = {
  title: "My Watchlist",
  // Personal, signed-in-only content: nothing for search engines here.
  robots: { index: false, follow: true },
};

export default async function WatchlistPage() {
  return (
    <>
      <PageHeading title="My Watchlist" text="Track your favorite cryptocurrencies and monitor their performance" />
      <WatchlistView priceContext={await getPriceContext()} />
    </>
  );
}
