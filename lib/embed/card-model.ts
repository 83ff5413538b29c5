// What each embeddable card says (issue 54), worked out from the coins and the card's address: the
// same maths and words as the page it stands for (comparison.ts, ladder.ts, target-copy.ts), as
// text ready to print, so the HTML card and its PNG cannot disagree. Pure: the caller brings the coins.
import type { Coin } from "../coins/schemas";
import { onBasisOf, pickBasis, type PairBases } from "../coins/supply-bases";
import { describePriceSource } from "../coins/price-source";
import { basesFromSearch, searchWithBases } from "../compare/basis-param";
import { comparisonFailureMessage, computeAthComparison, computeComparison, computeTypedCapComparison } from "../compare/comparison";
import { formatShare, targetLadder } from "../compare/ladder";
import { atTargetPhrase } from "../compare/target-copy";
import { choicesFromSearch, searchWithChoices, type ChosenTarget } from "../compare/target-param";
import { AMOUNT_RULES, MARKET_CAP_RULES, parseTypedNumber } from "../compare/typed-number";
import { formatMarketCap, formatPercentChange, formatPrice, formatResultMultiplier, formatTokenAmount, changeDirection, type ChangeDirection } from "../shared/format";
import { cardPagePath, cardSearch, cardTitle, themeFromSearch, type EmbedCard, type EmbedTheme } from "./embed-path";

/** A coin as a card draws it: its symbol, and its logo only when it is one of the site's own files (no other origin). */
export type CardCoin = { symbol: string; logo: string | null };

type CardBase = {
  theme: EmbedTheme;
  /** The card's title and the link's words: the question the page answers. */
  title: string;
  /** The page the card stands for, with the card's choices (the link opens it in a new tab). */
  pagePath: string;
  /** "Prices updated Nov 29, 2026, 17:20 UTC" or "Prices: snapshot of …": today's prices' age. */
  pricesLabel: string | null;
};

export type PairCardModel = CardBase & {
  kind: "pair";
  coin1: CardCoin;
  coin2: CardCoin;
  /** "at BTC's market cap", "at BTC's all-time-high market cap", "at a market cap of $100.00B". */
  targetPhrase: string;
  answer: { price: string; multiplier: string; targetCap: string } | { failure: string };
  /** `?hold=`: what that many coin 1 are worth today and at the target. */
  holding: { amount: string; today: string; atTarget: string } | null;
};

export type LadderCardModel = CardBase & {
  kind: "ladder";
  coin1: CardCoin;
  coin2: CardCoin;
  ladder: { progress: string; steps: { share: string; marketCap: string; price: string; multiplier: string }[] } | { failure: string };
};

export type CoinCardModel = CardBase & {
  kind: "coin";
  coin: CardCoin;
  price: string;
  marketCap: string;
  change24h: { text: string; direction: ChangeDirection | null };
};

export type CardModel = PairCardModel | LadderCardModel | CoinCardModel;

/** Only a path on this site: an operator may give a coin any https:// logo, and a card fetches from no other origin. */
export function cardCoin(coin: Pick<Coin, "symbol" | "logoUrl">): CardCoin {
  const local = coin.logoUrl?.startsWith("/") && !coin.logoUrl.startsWith("//");
  return { symbol: coin.symbol, logo: local ? coin.logoUrl : null };
}

const base = (card: EmbedCard, search: string, coins: readonly Coin[], title: string, pageSearch: string): CardBase => ({
  theme: themeFromSearch(search),
  title,
  pagePath: cardPagePath(card, pageSearch),
  pricesLabel: describePriceSource(coins)?.label ?? null,
});

type Answered = { comparable: true; projectedPrice: number; multiplier: number; targetCap: number } | { comparable: false; failure: string };

/** Coin 1 at the chosen target (coin 2's cap today or at its high, or the typed cap), or the page's failure message. */
function compareAt(target: Exclude<ChosenTarget, "date">, on1: Coin, on2: Coin, typedCap: number | null): Answered {
  if (target === "cap") {
    const typed = computeTypedCapComparison(on1, typedCap!);
    return typed.comparable ? { ...typed, targetCap: typed.targetMarketCap } : { comparable: false, failure: comparisonFailureMessage(typed.reason, on1.symbol) };
  }
  if (target === "ath") {
    const high = computeAthComparison(on1, on2);
    return high.comparable ? { ...high, targetCap: high.athMarketCap } : { comparable: false, failure: comparisonFailureMessage(high.reason, high.invalidCoin?.symbol) };
  }
  const today = computeComparison(on1, on2);
  return today.comparable ? { ...today, targetCap: on2.marketCap } : { comparable: false, failure: comparisonFailureMessage(today.reason, today.invalidCoin?.symbol) };
}

type PairInput = { coin1: Coin; coin2: Coin; bases: PairBases; search: string };

/** Both coins on the supply bases the address names (a basis a coin lacks falls back to circulating, as on the page). */
function onChosenBases({ coin1, coin2, bases, search }: PairInput) {
  const { basis1, basis2 } = basesFromSearch(search);
  return { on1: onBasisOf(coin1, pickBasis(bases.coin1, basis1)), on2: onBasisOf(coin2, pickBasis(bases.coin2, basis2)) };
}

export function pairCardModel(input: PairInput): PairCardModel {
  const { coin1, coin2 } = input;
  const search = cardSearch("pair", input.search);
  const { on1, on2 } = onChosenBases({ ...input, search });
  const choices = choicesFromSearch(search);
  // The card has no day of history (no ?on=): a date target reads as today's.
  const target = choices.target === "date" ? "today" : choices.target;
  const typed = target === "cap" ? parseTypedNumber(choices.capText, MARKET_CAP_RULES) : null;
  const typedCap = typed?.kind === "ok" ? typed.value : null;

  const result = typed && typed.kind !== "ok" ? null : compareAt(target, on1, on2, typedCap);
  let answer: PairCardModel["answer"];
  if (!result) answer = { failure: typed?.kind === "invalid" ? typed.reason : "This link's market cap is empty." };
  else if (!result.comparable) answer = { failure: result.failure };
  else answer = { price: formatPrice(result.projectedPrice), multiplier: formatResultMultiplier(result.multiplier), targetCap: formatMarketCap(result.targetCap) };

  // The amount held is worked out only beside an answer; a malformed one is left out, as the page's field would show it unparsed.
  const hold = choices.holdText ? parseTypedNumber(choices.holdText, AMOUNT_RULES) : null;
  const holding =
    hold?.kind === "ok" && result?.comparable
      ? { amount: `${formatTokenAmount(hold.value)} ${coin1.symbol}`, today: formatPrice(hold.value * coin1.currentPrice), atTarget: formatPrice(hold.value * result.projectedPrice) }
      : null;

  const pageSearch = searchWithBases(searchWithChoices("", { ...choices, target }), basesFromSearch(search));
  return {
    kind: "pair",
    ...base({ kind: "pair", coin1: coin1.id, coin2: coin2.id }, search, [coin1, coin2], cardTitle("pair", coin1.symbol, coin2.symbol), pageSearch),
    coin1: cardCoin(coin1),
    coin2: cardCoin(coin2),
    targetPhrase: atTargetPhrase(target, coin2.symbol, typedCap),
    answer,
    holding,
  };
}

export function ladderCardModel(input: PairInput): LadderCardModel {
  const { coin1, coin2 } = input;
  const search = cardSearch("ladder", input.search);
  const { on1, on2 } = onChosenBases({ ...input, search });
  const today = computeComparison(on1, on2);
  let ladder: LadderCardModel["ladder"];
  if (today.comparable) {
    const { progress, steps } = targetLadder(today, null);
    ladder = {
      progress: formatShare(progress),
      steps: steps.map((step) => ({ share: formatShare(step.share), marketCap: formatMarketCap(step.marketCap), price: formatPrice(step.price), multiplier: formatResultMultiplier(step.multiplier) })),
    };
  } else ladder = { failure: comparisonFailureMessage(today.reason, today.invalidCoin?.symbol) };
  return {
    kind: "ladder",
    ...base({ kind: "ladder", coin1: coin1.id, coin2: coin2.id }, search, [coin1, coin2], cardTitle("ladder", coin1.symbol, coin2.symbol), searchWithBases("", basesFromSearch(search))),
    coin1: cardCoin(coin1),
    coin2: cardCoin(coin2),
    ladder,
  };
}

export function coinCardModel(coin: Coin, search: string): CoinCardModel {
  const direction = changeDirection(coin.priceChange24h);
  return {
    kind: "coin",
    ...base({ kind: "coin", coin: coin.id }, cardSearch("coin", search), [coin], cardTitle("coin", coin.symbol), ""),
    coin: cardCoin(coin),
    price: formatPrice(coin.currentPrice),
    marketCap: formatMarketCap(coin.marketCap),
    change24h: { text: formatPercentChange(coin.priceChange24h, 2), direction },
  };
}
