// A coin named in an address (/coins/{id}, /compare/{coin1}/{coin2}): canonical ids are served,
// near misses (an upper-case id, a symbol that names exactly one coin) are redirected to the id,
// anything else is not found. Pure: the caller passes lookups built once per refresh (the coin
// snapshot's), so resolving costs the same at any number of coins.
import { isCoinId } from "./coin-id";

export type CoinLookup<C extends { id: string }> = {
  byId: ReadonlyMap<string, C>;
  /** Coins by lower-cased symbol (toLowerCase, as the coin search folds). */
  bySymbol: ReadonlyMap<string, readonly C[]>;
};

/** Longer than any id or symbol: not worth a lookup. */
const MAX_SEGMENT = 64;

/** One address segment to its coin: `canonical` when it is the id itself (the coin pages use it too). */
export function resolveSegment<C extends { id: string }>(lookup: CoinLookup<C>, segment: string): { coin: C; canonical: boolean } | null {
  if (segment.length === 0 || segment.length > MAX_SEGMENT) return null;
  const exact = isCoinId(segment) ? lookup.byId.get(segment) : undefined;
  if (exact) return { coin: exact, canonical: true };
  const lower = segment.toLowerCase();
  const byLowerId = isCoinId(lower) ? lookup.byId.get(lower) : undefined;
  if (byLowerId) return { coin: byLowerId, canonical: false };
  const bySymbol = lookup.bySymbol.get(lower);
  // A symbol shared by several coins (PEPE on two chains) names none of them.
  return bySymbol?.length === 1 ? { coin: bySymbol[0]!, canonical: false } : null;
}

/** Coins by lower-cased symbol, in the order given (rank order from the snapshot). */
export function indexBySymbol<C extends { symbol: string }>(coins: readonly C[]): Map<string, C[]> {
  const bySymbol = new Map<string, C[]>();
  for (const coin of coins) {
    const key = coin.symbol.toLowerCase();
    const list = bySymbol.get(key);
    if (list) list.push(coin);
    else bySymbol.set(key, [coin]);
  }
  return bySymbol;
}
