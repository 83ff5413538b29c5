// The words of a coin's share image (lib/coins/share-image.tsx): pure, so they are tested apart
// from the PNG. The high is the price's: the figure holders quote, and one whose distance does
// not depend on how the supply changed since.
import { formatMarketCap, formatPercentChange, formatPrice } from "../format";
import type { Coin } from "../validation/coins";

type ShareCoin = Pick<Coin, "symbol" | "name" | "currentPrice" | "marketCap" | "athPrice" | "athAt">;

// Server-rendered for every viewer alike: the date in UTC, spelled out, never the machine's locale.
const highDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** How far the price is from its high, in percent (-90 = a tenth of it); null without a high. */
export function percentFromHigh(price: number, high: number | null): number | null {
  if (high === null || !(high > 0) || !Number.isFinite(price)) return null;
  return ((price - high) / high) * 100;
}

export function coinShareCopy(coin: ShareCoin): { price: string; marketCap: string; high: string } {
  const distance = percentFromHigh(coin.currentPrice, coin.athPrice);
  let high: string;
  if (distance === null) high = "No all-time high recorded yet";
  else {
    const when = coin.athAt ? ` (${highDate.format(new Date(coin.athAt))})` : "";
    const level = `${formatPrice(coin.athPrice)}${when}`;
    high = distance >= 0 ? `At its all-time high of ${level}` : `${formatPercentChange(distance, 1)} from its all-time high of ${level}`;
  }
  return { price: formatPrice(coin.currentPrice), marketCap: `Market cap ${formatMarketCap(coin.marketCap)}`, high };
}
