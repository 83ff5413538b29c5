import type { Metadata } from "next";
import { PageHeading } from "@/components/shell/page-heading";
import { WatchlistView } from "@/components/account/watchlist-view";
import { QueryProvider } from "@/components/shell/query-provider";
import { getPriceContext } from "@/lib/coins/price-context.server";

export const metadata: Metadata = {
  title: "My Watchlist",
  // Personal, signed-in-only content: nothing for search engines here.
  robots: { index: false, follow: true },
};

export default async function WatchlistPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeading title="My Watchlist" text="Track your favorite cryptocurrencies and monitor their performance" />
      <QueryProvider>
        <WatchlistView priceContext={await getPriceContext()} />
      </QueryProvider>
    </div>
  );
}
