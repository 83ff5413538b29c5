import { athEstimatedNote, formatHighDay } from "@/lib/compare/ath-target-copy";
import { pairTargetPath } from "@/lib/compare/pair-route";
import { searchWithChoices, targetFromSearch } from "@/lib/compare/target-param";
import { type ComparableCoin, comparisonFailureMessage, computeAthComparison, computeComparison } from "@/lib/compare/comparison";

type TestCoin = ComparableCoin & { symbol: string };

function coin(id: string, currentPrice: number | null, marketCap: number | null, high: Pick<ComparableCoin, "athMarketCap" | "athMarketCapAt" | "athMarketCapEstimated"> = {}): TestCoin {
  return { id, symbol: id.toUpperCase(), currentPrice, marketCap, athMarketCap: null, athMarketCapAt: null, athMarketCapEstimated: false, ...high };
}

// HEX today and BTC with its all-time-high market cap of $2.512T on Oct 6, 2025 (the seed's figures).
const hex = coin("hex", 0.004762, 2_870_533_600);
const btc = coin("btc", 95_000, 1_880_000_000_000, {
  athMarketCap: 2_512_000_000_000,
  athMarketCapAt: "2025-10-06T00:00:00.000Z",
  athMarketCapEstimated: false,
});

describe("computeAthComparison: coin 1 at coin 2's all-time-high market cap", () => {
  test("HEX at BTC's high, worked by hand", () => {
    const result = computeAthComparison(hex, btc);
    if (!result.comparable) throw new Error("expected comparable");
    // multiplier = 2,512,000,000,000 / 2,870,533,600
    //   2,870,533,600 × 875 = 2,511,716,900,000; remainder 283,100,000
    //   283,100,000 / 2,870,533,600 = 0.09862…  → 875.0986…
    expect(result.multiplier).toBeCloseTo(875.0986, 4);
    // projected price = 0.004762 × 875.0986… = 4.16675 + 0.004762 × 0.0986… = 4.16675 + 0.00047 = 4.1672…
    expect(result.projectedPrice).toBeCloseTo(4.1672, 4);
    // difference = 2,512,000,000,000 − 2,870,533,600 = 2,509,129,466,400
    expect(result.marketCapDifference).toBe(2_509_129_466_400);
    expect(result.athMarketCap).toBe(2_512_000_000_000);
    expect(result.athMarketCapAt).toBe("2025-10-06T00:00:00.000Z");
    expect(result.athMarketCapEstimated).toBe(false);
    expect(result.coin1).toBe(hex);
    expect(result.coin2).toBe(btc);
  });

  test("round figures: $0.50 at $1B against a $30B high is 30x and $15.00", () => {
    const high = coin("big", 2, 10_000_000_000, { athMarketCap: 30_000_000_000, athMarketCapAt: "2024-03-06T00:00:00.000Z", athMarketCapEstimated: true });
    // 30,000,000,000 / 1,000,000,000 = 30; 0.5 × 30 = 15; 30B − 1B = 29B.
    expect(computeAthComparison(coin("small", 0.5, 1_000_000_000), high)).toMatchObject({
      comparable: true,
      multiplier: 30,
      projectedPrice: 15,
      marketCapDifference: 29_000_000_000,
      athMarketCapEstimated: true,
    });
  });

  test("today's target is unchanged: HEX at BTC's cap today", () => {
    const result = computeComparison(hex, btc);
    if (!result.comparable) throw new Error("expected comparable");
    // 1,880,000,000,000 / 2,870,533,600 = 654.93… (2,870,533,600 × 655 = 1,880,199,508,000, a little over)
    expect(result.multiplier).toBeCloseTo(654.93, 2);
    expect(result).not.toHaveProperty("athMarketCap");
  });

  test("coin 2's high counts even when its cap today is missing", () => {
    const noCapToday = coin("btc", null, null, { athMarketCap: 2_512_000_000_000 });
    // 2,512,000,000,000 / 2,870,533,600 as above; the high's date is unknown here.
    expect(computeAthComparison(hex, noCapToday)).toMatchObject({ comparable: true, athMarketCapAt: null, athMarketCapEstimated: false });
  });
});

describe("computeAthComparison: not comparable", () => {
  test.each([
    ["no high on record", null],
    ["a zero high", 0],
    ["a negative high", -5],
    ["a NaN high", Number.NaN],
    ["an infinite high", Number.POSITIVE_INFINITY],
  ])("%s fails with no-all-time-high on coin 2", (_label, athMarketCap) => {
    const noHigh = coin("btc", 95_000, 1_880_000_000_000, { athMarketCap });
    const result = computeAthComparison(hex, noHigh);
    expect(result).toMatchObject({ comparable: false, reason: "no-all-time-high" });
    if (result.comparable) return;
    expect(result.invalidCoin).toBe(noHigh);
    expect(comparisonFailureMessage(result.reason, result.invalidCoin?.symbol)).toBe("BTC has no all-time-high market cap on record yet.");
  });

  test("a coin without the high's fields at all (a lighter caller) has no high", () => {
    const bare: ComparableCoin = { id: "btc", symbol: "BTC", currentPrice: 1, marketCap: 1e12 };
    expect(computeAthComparison(hex, bare)).toMatchObject({ comparable: false, reason: "no-all-time-high" });
  });

  test("same coin is same-coin, even with a high", () => {
    expect(computeAthComparison(btc, btc)).toMatchObject({ comparable: false, reason: "same-coin", invalidCoin: null });
  });

  test("coin 1 without a market cap names coin 1", () => {
    const broken = coin("broken", 1, 0);
    expect(computeAthComparison(broken, btc)).toMatchObject({ comparable: false, reason: "missing-market-cap", invalidCoin: broken });
  });

  test("the message without a symbol still reads", () => {
    expect(comparisonFailureMessage("no-all-time-high", " ")).toBe("This coin has no all-time-high market cap on record yet.");
  });
});

describe("the words for the high", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  test("the high's day is the UTC day it is stored at, in any time zone", () => {
    // Midnight UTC is still Oct 5 in Los Angeles: a local-time format would print the day before.
    process.env.TZ = "America/Los_Angeles";
    expect(formatHighDay("2025-10-06T00:00:00.000Z")).toBe("Oct 6, 2025");
    expect(formatHighDay(null)).toBeNull();
    expect(formatHighDay("not a date")).toBeNull();
  });

  test("the estimated high's note", () => {
    expect(athEstimatedNote("PLS")).toBe("Estimated: PLS's price that day × today's supply, as the old supply is unknown.");
  });
});

describe("the target in the address", () => {
  test.each([
    ["", "today"],
    ["?target=ath", "ath"],
    ["?x=1&target=ath", "ath"],
    ["?target=ATH", "today"],
    ["?target=today", "today"],
    ["?target=", "today"],
  ] as const)("%j reads as %s", (search, target) => {
    expect(targetFromSearch(search)).toBe(target);
  });

  test("today's target is never written; other parameters stay", () => {
    expect(pairTargetPath("hex", "btc", "ath")).toBe("/compare/hex/btc?target=ath");
    expect(pairTargetPath("hex", "btc", "today")).toBe("/compare/hex/btc");
    const only = (target: "today" | "ath") => ({ target, capText: "", holdText: "" });
    expect(searchWithChoices("?target=ath", only("today"))).toBe("");
    expect(searchWithChoices("?ref=x&target=ath", only("today"))).toBe("?ref=x");
    expect(searchWithChoices("?ref=x", only("ath"))).toBe("?ref=x&target=ath");
  });
});
