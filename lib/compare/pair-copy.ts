// The words a comparison page is found and shared by: its title, description and share text.
// Pure, so the page, its metadata and its share image say the same thing.
import type { Comparison, ComparableCoin } from "./comparison";
import { formatMarketCap, formatPrice, formatResultMultiplier } from "../shared/format";

type NamedCoin = ComparableCoin & { symbol: string };

/** "HEX at BTC's market cap": the question the page answers. */
export function pairQuestion(coin1: { symbol: string }, coin2: { symbol: string }): string {
  return `${coin1.symbol} at ${coin2.symbol}'s market cap`;
}

/** "HEX at BTC's market cap: $3.23 (677x)", or the question alone when there is no answer. */
export function pairTitle(result: Comparison<NamedCoin, NamedCoin>): string {
  const question = pairQuestion(result.coin1, result.coin2);
  if (!result.comparable) return question;
  return `${question}: ${formatPrice(result.projectedPrice)} (${formatResultMultiplier(result.multiplier)})`;
}

/** One sentence with both market caps, for search results and link previews. */
export function pairDescription(result: Comparison<NamedCoin, NamedCoin>): string {
  const { coin1, coin2 } = result;
  if (!result.comparable) {
    return `${coin1.symbol} and ${coin2.symbol} can't be compared by market cap right now: one of them has no market cap data.`;
  }
  return (
    `${coin1.symbol} has a market cap of ${formatMarketCap(coin1.marketCap)} and costs ${formatPrice(coin1.currentPrice)}. ` +
    `At ${coin2.symbol}'s market cap of ${formatMarketCap(coin2.marketCap)} it would cost ${formatPrice(result.projectedPrice)}, ` +
    `${formatResultMultiplier(result.multiplier)} its price today.`
  );
}

/** "HEX on the way to BTC's market cap": the heading of the pair page's ladder of targets. */
export function ladderTitle(coin1: { symbol: string }, coin2: { symbol: string }): string {
  return `${coin1.symbol} on the way to ${coin2.symbol}'s market cap`;
}
