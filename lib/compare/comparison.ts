// The market-cap comparison (spec section 5): "what would coin 1 cost at coin 2's market cap?"

/** The fields a comparison reads; callers pass their full coin objects. */
export type ComparableCoin = {
  id: string;
  currentPrice: number | null | undefined;
  marketCap: number | null | undefined;
  symbol?: string | null;
  /** Read only by computeAthComparison: coin 2's all-time-high market cap, when it is known. */
  athMarketCap?: number | null;
  athMarketCapAt?: string | null;
  athMarketCapEstimated?: boolean;
};

/** What coin 1 is measured against: coin 2's market cap today, or its all-time high. */
export type ComparisonTarget = "today" | "ath";

export type ComparisonFailure = "same-coin" | "missing-market-cap";
/** The all-time-high target fails the same ways, and when coin 2 has no high on record. */
export type AthComparisonFailure = ComparisonFailure | "no-all-time-high";

/**
 * What a comparison at one of coin 2's caps reports: the maths (plus what the target adds), or
 * why it failed and which coin's data is unusable (null for "same-coin").
 */
type ComparisonOf<C1 extends ComparableCoin, C2 extends ComparableCoin, Failure, Target = object> =
  | ({
      comparable: true;
      coin1: C1;
      coin2: C2;
      /** The target cap / marketCap1 */
      multiplier: number;
      /** currentPrice1 × multiplier */
      projectedPrice: number;
      /** The target cap − marketCap1 */
      marketCapDifference: number;
    } & Target)
  | { comparable: false; coin1: C1; coin2: C2; reason: Failure; invalidCoin: C1 | C2 | null };

/** Coin 1 at coin 2's market cap today. */
export type Comparison<C1 extends ComparableCoin, C2 extends ComparableCoin> = ComparisonOf<C1, C2, ComparisonFailure>;

/** A market cap is usable only when positive and finite: it is a divisor or the target. */
function usableMarketCap(coin: ComparableCoin): number | null {
  return positiveFinite(coin.marketCap);
}

function positiveFinite(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

/** Price 0 is allowed (it projects to 0); negative or non-finite is bad data. */
function usablePrice(coin: ComparableCoin): number | null {
  const price = coin.currentPrice;
  return typeof price === "number" && Number.isFinite(price) && price >= 0 ? price : null;
}

type CapOutcome =
  | { ok: true; targetMarketCap: number; multiplier: number; projectedPrice: number; marketCapDifference: number }
  | { ok: false; reason: ComparisonFailure; invalid: "coin1" | "coin2" | null };

/**
 * The maths shared by both targets: coin 1 at `marketCap2`, a cap of coin 2 (today's or its high).
 * "same-coin" is checked first because picking another coin is what the user must do either way.
 */
function compareAtCap(coin1: ComparableCoin, coin2: ComparableCoin, marketCap2: number | null): CapOutcome {
  if (coin1.id === coin2.id) return { ok: false, reason: "same-coin", invalid: null };
  return valueAtCap(coin1, marketCap2);
}

/** Coin 1 valued at `marketCap2`, whoever's cap that is. */
function valueAtCap(coin1: ComparableCoin, marketCap2: number | null): CapOutcome {
  const marketCap1 = usableMarketCap(coin1);
  const price1 = usablePrice(coin1);
  if (marketCap1 === null || price1 === null) return { ok: false, reason: "missing-market-cap", invalid: "coin1" };
  if (marketCap2 === null) return { ok: false, reason: "missing-market-cap", invalid: "coin2" };

  const multiplier = marketCap2 / marketCap1;
  const projectedPrice = price1 * multiplier;
  // Caps a double can't divide: coin 2's underflows the ratio to 0, coin 1's overflows it.
  if (multiplier === 0) return { ok: false, reason: "missing-market-cap", invalid: "coin2" };
  if (!Number.isFinite(multiplier) || !Number.isFinite(projectedPrice)) return { ok: false, reason: "missing-market-cap", invalid: "coin1" };
  return { ok: true, targetMarketCap: marketCap2, multiplier, projectedPrice, marketCapDifference: marketCap2 - marketCap1 };
}

/**
 * Compares coin 1 at coin 2's market cap. "same-coin" is checked first because picking another
 * coin is what the user must do either way. Only coin 1's price enters the maths, so coin 2's
 * price never blocks a comparison. Bad price data reports "missing-market-cap" too (the spec
 * has no separate reason), and so do values so extreme that the maths leaves double range.
 */
export function computeComparison<C1 extends ComparableCoin, C2 extends ComparableCoin = C1>(
  coin1: C1,
  coin2: C2,
): Comparison<C1, C2> {
  const outcome = compareAtCap(coin1, coin2, usableMarketCap(coin2));
  if (!outcome.ok) {
    const invalidCoin = outcome.invalid === "coin1" ? coin1 : outcome.invalid === "coin2" ? coin2 : null;
    return { comparable: false, coin1, coin2, reason: outcome.reason, invalidCoin };
  }
  const { multiplier, projectedPrice, marketCapDifference } = outcome;
  return { comparable: true, coin1, coin2, multiplier, projectedPrice, marketCapDifference };
}

/** Coin 1 at coin 2's all-time-high market cap, with that high. */
export type AthComparison<C1 extends ComparableCoin, C2 extends ComparableCoin> = ComparisonOf<
  C1,
  C2,
  AthComparisonFailure,
  {
    /** Coin 2's all-time-high market cap, the target. */
    athMarketCap: number;
    /** When coin 2 set that high (ISO), or null when the date is unknown. */
    athMarketCapAt: string | null;
    /** The high is that day's price × today's supply: the old supply is unknown. */
    athMarketCapEstimated: boolean;
  }
>;

/**
 * Coin 1 at coin 2's all-time-high market cap: the same maths as computeComparison with coin 2's
 * high as the target. Coin 1 is still valued at today's cap and price. A coin 2 without a usable
 * high fails with "no-all-time-high" (not "missing-market-cap": its cap today may be fine).
 */
export function computeAthComparison<C1 extends ComparableCoin, C2 extends ComparableCoin = C1>(
  coin1: C1,
  coin2: C2,
): AthComparison<C1, C2> {
  const high = positiveFinite(coin2.athMarketCap);
  const outcome = compareAtCap(coin1, coin2, high);
  if (!outcome.ok) {
    const noHigh = outcome.reason === "missing-market-cap" && outcome.invalid === "coin2";
    const invalidCoin = outcome.invalid === "coin1" ? coin1 : outcome.invalid === "coin2" ? coin2 : null;
    return { comparable: false, coin1, coin2, reason: noHigh ? "no-all-time-high" : outcome.reason, invalidCoin };
  }
  return {
    comparable: true,
    coin1,
    coin2,
    multiplier: outcome.multiplier,
    projectedPrice: outcome.projectedPrice,
    marketCapDifference: outcome.marketCapDifference,
    athMarketCap: outcome.targetMarketCap,
    athMarketCapAt: coin2.athMarketCapAt ?? null,
    athMarketCapEstimated: coin2.athMarketCapEstimated === true,
  };
}

export type TypedCapComparison<C1 extends ComparableCoin> =
  | { comparable: true; coin1: C1; /** The typed cap / marketCap1 */ multiplier: number; projectedPrice: number; targetMarketCap: number }
  | { comparable: false; coin1: C1; reason: "missing-market-cap" };

/**
 * Coin 1 at a market cap the visitor typed ("HEX at a $100B market cap"): the same maths with a
 * number as the target. Only coin 1 can make it fail (the typed cap is checked where it is typed).
 */
export function computeTypedCapComparison<C1 extends ComparableCoin>(coin1: C1, marketCap: number): TypedCapComparison<C1> {
  const outcome = valueAtCap(coin1, positiveFinite(marketCap));
  if (!outcome.ok) return { comparable: false, coin1, reason: "missing-market-cap" };
  return { comparable: true, coin1, multiplier: outcome.multiplier, projectedPrice: outcome.projectedPrice, targetMarketCap: outcome.targetMarketCap };
}

/** The user-facing message for a failed comparison; `symbol` names the coin with bad data. */
export function comparisonFailureMessage(reason: AthComparisonFailure, symbol?: string | null): string {
  if (reason === "same-coin") return "Pick two different coins to compare.";
  if (reason === "no-all-time-high") return `${symbol?.trim() || "This coin"} has no all-time-high market cap on record yet.`;
  const name = symbol?.trim() || "One of these coins";
  return `${name} has no market cap data, so it can't be compared.`;
}
