// Coin lookup for the pickers and for symbol lists in constants (spec section 5).

type Searchable = { name: string; symbol: string };

/** toLowerCase, not toLocaleLowerCase: matching must not change with the user's locale. */
function fold(text: string): string {
  return text.toLowerCase();
}

/**
 * Case-insensitive substring match on name or symbol, in input order. The query is trimmed;
 * an empty query matches everything. Always returns a new array, so callers may sort it.
 */
export function searchCoins<C extends Searchable>(coins: readonly C[], query: string | null | undefined): C[] {
  const needle = fold(query?.trim() ?? "");
  if (needle === "") return [...coins];
  const keys = searchKeys(coins);
  return coins.filter((_, index) => keys[index]!.name.includes(needle) || keys[index]!.symbol.includes(needle));
}

/**
 * Folded names and symbols, computed once per list rather than on every keystroke: with
 * thousands of coins, folding them all again is most of a keystroke's work. Keyed by the list
 * itself (lists are never changed in place), so a new list gets new keys and old ones are collected.
 */
const keysByList = new WeakMap<readonly Searchable[], { name: string; symbol: string }[]>();

function searchKeys(coins: readonly Searchable[]): { name: string; symbol: string }[] {
  let keys = keysByList.get(coins);
  if (!keys) {
    keys = coins.map((coin) => ({ name: fold(coin.name), symbol: fold(coin.symbol) }));
    keysByList.set(coins, keys);
  }
  return keys;
}

/**
 * Case-insensitive exact symbol match (the data says "pTGC" where lists say "PTGC").
 * Symbols are not unique across chains, so the first match wins: pass coins in rank order.
 */
export function findCoinBySymbol<C extends { symbol: string }>(
  coins: readonly C[],
  symbol: string | null | undefined,
): C | undefined {
  const wanted = fold(symbol?.trim() ?? "");
  if (wanted === "") return undefined;
  return coins.find((coin) => fold(coin.symbol) === wanted);
}
