// Uniswap V2's oracle arithmetic (lib/market/onchain/twap.ts), worked by hand: the accumulator
// brought up to a block's time, averages between two readings, and the wraps of the pair's uint32
// clock and uint256 accumulators.
import { averageBetween, countUnaveraged, cumulativeAt, indexPricing, MAX_OBSERVATION_AGE_S, observationKey } from "@/lib/market/onchain/twap";

const Q112 = 2n ** 112n;
const U256 = 2n ** 256n;

describe("cumulativeAt", () => {
  test("adds the current price (as UQ112x112) times the seconds since the pair's last update", () => {
    // reserve1/reserve0 = 3 for 10 s: +30 × 2^112 on price0; price1 gets 1/3 × 10 s, truncated as the pair does.
    const base = { last: 5n, reserve0: 1_000n, reserve1: 3_000n, pairTime: 1_700_000_000, blockTime: 1_700_000_010 };
    expect(cumulativeAt({ ...base, index: 0 })).toBe(5n + 3n * Q112 * 10n);
    expect(cumulativeAt({ ...base, index: 1 })).toBe(5n + ((1_000n * Q112) / 3_000n) * 10n);
  });

  test("nothing is added when the pair updated in this very block, or has no reserves", () => {
    expect(cumulativeAt({ last: 7n, reserve0: 1n, reserve1: 2n, pairTime: 100, blockTime: 100, index: 0 })).toBe(7n);
    expect(cumulativeAt({ last: 7n, reserve0: 0n, reserve1: 2n, pairTime: 100, blockTime: 200, index: 0 })).toBe(7n);
  });

  test("the pair's uint32 timestamp wraps, and so does the elapsed time", () => {
    // The block is 5 s past the 2^32 wrap; the pair last updated 5 s before it.
    const blockTime = 2 ** 32 + 5;
    expect(cumulativeAt({ last: 0n, reserve0: 1n, reserve1: 1n, pairTime: 2 ** 32 - 5, blockTime, index: 0 })).toBe(Q112 * 10n);
  });
});

describe("averageBetween", () => {
  test("the difference over the seconds, as a plain number", () => {
    expect(averageBetween({ cumulative: 0n, time: 0 }, { cumulative: 2n * Q112 * 300n, time: 300 })).toEqual({ rawPrice: 2, seconds: 300 });
  });

  test("a pump held for 10 s of a 300 s window moves the average by a thirtieth of it", () => {
    const cumulative = Q112 * 290n + 12n * Q112 * 10n;
    expect(averageBetween({ cumulative: 0n, time: 1_000 }, { cumulative, time: 1_300 })!.rawPrice).toBeCloseTo((290 + 120) / 300, 12);
  });

  test("the accumulator's overflow is taken modulo 2^256", () => {
    const earlier = { cumulative: U256 - Q112 * 100n, time: 0 };
    const later = { cumulative: Q112 * 200n, time: 100 };
    expect(averageBetween(earlier, later)).toEqual({ rawPrice: 3, seconds: 100 });
  });

  test("no average without time passing, from a reading over 30 minutes old, or of a zero price", () => {
    expect(averageBetween({ cumulative: 0n, time: 10 }, { cumulative: Q112, time: 10 })).toBeNull();
    expect(averageBetween({ cumulative: 0n, time: 0 }, { cumulative: Q112, time: MAX_OBSERVATION_AGE_S + 1 })).toBeNull();
    expect(averageBetween({ cumulative: 0n, time: 0 }, { cumulative: Q112, time: MAX_OBSERVATION_AGE_S })).not.toBeNull();
    expect(averageBetween({ cumulative: 5n, time: 0 }, { cumulative: 5n, time: 60 })).toBeNull();
  });
});

test("keys, the accumulator pricing a token, and the count of spot prices", () => {
  expect(observationKey("0xAbC", 1)).toBe("0xabc:1");
  expect(indexPricing(true)).toBe(0);
  expect(indexPricing(false)).toBe(1);
  const current = new Map([
    ["a:0", { cumulative: Q112 * 300n, time: 300 }],
    ["b:0", { cumulative: Q112 * 300n, time: 300 }],
    ["c:0", { cumulative: Q112 * 300n, time: 300 }],
  ]);
  // a has a usable earlier reading; b's is too old; c has none; d was not read at all.
  const previous = new Map([
    ["a:0", { cumulative: 0n, time: 0 }],
    ["b:0", { cumulative: 0n, time: 300 - MAX_OBSERVATION_AGE_S - 1 }],
  ]);
  expect(countUnaveraged(["a:0", "b:0", "c:0", "d:0"], previous, current)).toBe(3);
});
