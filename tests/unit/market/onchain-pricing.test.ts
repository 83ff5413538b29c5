// The on-chain reader's pure parts: the stablecoin median check, the route choice, the chunk
// plan and the refresh schedule of cached supplies and pools. Figures worked out by hand.
import { getAddress, type Address } from "viem";
import { planChunks } from "@/lib/chain/chunks";
import type { TokenPools } from "@/lib/market/onchain/pool-cache";
import { bestRoute, checkStablePools, weightedMedian, type BasePool, type StableCheck } from "@/lib/market/onchain/reserves";
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
  const group = (stable: string, ...pools: BasePool[]) => ({ stable, pools });

  test("within one stablecoin, a pool over 2% from its median is dropped and the rest averaged by their dollars", () => {
    // Implied WPLS: 100/1M = 0.0001 ($100), 202/2M = 0.000101 ($202), 50/470k ≈ 0.00010638 ($50).
    // Sorted weights reach half of 352 (176) at 0.000101. The third is 5.3% off it: dropped.
    const check = checkStablePools([group("DAI", pool(100, 1_000_000), pool(202, 2_000_000), pool(50, 470_000))]) as StableCheck;
    expect(check.dropped.map((dropped) => dropped.pair)).toEqual(["50/470000"]);
    expect(check.price).toBeCloseTo((100 * 0.0001 + 202 * 0.000101) / 302, 15);
    expect(check.liquidityUsd).toBe(2 * 302);
    expect(check.agreeing.map((entry) => entry.stable)).toEqual(["DAI"]);
  });

  test("no stablecoin decides alone: one holding two thirds of the dollars and 3x off is outvoted by two that agree", () => {
    // DAI: 60,000 / 66.7M WPLS = $0.0009 (3x); USDC 20,000 / 66.7M = $0.0003; USDT 10,000 / 33.3M = $0.0003.
    const check = checkStablePools([group("DAI", pool(60_000, 200_000_000 / 3, "WPLS", "dai")), group("USDC", pool(20_000, 200_000_000 / 3, "WPLS", "usdc")), group("USDT", pool(10_000, 100_000_000 / 3, "WPLS", "usdt"))]) as StableCheck;
    expect(check.price).toBeCloseTo(0.0003, 12);
    expect(check.agreeing.map((entry) => entry.stable)).toEqual(["USDC", "USDT"]);
    expect(check.dropped).toEqual([expect.objectContaining({ pair: "dai", stable: "DAI", impliedPrice: expect.closeTo(0.0009, 12), deviation: expect.closeTo(2, 9) })]);
    expect(check.liquidityUsd).toBe(2 * 30_000);
  });

  test("fewer than two stablecoins agreeing gives no price, and says why; one configured stablecoin is enough alone", () => {
    const split = checkStablePools([group("DAI", pool(300, 1_000_000)), group("USDC", pool(200, 1_000_000))]);
    expect(split).toEqual({ failure: "fewer than 2 stablecoins agree on WPLS's price within 2% (DAI $0.0003000, USDC $0.0002000)" });
    // A stablecoin with no pool cannot agree either.
    expect(checkStablePools([group("DAI", pool(300, 1_000_000)), group("USDC")])).toEqual({ failure: "fewer than 2 stablecoins agree on WPLS's price within 2% (DAI $0.0003000)" });
    expect(checkStablePools([group("DAI", pool(300, 1_000_000))])).toMatchObject({ price: 0.0003 });
  });

  test("pools under the floor are ignored and listed; with none left there is no price", () => {
    const check = checkStablePools([group("DAI", pool(3_000, 10_000_000), pool(2_000, 1_000_000, "WPLS", "thin"))], { floorUsd: 5_000 }) as StableCheck;
    expect(check.price).toBeCloseTo(0.0003, 12);
    expect(check.shallow).toEqual([expect.objectContaining({ pair: "thin", stable: "DAI", liquidityUsd: 4_000 })]);
    expect(checkStablePools([group("DAI", pool(2_000, 1_000_000))], { floorUsd: 5_000 })).toEqual({ failure: "no WPLS/stablecoin pair holds $5000 or more, so WPLS has no USD price" });
  });

  test("a pool's time-weighted average prices it when there is one, not its reserves at the block", () => {
    const pushed = { ...pool(300, 100_000), average: { basePerToken: null, tokenPerBase: 0.0003, seconds: 300 } };
    expect((checkStablePools([group("DAI", pushed)]) as StableCheck).price).toBeCloseTo(0.0003, 12);
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

  test("a pool under the floor given is skipped; the price is the pool's average when it has one", () => {
    const usd = new Map([["WPLS", 0.0003]]);
    // $6,000 and $600 of liquidity.
    expect(bestRoute([pool(1_000, 1_000_000, "WPLS", "small")], usd, 5_000)).toBeNull();
    expect(bestRoute([pool(1_000, 10_000_000, "WPLS", "deep")], usd, 5_000)?.pool.pair).toBe("deep");
    const averaged = { ...pool(1_000, 120_000_000, "WPLS", "pumped"), average: { basePerToken: 10_000, tokenPerBase: null, seconds: 300 } };
    expect(bestRoute([averaged], usd)?.price).toBeCloseTo(10_000 * 0.0003, 12);
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
