import { notFound } from "next/navigation";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";
import { SHARE_IMAGE_SIZE } from "@/lib/shared/share-frame";
import { renderCoinShareImage } from "@/lib/coins/share-image";

// Cached like the page (app/layout.tsx): rebuilt with the prices, not per request.
export const revalidate = 20;
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";
export const alt = "A coin's price, market cap and distance from its all-time high";

export function generateStaticParams(): { id: string }[] {
  return [];
}

export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The coin's own id only (the page's canonical address); anything else has no image.
  const coin = (await getCoinSnapshot()).byId.get(id);
  if (!coin) notFound();
  return renderCoinShareImage(coin);
}
