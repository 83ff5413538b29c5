// One comparison answered whole for GET /api/pairs/{coin1}/{coin2} (pair-answer-schema.ts). Pure:
// the same maths as the pair page (comparison.ts, ladder.ts, what-it-takes.ts), on the supply
// bases asked for.
import type { Coin } from "../coins/schemas";
import { basisPhrase, pickBasis, type BasisFigure, type PairBases, type SupplyBasis } from "../coins/supply-bases";
import { amountOf, netBuyingToReach, type PoolsForTargets } from "../coins/what-it-takes";
import { DomainError } from "../errors/domain-error";
import { comparisonFailureMessage, computeAthComparison, computeComparison } from "./comparison";
import { targetLadder } from "./ladder";
import type { PairAnswer } from "./pair-answer-schema";

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
  // Net buying in USD and PLS (null: coin 1 is not priced from pools).
  const amount = (usd: number | null) => (usd === null ? null : amountOf(usd, targets!.plsUsd));
  const wouldTake = (price: number) => amount(netBuyingToReach(targets?.pools ?? [], price));

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
