import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { PairView } from "@/components/compare/pair-view";
import { getPriceContext } from "@/lib/coins/price-context.server";
import { getSitePrices } from "@/lib/coins/site-prices.server";
import { pairDescription, pairTitle } from "@/lib/compare/pair-copy";
import { getPairPage } from "@/lib/compare/pair-page.server";
import { pairPath } from "@/lib/compare/pair-route";
import { getSiteUrl } from "@/lib/config/site";
import { OEMBED_JSON_TYPE, oembedDiscoveryUrl } from "@/lib/embed/oembed";

type Props = { params: Promise<{ coin1: string; coin2: string }> };

/**
 * No pair is built ahead: each is rendered on its first request and then served from the page
 * cache like every page (app/layout.tsx: rebuilt when 20 s old, never older than 40 s), and a
 * refresh pass or an operator's edit marks them all for a rebuild (lib/cache/public-tags.ts).
 */
export function generateStaticParams(): { coin1: string; coin2: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { coin1, coin2 } = await params;
  const page = await getPairPage(coin1, coin2);
  // The page itself redirects or answers 404; its metadata is never shown.
  if (page.kind !== "pair") return {};
  const { result } = page;
  const title = pairTitle(result);
  const description = pairDescription(result);
  const path = pairPath(result.coin1.id, result.coin2.id);
  return {
    title,
    description,
    // oEmbed discovery (its spec's section 4): consumers that find this link ask for the pair card.
    alternates: { canonical: path, types: { [OEMBED_JSON_TYPE]: [{ url: oembedDiscoveryUrl(getSiteUrl(), path), title }] } },
    // A pair without an answer is a page for the visitor who followed a link, not for search.
    robots: result.comparable ? undefined : { index: false, follow: true },
    openGraph: { type: "website", siteName: "PulseCompare", title, description, url: path },
    twitter: { card: "summary_large_image", title, description },
  };
}

export default async function ComparePage({ params }: Props) {
  const { coin1, coin2 } = await params;
  const page = await getPairPage(coin1, coin2);
  // Near misses with an upper-case letter or other character are redirected by proxy.ts. What
  // reaches here looks like two ids; a lower-case symbol that is not its coin's id is rare (ids
  // are the symbols' slugs), and only that is redirected here.
  if (page.kind === "redirect") permanentRedirect(page.path);
  if (page.kind === "not-found") notFound();
  const [priceContext, { plsUsd }] = await Promise.all([getPriceContext(), getSitePrices()]);
  return (
    <PairView
      result={page.result}
      related={page.related}
      siteUrl={getSiteUrl()}
      priceContext={priceContext}
      targets={page.targets}
      bases={page.bases}
      plsUsd={plsUsd}
    />
  );
}
