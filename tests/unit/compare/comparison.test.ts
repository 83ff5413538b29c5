import fc from "fast-check";
import { type ComparableCoin, comparisonFailureMessage, computeComparison } from "@/lib/compare/comparison";

type TestCoin = ComparableCoin & { symbol: string; name: string };

function coin(id: string, currentPrice: number | null, marketCap: number | null): TestCoin {
  return { id, symbol: id.toUpperCase(), name: `Coin ${id}`, currentPrice, marketCap };
}

const pls = coin("pls", 0.00003, 4e9);
const hex = coin("hex", 0.005, 3e9);
const btc = coin("btc", 65000, 1.3e12);

describe("computeComparison: the spec's formulas", () => {
  test("PLS at HEX's market cap", () => {
    expect(computeComparison(pls, hex)).toEqual({
      comparable: true,
      coin1: pls,
      coin2: hex,
      multiplier: 0.75,
      projectedPrice: 0.00003 * 0.75,
      marketCapDifference: -1e9,
    });
  });

  test("PLS at BTC's market cap", () => {
    const result = computeComparison(pls, btc);
    if (!result.comparable) throw new Error("expected comparable");
    expect(result.multiplier).toBe(325);
    expect(result.projectedPrice).toBeCloseTo(0.00975, 12);
    expect(result.marketCapDifference).toBe(1.296e12);
  });

  test("price 0 is allowed and projects to 0", () => {
    const result = computeComparison(coin("a", 0, 100), coin("b", 1, 200));
    expect(result).toMatchObject({ comparable: true, multiplier: 2, projectedPrice: 0, marketCapDifference: 100 });
  });

  test("returns the callers' own coin objects", () => {
    const result = computeComparison(pls, hex);
    expect(result.coin1).toBe(pls);
    expect(result.coin2).toBe(hex);
    expect(result.coin1.name).toBe("Coin pls");
  });
});

describe("computeComparison: not comparable", () => {
  test("same id is same-coin, even with other fields differing", () => {
    expect(computeComparison(pls, { ...pls, marketCap: 1 })).toEqual({
      comparable: false,
      coin1: pls,
      coin2: { ...pls, marketCap: 1 },
      reason: "same-coin",
      invalidCoin: null,
    });
  });

  test("same-coin wins over missing data", () => {
    const broken = coin("x", null, null);
    expect(computeComparison(broken, broken)).toMatchObject({ reason: "same-coin", invalidCoin: null });
  });

  test.each<[string, number | null]>([
    ["zero", 0],
    ["negative zero", -0],
    ["negative", -5],
    ["null", null],
    ["NaN", NaN],
    ["Infinity", Infinity],
    ["-Infinity", -Infinity],
  ])("coin 1 market cap %s → missing-market-cap", (_, marketCap) => {
    const bad = coin("bad", 1, marketCap);
    expect(computeComparison(bad, hex)).toMatchObject({ comparable: false, reason: "missing-market-cap", invalidCoin: bad });
  });

  test.each<[string, number | null]>([
    ["zero", 0],
    ["negative", -5],
    ["null", null],
    ["NaN", NaN],
    ["Infinity", Infinity],
  ])("coin 2 market cap %s → missing-market-cap", (_, marketCap) => {
    const bad = coin("bad", 1, marketCap);
    expect(computeComparison(pls, bad)).toMatchObject({ comparable: false, reason: "missing-market-cap", invalidCoin: bad });
  });

  test("undefined market cap → missing-market-cap", () => {
    const bad = { id: "u", currentPrice: 1, marketCap: undefined };
    expect(computeComparison(bad, hex)).toMatchObject({ reason: "missing-market-cap", invalidCoin: bad });
  });

  test("both bad: coin 1 is reported first", () => {
    const bad1 = coin("b1", 1, 0);
    const bad2 = coin("b2", 1, null);
    expect(computeComparison(bad1, bad2)).toMatchObject({ reason: "missing-market-cap", invalidCoin: bad1 });
  });

  test.each<[string, number | null]>([
    ["negative", -1],
    ["null", null],
    ["NaN", NaN],
    ["Infinity", Infinity],
  ])("coin 1 price %s → missing-market-cap", (_, price) => {
    const bad = coin("bad", price, 1e9);
    expect(computeComparison(bad, hex)).toMatchObject({ reason: "missing-market-cap", invalidCoin: bad });
  });

  test("coin 2's price is not used, so a bad one does not block", () => {
    expect(computeComparison(pls, coin("np", null, 8e9))).toMatchObject({ comparable: true, multiplier: 2 });
  });

  test("maths outside double range is not comparable rather than Infinity or 0", () => {
    const tiny = coin("tiny", 1, Number.MIN_VALUE);
    expect(computeComparison(tiny, btc)).toMatchObject({ comparable: false, reason: "missing-market-cap", invalidCoin: tiny });
    const pricey = coin("pricey", 1e300, 1);
    expect(computeComparison(pricey, coin("big", 1, 1e10))).toMatchObject({ comparable: false, invalidCoin: pricey });
    const dust = coin("dust", 1, Number.MIN_VALUE);
    expect(computeComparison(coin("c", 1, 2), dust)).toMatchObject({ comparable: false, invalidCoin: dust });
  });
});

describe("comparisonFailureMessage", () => {
  test.each<[Parameters<typeof comparisonFailureMessage>, string]>([
    [["same-coin"], "Pick two different coins to compare."],
    [["same-coin", "PLS"], "Pick two different coins to compare."],
    [["missing-market-cap", "pTGC"], "pTGC has no market cap data, so it can't be compared."],
    [["missing-market-cap"], "One of these coins has no market cap data, so it can't be compared."],
    [["missing-market-cap", null], "One of these coins has no market cap data, so it can't be compared."],
    [["missing-market-cap", "  "], "One of these coins has no market cap data, so it can't be compared."],
  ])("%p → %p", (args, expected) => {
    expect(comparisonFailureMessage(...args)).toBe(expected);
  });

  test("works straight from a result", () => {
    const result = computeComparison(pls, coin("dead", 1, 0));
    if (result.comparable) throw new Error("expected not comparable");
    expect(comparisonFailureMessage(result.reason, result.invalidCoin?.symbol)).toBe(
      "DEAD has no market cap data, so it can't be compared.",
    );
  });
});

describe("computeComparison properties", () => {
  const anyValue = fc.oneof(
    fc.double(),
    fc.constantFrom(null, 0, -0, Number.MIN_VALUE, Number.MAX_VALUE),
    fc.double({ min: 1e-12, max: 1e15, noNaN: true }),
  );
  const anyCoin = fc.record({
    id: fc.constantFrom("a", "b", "c"),
    currentPrice: anyValue,
    marketCap: anyValue,
  });

  test("comparable results are always finite, with a positive multiplier", () => {
    fc.assert(
      fc.property(anyCoin, anyCoin, (coin1, coin2) => {
        const result = computeComparison(coin1, coin2);
        if (!result.comparable) return;
        expect(coin1.id).not.toBe(coin2.id);
        expect(Number.isFinite(result.multiplier)).toBe(true);
        expect(Number.isFinite(result.projectedPrice)).toBe(true);
        expect(Number.isFinite(result.marketCapDifference)).toBe(true);
        expect(result.multiplier).toBeGreaterThan(0);
        expect(result.projectedPrice).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  test("projectedPrice × marketCap1 ≈ price1 × marketCap2", () => {
    const value = fc.double({ min: 1e-12, max: 1e15, noNaN: true });
    fc.assert(
      fc.property(value, value, value, value, (price1, marketCap1, price2, marketCap2) => {
        const result = computeComparison(
          { id: "a", currentPrice: price1, marketCap: marketCap1 },
          { id: "b", currentPrice: price2, marketCap: marketCap2 },
        );
        if (!result.comparable) throw new Error("expected comparable");
        const expected = price1 * marketCap2;
        expect(Math.abs(result.projectedPrice * marketCap1 - expected)).toBeLessThanOrEqual(expected * 1e-12);
        expect(result.marketCapDifference).toBe(marketCap2 - marketCap1);
      }),
    );
  });
});
