import type { Coin } from "./schemas";

/**
 * The first `limit` coins by rank that have a market cap, leaving out `exclude`: the "compare with
 * the top coins" links of the pair and coin pages. Stops as soon as it has them, so it costs the
 * same at any number of coins.
 */
export function topCoinsBesides(coinsByRank: readonly Coin[], exclude: readonly string[], limit: number): Coin[] {
  const picked: Coin[] = [];
  for (const coin of coinsByRank) {
    if (picked.length === limit) break;
    if (!exclude.includes(coin.id) && coin.marketCap > 0) picked.push(coin);
  }
  return picked;
}
