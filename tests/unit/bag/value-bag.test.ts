import type { BagToken } from "@/lib/bag/bag-tokens";
import { valueBag } from "@/lib/bag/value-bag";

const token = (id: string, currentPrice: number, marketCap: number, athMarketCap: number | null): BagToken => ({
  id,
  symbol: id.toUpperCase(),
  name: id,
  logoUrl: null,
  address: null,
  decimals: 18,
  currentPrice,
  marketCap,
  athMarketCap,
});

describe("valueBag", () => {
  // A: 2 tokens (8 decimals) at $10, cap $1M, high $4M. B: 1,000 at $0.5 (6 decimals), cap $10M,
  // a high below today's cap (a pass published today's before raising it). C: 1 at $0.5: dust.
  const a = { token: token("a", 10, 1e6, 4e6), raw: 200_000_000n, decimals: 8 };
  const b = { token: token("b", 0.5, 1e7, 5e6), raw: 1_000_000_000n, decimals: 6 };
  const c = { token: token("c", 0.5, 1e7, null), raw: 1n, decimals: 0 };
  const zero = { token: token("z", 1, 1, 1), raw: 0n, decimals: 0 };

  test("worked by hand: listed most valuable first, dust counted in the totals only", () => {
    const bag = valueBag([a, b, c, zero], 2e7);
    expect(bag.listed.map((holding) => [holding.token.id, holding.amount, holding.valueToday, holding.valueAtHigh, holding.valueAtTarget, holding.multiplier])).toEqual([
      // B: 1,000 × 0.5 = 500; its high is today (500); at $20M: × 2 = 1,000.
      ["b", 1000, 500, 500, 1000, 2],
      // A: 2 × 10 = 20; at its high × 4 = 80; at $20M × 20 = 400.
      ["a", 2, 20, 80, 400, 20],
    ]);
    expect(bag.dust).toEqual({ count: 1, valueToday: 0.5 });
    // Today 500 + 20 + 0.5; highs 500 + 80 + 0.5; target 1,000 + 400 + 0.5 × 2.
    expect(bag.totals).toEqual({ today: 520.5, atHighs: 580.5, atTarget: 1401 });
  });

  test("a target without a market cap leaves the column and its total empty", () => {
    const bag = valueBag([a], null);
    expect(bag.listed[0]).toMatchObject({ valueAtTarget: null, multiplier: null });
    expect(bag.totals.atTarget).toBeNull();
  });

  test("nothing held is an empty bag", () => {
    expect(valueBag([zero], 1e9)).toEqual({ listed: [], dust: { count: 0, valueToday: 0 }, totals: { today: 0, atHighs: 0, atTarget: 0 }, onStalePrices: { today: 0, atHighs: 0, atTarget: 0 } });
  });
});
