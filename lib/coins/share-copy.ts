// The words of a coin's share image (lib/coins/share-image.tsx): pure, so they are tested apart
// from the PNG. The high is the price's: the figure holders quote, and one whose distance does
// not depend on how the supply changed since.
import { formatDay, formatMarketCap, formatPercentChange, formatPrice } from "../shared/format";
import { distanceFromHigh } from "./distance-from-high";
import type { Coin } from "./schemas";

type ShareCoin = Pick<Coin, "symbol" | "name" | "currentPrice" | "marketCap" | "athPrice" | "athAt">;


export function coinShareCopy(coin: ShareCoin): { price: string; marketCap: string; high: string } {
  const distance = distanceFromHigh(coin.currentPrice, coin.athPrice);
  let high: string;
  if (distance === null) high = "No all-time high recorded yet";
  else {
    const when = coin.athAt ? ` (${formatDay(coin.athAt)})` : "";
    const level = `${formatPrice(coin.athPrice)}${when}`;
    high = distance >= 0 ? `At its all-time high of ${level}` : `${formatPercentChange(distance, 1)} from its all-time high of ${level}`;
  }
  return { price: formatPrice(coin.currentPrice), marketCap: `Market cap ${formatMarketCap(coin.marketCap)}`, high };
}
