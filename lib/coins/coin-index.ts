// The coin selectors' compact index: what a picker shows of every coin, and nothing else, so
// 10,000 coins stay a small download fetched once per version (not carried in every page).
// Rows are arrays, not objects, to leave the keys out of the payload.
import type { Coin } from "../validation/coins";

/** [id, symbol, name, logoUrl], in rank order. */
export type CoinIndexRow = [id: string, symbol: string, name: string, logoUrl: string | null];
export type CoinIndex = { version: string; coins: CoinIndexRow[] };

/** A coin as the selectors hold it (a row of the index, or a full coin). */
export type IndexedCoin = Pick<Coin, "id" | "symbol" | "name" | "logoUrl">;

export function toCoinIndexRows(coinsByRank: readonly Coin[]): CoinIndexRow[] {
  return coinsByRank.map((coin) => [coin.id, coin.symbol, coin.name, coin.logoUrl]);
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
    const [id, symbol, name, logoUrl] = row as unknown[];
    if (typeof id !== "string" || typeof symbol !== "string" || typeof name !== "string") continue;
    coins.push({ id, symbol, name, logoUrl: typeof logoUrl === "string" ? logoUrl : null });
  }
  return coins;
}
