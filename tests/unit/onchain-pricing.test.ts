// The on-chain reader's pure parts: the stablecoin median check, the route choice, the chunk
// plan and the refresh schedule of cached supplies and pools. Figures worked out by hand.
import { getAddress, type Address } from "viem";
import { planChunks } from "@/lib/market/onchain/chunks";
import type { TokenPools } from "@/lib/market/onchain/pool-cache";
import { bestRoute, checkStablePools, weightedMedian, type BasePool } from "@/lib/market/onchain/reserves";
import { burnKeyOf, suppliesToRead, tokensToDiscover } from "@/lib/market/onchain/schedule";

const pool = (tokenReserve: number, baseReserve: number, base = "WPLS", pair = `${tokenReserve}/${baseReserve}`): BasePool => ({ pair, factory: "F", base, tokenReserve, baseReserve });

describe("weightedMedian", () => {
  test("the value where the sorted weights reach half the total", () => {
    // Weights 1, 1, 5 of 7: half is 3.5, reached only at the heavy value.
    expect(weightedMedian([{ value: 1, weight: 1 }, { value: 9, weight: 5 }, { value: 2, weight: 1 }])).toBe(9);
    // Weights 3, 3 of 6: half (3) is reached at the first.
    expect(weightedMedian([{ value: 4, weight: 3 }, { value: 2, weight: 3 }])).toBe(2);
    expect(weightedMedian([{ value: 4, weight: 0 }])).toBeNull();
  });
});

describe("checkStablePools", () => {
  test("drops a pool over 2% from the median and averages the rest by their dollars", () => {
    // Implied WPLS: 100/1M = 0.0001 ($100), 202/2M = 0.000101 ($202), 50/470k ≈ 0.00010638 ($50).
    // Sorted weights reach half of 352 (176) at 0.000101. The third is 5.3% off it: dropped.
    const check = checkStablePools([pool(100, 1_000_000), pool(202, 2_000_000), pool(50, 470_000)])!;
    expect(check.median).toBeCloseTo(0.000101, 15);
    expect(check.dropped.map((dropped) => dropped.pair)).toEqual(["50/470000"]);
    expect(check.price).toBeCloseTo((100 * 0.0001 + 202 * 0.000101) / 302, 15);
    expect(check.liquidityUsd).toBe(2 * 302);
  });

  test("a pool just under 2% off stays; empty pools are ignored; no pool gives null", () => {
    const check = checkStablePools([pool(100, 1_000_000), pool(102, 1_000_000, "WPLS", "edge"), pool(0, 5)])!;
    // Median: weights 100, 102 of 202, half 101 reached at 0.000102; 0.0001 is 1.96% off it.
    expect(check.dropped).toEqual([]);
    expect(check.kept).toHaveLength(2);
    expect(checkStablePools([pool(0, 0)])).toBeNull();
  });
});

describe("bestRoute", () => {
  test("the pool with the most tracked USD liquidity wins, whatever its base", () => {
    const usd = new Map([["WPLS", 0.00003], ["HEX", 0.15]]);
    // WPLS pool: 2 × 1M × 0.00003 = $60. HEX pool: 2 × 300 × 0.15 = $90.
    const route = bestRoute([pool(1_000, 1_000_000, "WPLS"), pool(1_000, 300, "HEX")], usd)!;
    expect(route.pool.base).toBe("HEX");
    expect(route.liquidityUsd).toBeCloseTo(90, 12);
    expect(route.price).toBeCloseTo(0.3 * 0.15, 15);
  });

  test("a base with no USD price and an empty pool are skipped", () => {
    expect(bestRoute([pool(1_000, 5_000, "PLSX"), pool(0, 10, "WPLS")], new Map([["WPLS", 1]]))).toBeNull();
  });
});

describe("planChunks", () => {
  test("at most maxCalls per chunk", () => {
    expect(planChunks(new Array(1_201).fill(15_000))).toEqual([[0, 500], [500, 1_000], [1_000, 1_201]]);
  });

  test("a chunk's estimated gas stays under the cap", () => {
    // 40k each: 749 calls would be 29.96M, but 500 is reached first; with a 1M cap, 24 calls (960k) fit.
    expect(planChunks(new Array(60).fill(40_000), 500, 1_000_000)).toEqual([[0, 24], [24, 48], [48, 60]]);
    // One call over the cap alone still gets its own chunk rather than none.
    expect(planChunks([2_000_000, 10], 500, 1_000_000)).toEqual([[0, 1], [1, 2]]);
    expect(planChunks([])).toEqual([]);
  });
});

describe("the refresh schedule", () => {
  const token = (n: number) => getAddress(`0x${n.toString(16).padStart(40, "0")}`);
  const now = new Date("2026-11-23T12:00:00Z");
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const row = (address: Address, discoveredMinutesAgo: number, supplyMinutesAgo: number | null, burnKey = "k"): TokenPools => ({
    token: address,
    decimals: 18,
    pools: [],
    discoveredAt: ago(discoveredMinutesAgo),
    supply: supplyMinutesAgo === null ? null : { raw: 1n, burnKey, readAt: ago(supplyMinutesAgo) },
  });

  test("supplies: missing, another burn list, or over an hour old are read; then the oldest, up to a twelfth", () => {
    const tokens = Array.from({ length: 24 }, (_, i) => token(i + 1));
    const rows = new Map(tokens.map((address, i) => [address, row(address, 10, i)] as const)); // read 0..23 minutes ago
    rows.set(tokens[0]!, row(tokens[0]!, 10, null));
    rows.set(tokens[1]!, row(tokens[1]!, 10, 5, "other"));
    const needs = tokens.map((address) => ({ token: address, burnKey: "k" }));
    // Due: tokens 0 and 1. A twelfth of 24 is 2, already reached: nothing else.
    expect([...suppliesToRead(needs, rows, now)]).toEqual([`${tokens[0]}|k`, `${tokens[1]}|k`]);
    rows.set(tokens[0]!, row(tokens[0]!, 10, 61));
    rows.set(tokens[1]!, row(tokens[1]!, 10, 1));
    // Token 0 is 61 minutes old; the top-up adds the oldest of the rest: token 23 (23 minutes).
    expect([...suppliesToRead(needs, rows, now)]).toEqual([`${tokens[0]}|k`, `${tokens[23]}|k`]);
  });

  test("discovery: every token without a row, then the stalest rows, a 24th of the tokens per pass", () => {
    const tokens = Array.from({ length: 48 }, (_, i) => token(i + 1));
    const rows = new Map(tokens.slice(2).map((address, i) => [address, row(address, 25 * 60 + i, 0)] as const));
    // Tokens 0 and 1 have no row; 46 rows are over a day old, the oldest last; a 24th of 48 is 2.
    expect(tokensToDiscover(tokens, rows, now)).toEqual([tokens[0], tokens[1], tokens[47], tokens[46]]);
  });

  test("a burn list's key ignores order, case and repeats", () => {
    expect(burnKeyOf(["0xAB", "0x0a", "0xab"])).toBe("0x0a,0xab");
  });
});
