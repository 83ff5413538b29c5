// The buying a target price takes through a coin's pools, checked by hand. The same figures,
// performed as real swaps on the local chain: tests/server/market/what-it-takes-on-chain.test.ts.
import { depthUsd, netBuyingToReach, poolBuyingUsd, poolLiquidityUsd, type DepthPool } from "@/lib/coins/what-it-takes";

// 1,000,000 tokens against 500,000 DAI: $0.50 a token, k = 5e11.
const DAI_POOL: DepthPool = { tokenReserve: 1_000_000, baseReserve: 500_000, baseUsd: 1 };
// 200,000 tokens against 1,000,000,000 WPLS at $0.0001 ($100,000): 5,000 WPLS = $0.50 a token.
const WPLS_POOL: DepthPool = { tokenReserve: 200_000, baseReserve: 1_000_000_000, baseUsd: 0.0001 };

test("one pool: to 4x the price, the base side doubles (√4 = 2): $500,000 of buying", () => {
  // √k·(√2 − √0.5) = 707,106.78 × 0.70710678 = 500,000; after it, y = √(k·2) = 1,000,000.
  expect(netBuyingToReach([DAI_POOL], 2)).toBeCloseTo(500_000, 6);
});

test("a target below the price is selling: to $0.125 (a quarter), half the base comes out", () => {
  expect(netBuyingToReach([DAI_POOL], 0.125)).toBeCloseTo(-250_000, 6);
  expect(netBuyingToReach([DAI_POOL], 0.5)).toBeCloseTo(0, 6);
});

test("two pools, one against WPLS: each moved to the same USD price, converted through its base's price", () => {
  // WPLS pool: 20,000 WPLS a token at $2; √(2e5 · 1e9 · 20,000) − 1e9 = 1e9 WPLS = $100,000.
  expect(poolBuyingUsd(WPLS_POOL, 2)).toBeCloseTo(100_000, 4);
  expect(netBuyingToReach([DAI_POOL, WPLS_POOL], 2)).toBeCloseTo(600_000, 4);
  expect(poolLiquidityUsd([DAI_POOL, WPLS_POOL])).toBeCloseTo(1_200_000, 6);
});

test("pools out of level are each moved from where they are", () => {
  // A WPLS pool at $0.40 (250,000 tokens, 1e9 WPLS: 4,000 WPLS a token) to $0.50 (5,000 WPLS):
  // √(2.5e5 · 1e9 · 5,000) − 1e9 = 1.1180340e9 − 1e9 = 118,034,000 WPLS = $11,803.40; the DAI pool is there already.
  const behind: DepthPool = { tokenReserve: 250_000, baseReserve: 1_000_000_000, baseUsd: 0.0001 };
  expect(netBuyingToReach([DAI_POOL, behind], 0.5)).toBeCloseTo(11_803.4, 1);
});

test("±2% depth: a fixed share of the base side, a little more to sell than to buy", () => {
  const { buyUsd, sellUsd } = depthUsd([DAI_POOL]);
  expect(buyUsd).toBeCloseTo(500_000 * (Math.sqrt(1.02) - 1), 6); // 4,975.25
  expect(sellUsd).toBeCloseTo(500_000 * (1 - Math.sqrt(0.98)), 6); // 5,025.38
  // The same as moving the pool to 1.02 × its price with the general formula.
  expect(netBuyingToReach([DAI_POOL], 0.51)).toBeCloseTo(buyUsd, 6);
  expect(-netBuyingToReach([DAI_POOL], 0.49)!).toBeCloseTo(sellUsd, 6);
});

test("no usable pool or target: no figure, rather than a guess", () => {
  expect(netBuyingToReach([], 2)).toBeNull();
  expect(netBuyingToReach([{ tokenReserve: 0, baseReserve: 10, baseUsd: 1 }], 2)).toBeNull();
  expect(netBuyingToReach([DAI_POOL], 0)).toBeNull();
  expect(netBuyingToReach([DAI_POOL], Number.NaN)).toBeNull();
});
