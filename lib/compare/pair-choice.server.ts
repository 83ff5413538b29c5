// The pair answered at a target chosen the pair page's way (choice-schema.ts: coin 2's cap today or
// at its high, a typed market cap, coin 2's cap on a day) with an amount held: the page's views,
// worked on the server for callers that have no page (the MCP server's `compare` tool, lib/mcp).
// The pair's own figures are GET /api/pairs/{coin1}/{coin2}'s, from the same function.
import "server-only";
import { getHistoryBody } from "../history/queries.server";
import type { HistoryPoint } from "../history/schemas";
import type { SupplyBasis } from "../coins/supply-bases";
import type { PoolsForTargets } from "../coins/what-it-takes";
import type { PairChoices } from "./choice-schema";
import { capOnDay, dayFailureMessage } from "./on-date";
import { answerAtCap, athFailureOf } from "./pair-answer";
import type { ChosenPairAnswer, ChosenTarget, PairAnswer } from "./pair-answer-schema";
import { getPairAnswerWithTargets } from "./pair-page.server";

export async function getChosenPairAnswer(id1: string, id2: string, asked: { supply1?: SupplyBasis; supply2?: SupplyBasis }, choices: PairChoices): Promise<ChosenPairAnswer> {
  const { answer, targets } = await getPairAnswerWithTargets(id1, id2, asked);
  const chosen = await chooseTarget(answer, targets, choices);
  const hold = choices.hold;
  const holding = hold === undefined ? null : { amount: hold, worthToday: hold * answer.coin1.currentPrice, worthAtTarget: chosen.answer ? hold * chosen.answer.projectedPrice : null };
  return { ...answer, chosen, holding };
}

/** As the page reads its address: a typed market cap wins over a day, and both over `target`. */
async function chooseTarget(answer: PairAnswer, targets: PoolsForTargets | null, choices: PairChoices): Promise<ChosenTarget> {
  if (choices.mcap !== undefined) return { target: "cap", day: null, sample: false, ...answerAtCap(answer, targets, choices.mcap) };
  if (choices.on !== undefined) {
    // Coin 2's whole stored history, as the date view reads it (the API's ?range=all, cached the same way).
    const points = JSON.parse(await getHistoryBody(answer.coin2.id, "all")) as HistoryPoint[];
    const found = capOnDay(points, choices.on);
    if (found.kind !== "found") return { target: "date", day: found.kind === "no-history" ? choices.on : found.day, sample: false, answer: null, failure: dayFailureMessage(found, answer.coin2.symbol) };
    return { target: "date", day: found.day, sample: found.sample, ...answerAtCap(answer, targets, found.marketCap) };
  }
  if (choices.target === "ath") {
    const ath = answer.ath && { targetMarketCap: answer.ath.targetMarketCap, multiplier: answer.ath.multiplier, projectedPrice: answer.ath.projectedPrice, wouldTake: answer.ath.wouldTake };
    return { target: "ath", day: null, sample: false, answer: ath, failure: athFailureOf(answer) };
  }
  return { target: "today", day: null, sample: false, answer: answer.today, failure: answer.failure };
}
