import type { Metadata } from "next";
import { PageHeading } from "@/components/shell/page-heading";
import { ListingForm } from "@/components/get-listed/apply/listing-form";
import { QueryProvider } from "@/components/shell/query-provider";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";
import { getEnv } from "@/lib/config/env";
import { tokenParam } from "@/lib/orders/order-token-schema";

export const metadata: Metadata = {
  title: "Listing Form",
  // A signed-in buyer's form: nothing for search engines here (the price sheet is /get-listed).
  robots: { index: false, follow: true },
};

// Rendered per request, not cached like the other pages: whether listings are open is the
// server's runtime setting (LISTING_PAYMENT_ADDRESS), and a page rendered at build time would
// keep the build's answer. The page holds nothing personal either way.
export const dynamic = "force-dynamic";

export default async function ListingFormPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ indexVersion }, { token }] = await Promise.all([getCoinSnapshot(), searchParams]);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8">
      <PageHeading title="Listing Form" text="List your PulseChain token or feature its comparison on the home page, paid in PLS from your wallet." />
      <QueryProvider>
        <ListingForm listingsOpen={Boolean(getEnv().LISTING_PAYMENT_ADDRESS)} indexVersion={indexVersion} initialAddress={tokenParam(token)} />
      </QueryProvider>
    </div>
  );
}
