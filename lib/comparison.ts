// The market-cap comparison (spec section 5): "what would coin 1 cost at coin 2's market cap?"

/** The fields a comparison reads; callers pass their full coin objects. */
export type ComparableCoin = {
  id: string;
  currentPrice: number | null | undefined;
  marketCap: number | null | undefined;
  symbol?: string | null;
};

export type ComparisonFailure = "same-coin" | "missing-market-cap";

export type Comparison<C1 extends ComparableCoin, C2 extends ComparableCoin> =
  | {
      comparable: true;
      coin1: C1;
      coin2: C2;
      /** marketCap2 / marketCap1 */
      multiplier: number;
      /** currentPrice1 × multiplier */
      projectedPrice: number;
      /** marketCap2 − marketCap1 */
      marketCapDifference: number;
    }
  | {
      comparable: false;
      coin1: C1;
      coin2: C2;
      reason: ComparisonFailure;
      /** The coin whose data is unusable; null for "same-coin". */
      invalidCoin: C1 | C2 | null;
    };

/** A market cap is usable only when positive and finite: it is a divisor or the target. */
function usableMarketCap(coin: ComparableCoin): number | null {
  const cap = coin.marketCap;
  return typeof cap === "number" && Number.isFinite(cap) && cap > 0 ? cap : null;
}

/** Price 0 is allowed (it projects to 0); negative or non-finite is bad data. */
function usablePrice(coin: ComparableCoin): number | null {
  const price = coin.currentPrice;
  return typeof price === "number" && Number.isFinite(price) && price >= 0 ? price : null;
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
  const fail = (reason: ComparisonFailure, invalidCoin: C1 | C2 | null): Comparison<C1, C2> => ({
    comparable: false,
    coin1,
    coin2,
    reason,
    invalidCoin,
  });
  if (coin1.id === coin2.id) return fail("same-coin", null);
  const marketCap1 = usableMarketCap(coin1);
  const price1 = usablePrice(coin1);
  if (marketCap1 === null || price1 === null) return fail("missing-market-cap", coin1);
  const marketCap2 = usableMarketCap(coin2);
  if (marketCap2 === null) return fail("missing-market-cap", coin2);

  const multiplier = marketCap2 / marketCap1;
  const projectedPrice = price1 * multiplier;
  // Caps a double can't divide: coin 2's underflows the ratio to 0, coin 1's overflows it.
  if (multiplier === 0) return fail("missing-market-cap", coin2);
  if (!Number.isFinite(multiplier) || !Number.isFinite(projectedPrice)) return fail("missing-market-cap", coin1);
  return {
    comparable: true,
    coin1,
    coin2,
    multiplier,
    projectedPrice,
    marketCapDifference: marketCap2 - marketCap1,
  };
}

/** The user-facing message for a failed comparison; `symbol` names the coin with bad data. */
export function comparisonFailureMessage(reason: ComparisonFailure, symbol?: string | null): string {
  if (reason === "same-coin") return "Pick two different coins to compare.";
  const name = symbol?.trim() || "One of these coins";
  return `${name} has no market cap data, so it can't be compared.`;
}
