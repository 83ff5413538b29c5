// The address of a comparison page, /compare/{coin1}/{coin2}, and how a requested address maps
// to coins: canonical ids are served, near misses (an upper-case id, a symbol that names exactly
// one coin) redirect to the canonical address, anything else is not found. Pure: the caller
// passes lookups built once per refresh, so resolving costs the same at any number of coins.
import { isCoinId } from "../coins/coin-id";

export const COMPARE_BASE_PATH = "/compare";

export function pairPath(coin1Id: string, coin2Id: string): string {
  return `${COMPARE_BASE_PATH}/${coin1Id}/${coin2Id}`;
}

export type PairLookup<C extends { id: string }> = {
  byId: ReadonlyMap<string, C>;
  /** Coins by lower-cased symbol (toLowerCase, as the coin search folds). */
  bySymbol: ReadonlyMap<string, readonly C[]>;
};

export type PairResolution<C> =
  | { kind: "pair"; coin1: C; coin2: C }
  | { kind: "redirect"; path: string }
  | { kind: "not-found" };

/** Longer than any id or symbol: not worth a lookup. */
const MAX_SEGMENT = 64;

/** One address segment to its coin: `canonical` when it is the id itself (the coin pages use it too). */
export function resolveSegment<C extends { id: string }>(lookup: PairLookup<C>, segment: string): { coin: C; canonical: boolean } | null {
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

/** `segment1`/`segment2` as Next hands them over (decoded path segments). */
export function resolvePair<C extends { id: string }>(lookup: PairLookup<C>, segment1: string, segment2: string): PairResolution<C> {
  const first = resolveSegment(lookup, segment1);
  const second = resolveSegment(lookup, segment2);
  if (!first || !second || first.coin.id === second.coin.id) return { kind: "not-found" };
  if (!first.canonical || !second.canonical) return { kind: "redirect", path: pairPath(first.coin.id, second.coin.id) };
  return { kind: "pair", coin1: first.coin, coin2: second.coin };
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
