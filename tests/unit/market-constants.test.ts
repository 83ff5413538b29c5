import fc from "fast-check";
import {
  COMPARE_DELAY_MS,
  MAX_FEATURED,
  MEME_SYMBOLS,
  MOST_COMPARED_PAIRS,
  selectMemeCoins,
  selectMostComparedPairs,
  selectTopGainers,
  TABLE_SOURCE_SIZE,
  TOP_GAINERS_ROWS,
} from "@/lib/market-constants";

type TestCoin = { id: string; symbol: string; rank: number; priceChange24h: number | null };

function coin(rank: number, symbol: string, priceChange24h: number | null = 0): TestCoin {
  return { id: symbol.toLowerCase(), symbol, rank, priceChange24h };
}

/** Ranks 1..count with symbols C1..Cn and change = rank (so higher rank number = bigger gain). */
function ranked(count: number): TestCoin[] {
  return Array.from({ length: count }, (_, i) => coin(i + 1, `C${i + 1}`, i + 1));
}

const symbols = (list: readonly { symbol: string }[]) => list.map((c) => c.symbol);

describe("section 9 constants", () => {
  test.each<[string, unknown, unknown]>([
    ["COMPARE_DELAY_MS", COMPARE_DELAY_MS, 800],
    ["MAX_FEATURED", MAX_FEATURED, 2],
    ["TABLE_SOURCE_SIZE", TABLE_SOURCE_SIZE, 25],
    ["TOP_GAINERS_ROWS", TOP_GAINERS_ROWS, 10],
    ["MEME_SYMBOLS", MEME_SYMBOLS, ["PCOCK", "MOST", "pTGC", "PEPE", "TRUMP"]],
    [
      "MOST_COMPARED_PAIRS",
      MOST_COMPARED_PAIRS,
      [
        ["PCOCK", "DOGE"],
        ["PLSX", "ETH"],
        ["HEX", "BTC"],
        ["PTGC", "PCOCK"],
      ],
    ],
  ])("%s", (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe("selectTopGainers", () => {
  test("10 rows from the first 25 by rank, biggest gain first", () => {
    // Rank 26..30 have bigger gains but are outside the table source.
    expect(symbols(selectTopGainers(ranked(30)))).toEqual(
      ["C25", "C24", "C23", "C22", "C21", "C20", "C19", "C18", "C17", "C16"],
    );
  });

  test("nulls and NaN sort last, after negatives", () => {
    const list = [coin(1, "A", null), coin(2, "B", -5), coin(3, "C", NaN), coin(4, "D", 3), coin(5, "E", 0)];
    expect(symbols(selectTopGainers(list))).toEqual(["D", "E", "B", "A", "C"]);
  });

  test("ties keep rank order", () => {
    const list = [coin(3, "C", 1), coin(1, "A", 1), coin(2, "B", 2)];
    expect(symbols(selectTopGainers(list))).toEqual(["B", "A", "C"]);
  });

  test("ranks the input itself, so unsorted input gives the same answer", () => {
    const list = ranked(30);
    expect(selectTopGainers([...list].reverse())).toEqual(selectTopGainers(list));
  });

  test("fewer coins than rows returns them all", () => {
    expect(selectTopGainers(ranked(3))).toHaveLength(3);
    expect(selectTopGainers([])).toEqual([]);
  });

  test("does not mutate its input", () => {
    const list = Object.freeze(ranked(30).reverse());
    expect(() => selectTopGainers(list)).not.toThrow();
  });

  test("always ≤ 10 rows, drawn from the 25 best ranks, sorted by change", () => {
    const change = fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 40 }), (changes) => {
        const list = changes.map((c, i) => coin(i + 1, `C${i + 1}`, c));
        const result = selectTopGainers(list);
        expect(result.length).toBe(Math.min(TOP_GAINERS_ROWS, list.length));
        for (const row of result) expect(row.rank).toBeLessThanOrEqual(TABLE_SOURCE_SIZE);
        const values = result.map((row) => row.priceChange24h ?? -Infinity);
        expect(values).toEqual([...values].sort((a, b) => b - a));
      }),
    );
  });
});

describe("selectMemeCoins", () => {
  test("meme symbols among the first 25, in rank order, case-insensitive", () => {
    const list = [
      ...ranked(20),
      coin(21, "PTGC"),
      coin(22, "pepe"),
      coin(23, "PLS"),
      coin(24, "PCOCK"),
      coin(25, "MOST"),
      coin(26, "TRUMP"), // outside the table source
    ];
    expect(symbols(selectMemeCoins(list))).toEqual(["PTGC", "pepe", "PCOCK", "MOST"]);
  });

  test("unsorted input is put in rank order", () => {
    const list = [coin(9, "TRUMP"), coin(2, "PEPE"), coin(5, "MOST")];
    expect(symbols(selectMemeCoins(list))).toEqual(["PEPE", "MOST", "TRUMP"]);
  });

  test("no meme coins → empty", () => {
    expect(selectMemeCoins(ranked(25))).toEqual([]);
  });

  test("a symbol merely containing a meme symbol is not one", () => {
    expect(selectMemeCoins([coin(1, "PEPE2"), coin(2, "XMOST")])).toEqual([]);
  });
});

describe("selectMostComparedPairs", () => {
  const all = ["pTGC", "PCOCK", "DOGE", "PLSX", "ETH", "HEX", "BTC"].map((s, i) => coin(i + 1, s));

  test("all pairs present: ranks 1..4 in list order, case-insensitive", () => {
    const pairs = selectMostComparedPairs(all).map(({ rank, coin1, coin2 }) => [rank, coin1.symbol, coin2.symbol]);
    expect(pairs).toEqual([
      [1, "PCOCK", "DOGE"],
      [2, "PLSX", "ETH"],
      [3, "HEX", "BTC"],
      [4, "pTGC", "PCOCK"],
    ]);
  });

  test("pairs with a missing coin are skipped and ranks stay consecutive", () => {
    const withoutEth = all.filter((c) => c.symbol !== "ETH");
    const pairs = selectMostComparedPairs(withoutEth).map(({ rank, coin1 }) => [rank, coin1.symbol]);
    expect(pairs).toEqual([
      [1, "PCOCK"],
      [2, "HEX"],
      [3, "pTGC"],
    ]);
  });

  test("returns the callers' coin objects", () => {
    const [first] = selectMostComparedPairs(all);
    expect(first?.coin1).toBe(all[1]);
    expect(first?.coin2).toBe(all[2]);
  });

  test("no coins → no pairs", () => {
    expect(selectMostComparedPairs([])).toEqual([]);
  });
});
