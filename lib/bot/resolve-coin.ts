// A coin as someone types it to the bot ("hex", "HEX", "$hex", "ptgc"): resolved like the site's
// comparison addresses and coin search (lib/compare/pair-route.ts, lib/coins/coin-search.ts), so
// the bot and the site agree on what a word names. Pure: the caller passes the snapshot's lookups.
import { searchCoins } from "../coins/coin-search";
import { resolveSegment, type CoinLookup } from "../coins/coin-lookup";

type NamedCoin = { id: string; symbol: string; name: string };

/** At most this many coins to pick from: one keyboard row each, and an inline answer's few results. */
export const MAX_CHOICES = 6;

export type CoinMatch<C> =
  | { kind: "coin"; coin: C }
  /** A symbol several coins share (PEPE on two chains): the person picks one, in rank order. */
  | { kind: "ambiguous"; query: string; coins: C[] }
  /** Nothing by that id or symbol: the closest coin to suggest, when any is near. */
  | { kind: "unknown"; query: string; suggestion: C | null };

/** The snapshot's lookups and its coins by rank (a prefix search walks them). */
export type BotCoinLookup<C extends NamedCoin> = CoinLookup<C> & { coins: readonly C[] };

export function resolveCoin<C extends NamedCoin>(lookup: BotCoinLookup<C>, typed: string): CoinMatch<C> {
  // "$HEX" is how holders write a ticker in chats.
  const query = typed.trim().replace(/^\$(?=\S)/, "");
  const found = resolveSegment(lookup, query);
  if (found) return { kind: "coin", coin: found.coin };
  const sharing = lookup.bySymbol.get(query.toLowerCase());
  if (sharing && sharing.length > 1) return { kind: "ambiguous", query, coins: sharing.slice(0, MAX_CHOICES) };
  return { kind: "unknown", query, suggestion: closestCoin(lookup.coins, query) };
}

/**
 * The coin to suggest for a word that names none: the coin search's first hit (name or symbol
 * containing it, by rank), else the symbol or id fewest edits away when that is at most a third
 * of the word ("hxe" → HEX), else none.
 */
export function closestCoin<C extends NamedCoin>(coins: readonly C[], query: string): C | null {
  const needle = query.toLowerCase();
  if (!needle) return null;
  const hit = searchCoins(coins, needle)[0];
  if (hit) return hit;
  const allowed = Math.max(1, Math.floor(needle.length / 3));
  let best: { coin: C; distance: number } | null = null;
  for (const coin of coins) {
    const distance = Math.min(editDistance(needle, coin.symbol.toLowerCase(), allowed), editDistance(needle, coin.id, allowed));
    if (distance <= allowed && (!best || distance < best.distance)) best = { coin, distance };
  }
  return best?.coin ?? null;
}

/** Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}
