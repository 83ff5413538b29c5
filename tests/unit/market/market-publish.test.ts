// The pure rules of the refresh pass: the liquidity floor, the big-move guards (price and
// supply) and their confirmation, all-time highs, which 24h change wins, the PLS cross-check and the time budget.
// Expected values are worked out by hand in the comments.
import { crossCheckPls } from "@/lib/market/pass/cross-check";
import { passDeadline, writeReserveMs } from "@/lib/market/pass/pass-budget";
import { chooseChange24h, decideMove, decideSupply, raiseAllTimeHigh, underLiquidityFloor } from "@/lib/market/pass/publish";

describe("underLiquidityFloor", () => {
  test.each<[string, number | null, boolean]>([
    ["pulsex", 4_999.99, true],
    ["pulsex", 5_000, false], // at the floor publishes
    ["pulsex", null, true], // unknown depth counts as under
    ["dexscreener", 1_000, true],
    ["dexscreener", Number.NaN, true],
    ["dexscreener", 1e6, false],
    ["coingecko", null, false], // not a pool: no floor
  ])("%s with $%s -> %s", (source, liquidity, under) => {
    expect(underLiquidityFloor(source, liquidity, 5_000)).toBe(under);
  });
});

describe("decideMove", () => {
  const t0 = new Date("2026-11-23T00:00:00Z");
  const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
  // No liquidity at the last published price: the pool is judged on the quote's own figure.
  const none = { liquidityUsd: null, pendingPrice: null, pendingSince: null };

  test("a move up to 5x, or any move from a pool of $50,000 or more, publishes", () => {
    expect(decideMove({ price: 5, liquidityUsd: 10_000 }, { currentPrice: 1, ...none }, t0)).toEqual({ kind: "publish", confirmed: false });
    expect(decideMove({ price: 0.2, liquidityUsd: 10_000 }, { currentPrice: 1, ...none }, t0)).toEqual({ kind: "publish", confirmed: false });
    expect(decideMove({ price: 100, liquidityUsd: 50_000 }, { currentPrice: 1, ...none }, t0)).toEqual({ kind: "publish", confirmed: false });
    // No pool figure (a CoinGecko quote): the guard is for pools.
    expect(decideMove({ price: 100, liquidityUsd: null }, { currentPrice: 1, ...none }, t0)).toEqual({ kind: "publish", confirmed: false });
  });

  test("over 5x either way from a thin pool is held as pending", () => {
    // 1 -> 5.01 is 5.01x up; 1 -> 0.19 is 1/0.19 = 5.26x down.
    expect(decideMove({ price: 5.01, liquidityUsd: 49_999 }, { currentPrice: 1, ...none }, t0)).toMatchObject({ kind: "hold", pendingPrice: 5.01, pendingSince: t0 });
    const down = decideMove({ price: 0.19, liquidityUsd: 10_000 }, { currentPrice: 1, ...none }, t0);
    expect(down).toMatchObject({ kind: "hold", pendingPrice: 0.19 });
    expect(down.kind === "hold" && down.reason).toBe("price moved 5x (1 -> 0.19) in a pool with $10000 liquidity; waiting for the next pass to confirm");
  });

  test("the next pass confirms when it also moved over 5x the same way and lies within 2x of the pending price", () => {
    const pending = { currentPrice: 1, liquidityUsd: null, pendingPrice: 10, pendingSince: t0 };
    // 10 pending; 19.9 is 1.99x of it; 5.1 is 1.96x under it and still 5.1x over 1.
    expect(decideMove({ price: 19.9, liquidityUsd: 10_000 }, pending, minutes(5))).toEqual({ kind: "publish", confirmed: true });
    expect(decideMove({ price: 5.1, liquidityUsd: 10_000 }, pending, minutes(5))).toEqual({ kind: "publish", confirmed: true });
  });

  test("a pass that does not confirm replaces the pending price (or a normal quote publishes and clears it)", () => {
    const pending = { currentPrice: 1, liquidityUsd: null, pendingPrice: 10, pendingSince: t0 };
    // 25 is 2.5x the pending 10: too far, it becomes the new pending price.
    expect(decideMove({ price: 25, liquidityUsd: 10_000 }, pending, minutes(5))).toMatchObject({ kind: "hold", pendingPrice: 25, pendingSince: minutes(5) });
    // The other way (0.1 is 10x down) replaces it too.
    expect(decideMove({ price: 0.1, liquidityUsd: 10_000 }, pending, minutes(5))).toMatchObject({ kind: "hold", pendingPrice: 0.1 });
    // Back near the published price: publishes (the pass writes pending back to null).
    expect(decideMove({ price: 1.2, liquidityUsd: 10_000 }, pending, minutes(5))).toEqual({ kind: "publish", confirmed: false });
    // A pending price from more than 15 minutes ago is not "the previous pass": replaced, not confirmed.
    expect(decideMove({ price: 10, liquidityUsd: 10_000 }, pending, minutes(16))).toMatchObject({ kind: "hold", pendingSince: minutes(16) });
    // So a price that stays at its new level is published on the second pass after that.
    expect(decideMove({ price: 10, liquidityUsd: 10_000 }, { ...pending, pendingSince: minutes(16) }, minutes(21))).toEqual({ kind: "publish", confirmed: true });
  });
});

describe("decideMove judges the pool by its depth before the move", () => {
  const t0 = new Date("2026-11-23T00:00:00Z");
  const none = { pendingPrice: null, pendingSince: null };

  test("a 12x pump that leaves a $16,000 pool holding $55,000 is held: the attacker's own capital does not count", () => {
    // Published at $1 from a $16,000 pool; the pump's quote is $12 from $55,000 (over $50,000 on its own).
    const pump = decideMove({ price: 12, liquidityUsd: 55_000 }, { currentPrice: 1, liquidityUsd: 16_000, ...none }, t0);
    expect(pump).toEqual({
      kind: "hold",
      pendingPrice: 12,
      pendingSince: t0,
      reason: "price moved 12x (1 -> 12) in a pool with $16000 liquidity before the move ($55000 after it); waiting for the next pass to confirm",
    });
    // The next pass: still $55,000 now, still $16,000 at the last published price: it confirms.
    expect(decideMove({ price: 11, liquidityUsd: 55_000 }, { currentPrice: 1, liquidityUsd: 16_000, pendingPrice: 12, pendingSince: t0 }, new Date(t0.getTime() + 5 * 60_000))).toEqual({ kind: "publish", confirmed: true });
  });

  test("the lower of the two decides: a pool deep before and drained now is thin; deep both times publishes", () => {
    expect(decideMove({ price: 12, liquidityUsd: 20_000 }, { currentPrice: 1, liquidityUsd: 1_000_000, ...none }, t0)).toMatchObject({
      kind: "hold",
      reason: "price moved 12x (1 -> 12) in a pool with $20000 liquidity; waiting for the next pass to confirm",
    });
    expect(decideMove({ price: 12, liquidityUsd: 60_000 }, { currentPrice: 1, liquidityUsd: 50_000, ...none }, t0)).toEqual({ kind: "publish", confirmed: false });
  });

  test("a coin with no liquidity at its last price (the seed's, a CoinGecko price) is judged on now's", () => {
    expect(decideMove({ price: 12, liquidityUsd: 55_000 }, { currentPrice: 1, liquidityUsd: null, ...none }, t0)).toEqual({ kind: "publish", confirmed: false });
    expect(decideMove({ price: 12, liquidityUsd: 45_000 }, { currentPrice: 1, liquidityUsd: null, ...none }, t0)).toMatchObject({ kind: "hold" });
    // No figure now (not a pool): no guard, whatever the figure before.
    expect(decideMove({ price: 12, liquidityUsd: null }, { currentPrice: 1, liquidityUsd: 16_000, ...none }, t0)).toEqual({ kind: "publish", confirmed: false });
  });
});

describe("decideSupply", () => {
  const t0 = new Date("2026-11-23T00:00:00Z");
  const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
  const none = { pendingSupply: null, pendingSupplySince: null };

  test("a supply that moved up to 5x either way publishes; no published supply has nothing to compare", () => {
    expect(decideSupply(5_000_000, { circulatingSupply: 1_000_000, ...none }, t0)).toEqual({ kind: "publish", confirmed: false });
    expect(decideSupply(200_000, { circulatingSupply: 1_000_000, ...none }, t0)).toEqual({ kind: "publish", confirmed: false });
    expect(decideSupply(1e12, { circulatingSupply: null, ...none }, t0)).toEqual({ kind: "publish", confirmed: false });
    // Nothing circulating before and after (0 -> 0): no move.
    expect(decideSupply(0, { circulatingSupply: 0, ...none }, t0)).toEqual({ kind: "publish", confirmed: false });
  });

  test("a mint of 10x, a burn to a sixth, and everything burned (0) are held, each with why", () => {
    expect(decideSupply(10_000_000, { circulatingSupply: 1_000_000, ...none }, t0)).toEqual({
      kind: "hold",
      pendingSupply: 10_000_000,
      pendingSupplySince: t0,
      reason: "circulating supply moved 10x (1000000 -> 10000000); market cap kept at the last published supply until the next pass confirms it",
    });
    // 1,000,000 / 160,000 = 6.25x down.
    expect(decideSupply(160_000, { circulatingSupply: 1_000_000, ...none }, t0)).toMatchObject({ kind: "hold", reason: expect.stringMatching(/^circulating supply moved 6x \(1000000 -> 160000\)/) });
    expect(decideSupply(0, { circulatingSupply: 1_000_000, ...none }, t0)).toMatchObject({ kind: "hold", pendingSupply: 0, reason: expect.stringMatching(/^circulating supply moved to 0 \(all burned\) \(1000000 -> 0\)/) });
    // Tokens sent out of a burn address when everything was burned: from 0.
    expect(decideSupply(500, { circulatingSupply: 0, ...none }, t0)).toMatchObject({ kind: "hold", reason: expect.stringMatching(/^circulating supply moved from 0 \(0 -> 500\)/) });
  });

  test("the next pass confirms a reading within 2x of the pending one, the same way, within 15 minutes", () => {
    const pending = { circulatingSupply: 1_000_000, pendingSupply: 10_000_000, pendingSupplySince: t0 };
    expect(decideSupply(10_000_000, pending, minutes(5))).toEqual({ kind: "publish", confirmed: true });
    // 19,000,000 is 1.9x the pending supply; 5,100,000 is 1.96x under it and still 5.1x over 1,000,000.
    expect(decideSupply(19_000_000, pending, minutes(5))).toEqual({ kind: "publish", confirmed: true });
    expect(decideSupply(5_100_000, pending, minutes(5))).toEqual({ kind: "publish", confirmed: true });
    // All burned, read again: confirmed.
    expect(decideSupply(0, { circulatingSupply: 1_000_000, pendingSupply: 0, pendingSupplySince: t0 }, minutes(5))).toEqual({ kind: "publish", confirmed: true });
  });

  test("any other reading replaces the pending supply, or (back near the published one) publishes and clears it", () => {
    const pending = { circulatingSupply: 1_000_000, pendingSupply: 10_000_000, pendingSupplySince: t0 };
    // The mint burned back before the next pass: the old supply publishes (the pass writes pending back to null).
    expect(decideSupply(1_000_000, pending, minutes(5))).toEqual({ kind: "publish", confirmed: false });
    // 25,000,000 is 2.5x the pending supply: it becomes the new pending one.
    expect(decideSupply(25_000_000, pending, minutes(5))).toMatchObject({ kind: "hold", pendingSupply: 25_000_000, pendingSupplySince: minutes(5) });
    // The other way: replaced.
    expect(decideSupply(100_000, pending, minutes(5))).toMatchObject({ kind: "hold", pendingSupply: 100_000 });
    expect(decideSupply(0, pending, minutes(5))).toMatchObject({ kind: "hold", pendingSupply: 0 });
    // Older than 15 minutes: not the previous pass, replaced rather than confirmed.
    expect(decideSupply(10_000_000, pending, minutes(16))).toMatchObject({ kind: "hold", pendingSupplySince: minutes(16) });
  });
});

describe("raiseAllTimeHigh", () => {
  const earlier = new Date("2026-01-01T00:00:00Z");
  const capDay = new Date("2026-02-01T00:00:00Z");
  const before = { athPrice: 2, athMarketCap: 200, athAt: earlier, athMarketCapAt: capDay, athMarketCapEstimated: true };
  const at = new Date("2026-11-23T00:00:00Z");

  test("a higher price raises price and date; the cap is raised on its own, with its own date", () => {
    expect(raiseAllTimeHigh(before, 3, 150, at)).toEqual({ ...before, athPrice: 3, athAt: at });
    // Supply grew: a lower price with a higher cap raises only the cap, and the price high's date stays.
    expect(raiseAllTimeHigh(before, 1.5, 250, at)).toEqual({ ...before, athMarketCap: 250, athMarketCapAt: at, athMarketCapEstimated: false });
    expect(raiseAllTimeHigh(before, 1.5, 250, at, true).athMarketCapEstimated).toBe(true);
  });

  test("never lowered; the first accepted price is the first high", () => {
    expect(raiseAllTimeHigh(before, 1, 100, at)).toEqual(before);
    expect(raiseAllTimeHigh(before, 2, 200, at)).toEqual(before); // equal is not above
    const none = { athPrice: null, athMarketCap: null, athAt: null, athMarketCapAt: null, athMarketCapEstimated: false };
    expect(raiseAllTimeHigh(none, 0.5, 50, at)).toEqual({ athPrice: 0.5, athAt: at, athMarketCap: 50, athMarketCapAt: at, athMarketCapEstimated: false });
  });

  test("a cap high stored without its date takes the price high's", () => {
    expect(raiseAllTimeHigh({ ...before, athMarketCapAt: null }, 1, 100, at).athMarketCapAt).toEqual(earlier);
  });
});

test("chooseChange24h: the site's own snapshot wins; the source's only without one", () => {
  // 2.5 against a reference of 2: (2.5 / 2 - 1) * 100 = 25.
  expect(chooseChange24h(2.5, 2, -7)).toBeCloseTo(25, 10);
  expect(chooseChange24h(2.5, undefined, -7)).toBe(-7);
  expect(chooseChange24h(2.5, null, null)).toBeNull();
  expect(chooseChange24h(2.5, 0, 3)).toBe(3); // a zero reference is no reference
});

test("crossCheckPls: 3% apart agrees, more does not", () => {
  // 0.0000309 / 0.00003 = 1.03 -> +3%; 0.00002 / 0.00003 - 1 = -33.3%.
  const at = new Date("2026-11-23T00:00:00Z");
  const near = crossCheckPls(0.0000309, 0.00003, at);
  expect(near.differencePct).toBeCloseTo(3, 9);
  expect(crossCheckPls(0.0000308, 0.00003, at).agrees).toBe(true);
  expect(crossCheckPls(0.0000310, 0.00003, at)).toMatchObject({ agrees: false, checkedAt: "2026-11-23T00:00:00.000Z" });
  expect(crossCheckPls(0.00002, 0.00003, at).differencePct).toBeCloseTo(-33.333, 2);
});

test("the pass deadline keeps a quarter of the budget (at most 10 s) for writing", () => {
  expect(writeReserveMs(45_000)).toBe(10_000); // a quarter would be 11.25 s
  expect(passDeadline(1_000, 45_000)).toBe(36_000);
  expect(passDeadline(0, 2_000)).toBe(1_500);
});
