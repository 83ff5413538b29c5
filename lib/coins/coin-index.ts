// The coin selectors' compact index: what a picker shows of every coin, and nothing else, so
// 10,000 coins stay a small download fetched once per version (not carried in every page).
// Rows are arrays, not objects, to leave the keys out of the payload.
import type { Coin } from "./schemas";
import { selectorTag, sharedSymbolsOf } from "./fork-copies";

/**
 * [id, symbol, name, logoUrl, tag], in rank order. The tag tells coins apart where a symbol alone
 * would not ("PulseChain copy", or the chain when two coins share a symbol): null for most.
 */
export type CoinIndexRow = [id: string, symbol: string, name: string, logoUrl: string | null, tag: string | null];
export type CoinIndex = { version: string; coins: CoinIndexRow[] };

/** A coin as the selectors hold it (a row of the index, or a full coin); `tag` as in the index. */
export type IndexedCoin = Pick<Coin, "id" | "symbol" | "name" | "logoUrl"> & { tag?: string | null };

export function toCoinIndexRows(coinsByRank: readonly Coin[]): CoinIndexRow[] {
  const shared = sharedSymbolsOf(coinsByRank);
  return coinsByRank.map((coin) => [coin.id, coin.symbol, coin.name, coin.logoUrl, selectorTag(coin, shared)]);
}

/**
 * Index rows as selector coins. The answer is checked row by row (not with zod, which would put
 * a schema library on the path of the first selector click): a malformed row is dropped.
 */
export function fromCoinIndex(body: unknown): IndexedCoin[] {
  const rows = (body as { coins?: unknown } | null)?.coins;
  if (!Array.isArray(rows)) throw new Error("The coin index has no coin list.");
  const coins: IndexedCoin[] = [];
  for (const row of rows) {
    if (!Array.isArray(row)) continue;
    const [id, symbol, name, logoUrl, tag] = row as unknown[];
    if (typeof id !== "string" || typeof symbol !== "string" || typeof name !== "string") continue;
    coins.push({ id, symbol, name, logoUrl: typeof logoUrl === "string" ? logoUrl : null, tag: typeof tag === "string" ? tag : null });
  }
  return coins;
}
