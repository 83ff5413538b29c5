// A coin as someone types it to the bot ("hex", "HEX", "$hex", "ptgc"): resolved like the site's
// comparison addresses and coin search (lib/compare/pair-route.ts, lib/coins/coin-search.ts), so
// the bot and the site agree on what a word names. Pure: the caller passes the snapshot's lookups.
import { searchCoins } from "../coins/coin-search";
import { indexBySymbol, resolveSegment, type CoinLookup } from "../coins/coin-lookup";
import { closestCoinFinder, type ClosestCoinFinder } from "./closest-coin";
import { editDistance } from "./edit-distance";

type NamedCoin = { id: string; symbol: string; name: string };

/** At most this many coins to pick from: one keyboard row each, and an inline answer's few results. */
export const MAX_CHOICES = 6;

export type CoinMatch<C> =
  | { kind: "coin"; coin: C }
  /** A symbol several coins share (PEPE on two chains): the person picks one, in rank order. */
  | { kind: "ambiguous"; query: string; coins: C[] }
  /** Nothing by that id or symbol: the closest coin to suggest, when any is near. */
  | { kind: "unknown"; query: string; suggestion: C | null };

/**
 * The snapshot's lookups and the closest-coin index built from its coins (lib/bot/closest-coin.ts):
 * built once per snapshot (lib/bot/coin-lookup.server.ts), so a word costs the same at any number of coins.
 */
export type BotCoinLookup<C extends NamedCoin> = CoinLookup<C> & { closest: ClosestCoinFinder<C> };

/** The bot's lookups over coins by rank (the server builds them once per snapshot). */
export function botCoinLookup<C extends NamedCoin>(coins: readonly C[]): BotCoinLookup<C> {
  return { byId: new Map(coins.map((coin) => [coin.id, coin])), bySymbol: indexBySymbol(coins), closest: closestCoinFinder(coins) };
}

export function resolveCoin<C extends NamedCoin>(lookup: BotCoinLookup<C>, typed: string): CoinMatch<C> {
  // "$HEX" is how holders write a ticker in chats.
  const query = typed.trim().replace(/^\$(?=\S)/, "");
  const found = resolveSegment(lookup, query);
  if (found) return { kind: "coin", coin: found.coin };
  const sharing = lookup.bySymbol.get(query.toLowerCase());
  if (sharing && sharing.length > 1) return { kind: "ambiguous", query, coins: sharing.slice(0, MAX_CHOICES) };
  return { kind: "unknown", query, suggestion: lookup.closest(query) };
}

/**
 * The coin to suggest for a word that names none: the coin search's first hit (name or symbol
 * containing it, by rank), else the symbol or id fewest edits away when that is at most a third
 * of the word ("hexx" → HEX; "hxe" is 2 edits from "hex", over its 1), else none. This is the definition, by a scan of every coin: the bot
 * answers from closestCoinFinder's index, which gives the same coin (tests/unit/bot/telegram-closest-coin.test.ts).
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
