import { notFound } from "next/navigation";
import { getPairPage } from "@/lib/compare/pair-page.server";
import { renderShareImage } from "@/lib/compare/share-image";
import { SHARE_IMAGE_SIZE } from "@/lib/shared/share-frame";

// Cached like the page (app/layout.tsx): rebuilt with the prices, not per request.
export const revalidate = 20;
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";
export const alt = "The price one coin would have at another coin's market cap";

export function generateStaticParams(): { coin1: string; coin2: string }[] {
  return [];
}

export default async function Image({ params }: { params: Promise<{ coin1: string; coin2: string }> }) {
  const { coin1, coin2 } = await params;
  const page = await getPairPage(coin1, coin2);
  // Only canonical pages link their image; any other address has none.
  if (page.kind !== "pair") notFound();
  return renderShareImage(page.result);
}
