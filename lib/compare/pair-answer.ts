// One comparison answered whole for GET /api/pairs/{coin1}/{coin2} (pair-answer-schema.ts). Pure:
// the same maths as the pair page (comparison.ts, ladder.ts, what-it-takes.ts), on the supply
// bases asked for.
import type { Coin } from "../coins/schemas";
import { basisPhrase, pickBasis, type BasisFigure, type PairBases, type SupplyBasis } from "../coins/supply-bases";
import { amountOf, netBuyingToReach, type Amount, type PoolsForTargets } from "../coins/what-it-takes";
import { DomainError } from "../errors/domain-error";
import { comparisonFailureMessage, computeAthComparison, computeComparison, computeTypedCapComparison } from "./comparison";
import { targetLadder } from "./ladder";
import type { PairAnswer, TargetAnswer } from "./pair-answer-schema";

type Asked = { supply1?: SupplyBasis; supply2?: SupplyBasis };

/** The coin's market cap on the basis asked for; a basis the coin does not have is the caller's mistake. */
function onBasis(coin: Coin, figures: readonly BasisFigure[], asked: SupplyBasis | undefined): { basis: SupplyBasis; marketCap: number } {
  if (!asked || asked === "circulating") return { basis: "circulating", marketCap: coin.marketCap };
  const figure = pickBasis(figures, asked);
  if (figure?.basis !== asked) throw new DomainError("invalid_input", `${coin.symbol} has no ${basisPhrase(asked, coin.symbol)} figure: its bases are ${figures.map((f) => f.basis).join(", ") || "circulating"}.`);
  return { basis: asked, marketCap: figure.marketCap };
}

export function answerPair(input: { coin1: Coin; coin2: Coin; bases: PairBases; targets: PoolsForTargets | null; asked: Asked }): PairAnswer {
  const { coin1, coin2, bases, targets, asked } = input;
  if (coin1.id === coin2.id) throw new DomainError("invalid_input", comparisonFailureMessage("same-coin"));
  const supply = { coin1: onBasis(coin1, bases.coin1, asked.supply1), coin2: onBasis(coin2, bases.coin2, asked.supply2) };
  const on1 = { ...coin1, marketCap: supply.coin1.marketCap };
  const on2 = { ...coin2, marketCap: supply.coin2.marketCap };
  const amount = (usd: number | null) => amountOrNull(usd, targets);
  const wouldTake = (price: number) => wouldTakeAt(targets, price);

  const today = computeComparison(on1, on2);
  const ath = computeAthComparison(on1, on2);
  const ladder = today.comparable ? targetLadder(today, targets?.pools ?? null) : null;
  return {
    coin1,
    coin2,
    supply,
    today: today.comparable ? { targetMarketCap: on2.marketCap, multiplier: today.multiplier, projectedPrice: today.projectedPrice, wouldTake: wouldTake(today.projectedPrice) } : null,
    ath: ath.comparable
      ? { targetMarketCap: ath.athMarketCap, multiplier: ath.multiplier, projectedPrice: ath.projectedPrice, wouldTake: wouldTake(ath.projectedPrice), at: ath.athMarketCapAt, estimated: ath.athMarketCapEstimated }
      : null,
    failure: today.comparable ? null : comparisonFailureMessage(today.reason, today.invalidCoin?.symbol),
    ladder: ladder && {
      progress: ladder.progress,
      steps: ladder.steps.map(({ share, marketCap, price, multiplier, buyingUsd }) => ({ share, marketCap, price, multiplier, wouldTake: amount(buyingUsd) })),
    },
  };
}

/** Net buying in USD and PLS (null: coin 1 is not priced from pools). */
const amountOrNull = (usd: number | null, targets: PoolsForTargets | null): Amount | null => (usd === null ? null : amountOf(usd, targets!.plsUsd));

/** What reaching `price` would take through coin 1's PulseX pools (null: not priced from pools). */
export function wouldTakeAt(targets: PoolsForTargets | null, price: number): Amount | null {
  return amountOrNull(netBuyingToReach(targets?.pools ?? [], price), targets);
}

/** Both coins as the answer counts them: each on its supply basis. */
const onBases = (answer: PairAnswer) => ({
  on1: { ...answer.coin1, marketCap: answer.supply.coin1.marketCap },
  on2: { ...answer.coin2, marketCap: answer.supply.coin2.marketCap },
});

/**
 * Coin 1, on the basis the answer counts it, at a market cap given outright (typed, or coin 2's on a
 * day): the pair page's typed and dated views, with what reaching it would take.
 */
export function answerAtCap(answer: PairAnswer, targets: PoolsForTargets | null, marketCap: number): { answer: TargetAnswer | null; failure: string | null } {
  const { on1 } = onBases(answer);
  const typed = computeTypedCapComparison(on1, marketCap);
  if (!typed.comparable) return { answer: null, failure: comparisonFailureMessage(typed.reason, on1.symbol) };
  const { targetMarketCap, multiplier, projectedPrice } = typed;
  return { answer: { targetMarketCap, multiplier, projectedPrice, wouldTake: wouldTakeAt(targets, projectedPrice) }, failure: null };
}

/** Why the answer has no figures at coin 2's high, in the page's words (null when it has them). */
export function athFailureOf(answer: PairAnswer): string | null {
  if (answer.ath) return null;
  const { on1, on2 } = onBases(answer);
  const high = computeAthComparison(on1, on2);
  return high.comparable ? null : comparisonFailureMessage(high.reason, high.invalidCoin?.symbol);
}
