// What a comparison page shows, read from the cached coin snapshot: one lookup per coin, so a
// page costs the same at any number of coins.
import "server-only";
import { cache } from "react";
import { getCoinsByIdsOrThrow, pairSupplyBases, poolsForTargets } from "../coins/queries.server";
import { getCoinSnapshot } from "../coins/snapshot.server";
import { topCoinsBesides } from "../coins/top-coins";
import { computeComparison, type Comparison } from "./comparison";
import type { Coin } from "../coins/schemas";
import { resolvePair } from "./pair-route";
import type { PoolsForTargets } from "../coins/what-it-takes";
import type { PairBases, SupplyBasis } from "../coins/supply-bases";
import { answerPair } from "./pair-answer";
import type { PairAnswer } from "./pair-answer-schema";

/** How many other top coins the page links coin 1 to. */
export const RELATED_PAIRS = 8;

export type PairPageData =
  | { kind: "pair"; result: Comparison<Coin, Coin>; related: Coin[]; targets: PoolsForTargets | null; bases: PairBases }
  | { kind: "redirect"; path: string }
  | { kind: "not-found" };

/** Once per render: the page and its metadata both ask (React's `cache` dedupes within a request). */
export const getPairPage = cache(async (segment1: string, segment2: string): Promise<PairPageData> => {
  const snapshot = await getCoinSnapshot();
  const resolved = resolvePair(snapshot, segment1, segment2);
  if (resolved.kind !== "pair") return resolved;
  const { coin1, coin2 } = resolved;
  return {
    kind: "pair",
    result: computeComparison(coin1, coin2),
    related: topCoinsBesides(snapshot.coins, [coin1.id, coin2.id], RELATED_PAIRS),
    // Coin 1's pools: what each target would take (lib/coins/what-it-takes.ts).
    targets: poolsForTargets(snapshot, coin1.id),
    // Both coins' market caps on each supply basis they have (lib/coins/supply-bases.ts).
    bases: pairSupplyBases(snapshot, coin1.id, coin2.id),
  };
});

/** GET /api/pairs/{coin1}/{coin2}: the comparison answered whole, from the same snapshot as the page. */
export async function getPairAnswer(id1: string, id2: string, asked: { supply1?: SupplyBasis; supply2?: SupplyBasis }): Promise<PairAnswer> {
  return (await getPairAnswerWithTargets(id1, id2, asked)).answer;
}

/** The pair's answer and coin 1's pools it was worked from, for answers at further targets (pair-choice.server.ts). */
export async function getPairAnswerWithTargets(
  id1: string,
  id2: string,
  asked: { supply1?: SupplyBasis; supply2?: SupplyBasis },
): Promise<{ answer: PairAnswer; targets: PoolsForTargets | null }> {
  await getCoinsByIdsOrThrow([id1, id2]); // a 404 naming an unknown id
  const snapshot = await getCoinSnapshot();
  const targets = poolsForTargets(snapshot, id1);
  const answer = answerPair({ coin1: snapshot.byId.get(id1)!, coin2: snapshot.byId.get(id2)!, bases: pairSupplyBases(snapshot, id1, id2), targets, asked });
  return { answer, targets };
}
