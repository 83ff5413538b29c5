// What reaching a price or a market cap would take through a coin's PulseX pools, read from the
// coin snapshot as the pair page reads coin 1's (what-it-takes-schema.ts says what it answers).
import "server-only";
import { getCoinOrThrow, priceAccountOf, poolsForTargets } from "../coins/queries.server";
import { getCoinSnapshot } from "../coins/snapshot.server";
import { DomainError } from "../errors/domain-error";
import { comparisonFailureMessage, computeTypedCapComparison } from "./comparison";
import { wouldTakeAt } from "./pair-answer";
import { whatItTakesAssumptions, whatItTakesSentence } from "./what-it-takes-copy";
import type { CoinTarget, WhatItTakesAnswer } from "./what-it-takes-schema";

export async function getWhatItTakes({ id, price, mcap }: CoinTarget): Promise<WhatItTakesAnswer> {
  const coin = await getCoinOrThrow(id); // a 404 naming an unknown id
  const snapshot = await getCoinSnapshot();
  const targets = poolsForTargets(snapshot, id);
  let target: WhatItTakesAnswer["target"];
  if (mcap !== undefined) {
    // The coin page's "at any market cap": the same maths as a comparison at a typed cap.
    const typed = computeTypedCapComparison(coin, mcap);
    if (!typed.comparable) throw new DomainError("invalid_input", comparisonFailureMessage(typed.reason, coin.symbol));
    target = { price: typed.projectedPrice, marketCap: mcap, multiplier: typed.multiplier };
  } else {
    const multiplier = coin.currentPrice > 0 ? price! / coin.currentPrice : null;
    target = { price: price!, marketCap: multiplier === null ? null : coin.marketCap * multiplier, multiplier };
  }
  const sentence = whatItTakesSentence(target.price, coin.currentPrice, targets);
  return {
    coin: { id: coin.id, symbol: coin.symbol, currentPrice: coin.currentPrice, marketCap: coin.marketCap },
    target,
    wouldTake: wouldTakeAt(targets, target.price),
    depth: priceAccountOf(snapshot, id).depth,
    explanation: sentence && targets ? `${sentence} ${whatItTakesAssumptions(targets)}` : null,
  };
}
