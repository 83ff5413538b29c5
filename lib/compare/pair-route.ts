// The address of a comparison page, /compare/{coin1}/{coin2}, and how a requested address maps
// to coins: canonical ids are served, near misses (an upper-case id, a symbol that names exactly
// one coin) redirect to the canonical address, anything else is not found (each segment resolved
// as lib/coins/coin-lookup.ts resolves a coin page's). Pure.
import { resolveSegment, type CoinLookup } from "../coins/coin-lookup";
import type { ComparisonTarget } from "./comparison";

export const COMPARE_BASE_PATH = "/compare";

export function pairPath(coin1Id: string, coin2Id: string): string {
  return `${COMPARE_BASE_PATH}/${coin1Id}/${coin2Id}`;
}

/** The parameter that opens a pair's page at coin 2's all-time high (lib/compare/target-param.ts reads it). */
export const TARGET_PARAM = "target";

/**
 * A pair's page opened on a target: coin 2's all-time high is `?target=ath`, today's market cap
 * the plain address. Here rather than with the other choices (target-param.ts): the home page's
 * compare form needs only this, and ships no more (issue 53).
 */
export function pairTargetPath(coin1Id: string, coin2Id: string, target: ComparisonTarget): string {
  const path = pairPath(coin1Id, coin2Id);
  return target === "ath" ? `${path}?${TARGET_PARAM}=ath` : path;
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
