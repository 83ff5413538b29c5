import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { CoinPageView } from "@/components/coins/coin-page/coin-page-view";
import { getCoinPage } from "@/lib/coins/coin-page.server";
import { coinDescription, coinTitle } from "@/lib/coins/coin-page-copy";
import { coinPath } from "@/lib/coins/coin-path";
import { getPriceContext } from "@/lib/coins/price-context.server";
import { getSitePrices } from "@/lib/coins/site-prices.server";
import { getSiteUrl } from "@/lib/config/site";
import { OEMBED_JSON_TYPE, oembedDiscoveryUrl } from "@/lib/embed/oembed";

type Props = { params: Promise<{ id: string }> };

/**
 * No coin page is built ahead: each is rendered on its first request and then served from the
 * page cache like every page (app/layout.tsx), and a refresh pass marks them all for a rebuild.
 */
export function generateStaticParams(): { id: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const page = await getCoinPage(id);
  // The page itself redirects or answers 404; its metadata is never shown.
  if (page.kind !== "coin") return {};
  const { coin } = page;
  const title = coinTitle(coin);
  const description = coinDescription(coin);
  const path = coinPath(coin.id);
  return {
    title,
    description,
    // oEmbed discovery (its spec's section 4): consumers that find this link ask for the coin card.
    alternates: { canonical: path, types: { [OEMBED_JSON_TYPE]: [{ url: oembedDiscoveryUrl(getSiteUrl(), path), title }] } },
    openGraph: { type: "website", siteName: "PulseCompare", title, description, url: path },
    twitter: { card: "summary_large_image", title, description },
  };
}

export default async function CoinPage({ params }: Props) {
  const { id } = await params;
  const page = await getCoinPage(id);
  // Near misses with an upper-case letter or other character are redirected by proxy.ts (as for
  // the pair pages); a lower-case symbol that is not its coin's id is redirected here.
  if (page.kind === "redirect") permanentRedirect(page.path);
  if (page.kind === "not-found") notFound();
  const [priceContext, { plsUsd }] = await Promise.all([getPriceContext(), getSitePrices()]);
  return <CoinPageView coin={page.coin} account={page.account} compareWith={page.compareWith} priceContext={priceContext} plsUsd={plsUsd} />;
}
