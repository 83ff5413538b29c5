import { pairDescription, pairQuestion, pairTitle } from "@/lib/compare/pair-copy";
import { computeComparison } from "@/lib/compare/comparison";

const hex = { id: "hex", symbol: "HEX", currentPrice: 0.0047738, marketCap: 2_870_533_600 };
const btc = { id: "btc", symbol: "BTC", currentPrice: 97_412.35, marketCap: 1_944_078_335_894 };

test("the title answers the question with the projected price and multiplier", () => {
  const result = computeComparison(hex, btc);
  expect(result.comparable).toBe(true);
  if (!result.comparable) return;
  expect(pairTitle(result)).toBe(`HEX at BTC's market cap: $${result.projectedPrice.toFixed(2)} (${Math.round(result.multiplier)}x)`);
});

test("the description names both market caps", () => {
  const description = pairDescription(computeComparison(hex, btc));
  expect(description).toContain("$2.87B");
  expect(description).toContain("$1.94T");
});

test("a pair without an answer says so and keeps the question", () => {
  const broken = { ...btc, id: "zero", symbol: "ZERO", marketCap: 0 };
  const result = computeComparison(broken, hex);
  expect(pairTitle(result)).toBe(pairQuestion(broken, hex));
  expect(pairDescription(result)).toMatch(/can't be compared/);
});
