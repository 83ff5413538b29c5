// The address of a comparison page, /compare/{coin1}/{coin2}, and how a requested address maps
// to coins: canonical ids are served, near misses (an upper-case id, a symbol that names exactly
// one coin) redirect to the canonical address, anything else is not found (each segment resolved
// as lib/coins/coin-lookup.ts resolves a coin page's). Pure.
import { resolveSegment, type CoinLookup } from "../coins/coin-lookup";

export const COMPARE_BASE_PATH = "/compare";

export function pairPath(coin1Id: string, coin2Id: string): string {
  return `${COMPARE_BASE_PATH}/${coin1Id}/${coin2Id}`;
}

export type PairResolution<C> =
  | { kind: "pair"; coin1: C; coin2: C }
  | { kind: "redirect"; path: string }
  | { kind: "not-found" };

/** `segment1`/`segment2` as Next hands them over (decoded path segments). */
export function resolvePair<C extends { id: string }>(lookup: CoinLookup<C>, segment1: string, segment2: string): PairResolution<C> {
  const first = resolveSegment(lookup, segment1);
  const second = resolveSegment(lookup, segment2);
  if (!first || !second || first.coin.id === second.coin.id) return { kind: "not-found" };
  if (!first.canonical || !second.canonical) return { kind: "redirect", path: pairPath(first.coin.id, second.coin.id) };
  return { kind: "pair", coin1: first.coin, coin2: second.coin };
}
