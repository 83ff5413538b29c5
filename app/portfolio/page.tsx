import type { Metadata } from "next";
import { PageHeading } from "@/components/shell/page-heading";
import { BagView } from "@/components/bag/bag-view";
import { bagTokenList } from "@/lib/bag/token-list.server";
import { getPriceContext } from "@/lib/coins/price-context.server";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";

export const metadata: Metadata = {
  title: "Your Bag",
  description: "What your PulseChain wallet is worth today, if every coin returned to its all-time high, and at any coin's market cap. Read in your browser.",
  alternates: { canonical: "/portfolio" },
};

/** The same cached page for everyone: the wallet is read in the browser (components/bag). */
export default async function PortfolioPage() {
  const [snapshot, priceContext] = await Promise.all([getCoinSnapshot(), getPriceContext()]);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Your Bag" text="What your coins are worth today, at their all-time highs, and at any market cap." />
      <BagView tokensVersion={bagTokenList(snapshot).version} indexVersion={snapshot.indexVersion} priceContext={priceContext} />
    </div>
  );
}
