// The words a coin's page is found and shared by: its title and description. Pure, so the page
// and its metadata say the same thing.
import { formatMarketCap, formatPrice } from "../shared/format";
import { formatDay } from "../shared/format";
import { distanceFromHigh, formatDistanceFromHigh } from "./distance-from-high";

type PageCoin = { symbol: string; name: string; currentPrice: number; marketCap: number; athMarketCap: number | null; athMarketCapAt: string | null };

/** "HEX (HEX): price, market cap and all-time high". */
export function coinTitle(coin: Pick<PageCoin, "symbol" | "name">): string {
  return `${coin.name} (${coin.symbol}): price, market cap and all-time high`;
}

/** One or two sentences with today's figures and, when known, the distance from the high market cap. */
export function coinDescription(coin: PageCoin): string {
  const today = `${coin.symbol} costs ${formatPrice(coin.currentPrice)} with a market cap of ${formatMarketCap(coin.marketCap)}.`;
  const distance = formatDistanceFromHigh(distanceFromHigh(coin.marketCap, coin.athMarketCap));
  if (!distance || coin.athMarketCap === null || coin.athMarketCapAt === null) return `${today} See its market-cap history and compare it with the top coins.`;
  return `${today} Its all-time-high market cap was ${formatMarketCap(coin.athMarketCap)} on ${formatDay(coin.athMarketCapAt)} (${distance.toLowerCase()}).`;
}
