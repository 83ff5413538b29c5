import fc from "fast-check";
import {
  COMPARE_DELAY_MS,
  MAX_FEATURED,
  MEME_SYMBOLS,
  MEME_TAG,
  MOST_COMPARED_PAIRS,
  MOST_COMPARED_ROWS,
  selectMemeCoins,
  selectMostComparedPairs,
  selectTopGainers,
  TABLE_SOURCE_SIZE,
  TOP_GAINERS_ROWS,
} from "@/lib/trending/home-tables";

type TestCoin = { id: string; symbol: string; rank: number; priceChange24h: number | null; tags: string[]; lowLiquidity: boolean };

function coin(rank: number, symbol: string, priceChange24h: number | null = 0, tags: string[] = []): TestCoin {
  return { id: symbol.toLowerCase(), symbol, rank, priceChange24h, tags, lowLiquidity: false };
}

/** The same coin priced from a pool under the liquidity floor. */
const thin = (c: TestCoin): TestCoin => ({ ...c, lowLiquidity: true });

/** A coin tagged by the operator, e.g. meme(3, "DOGGO") or meme(3, "X", ["dog", "Meme"]). */
function meme(rank: number, symbol: string, tags: string[] = ["meme"]): TestCoin {
  return coin(rank, symbol, 0, tags);
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
    ["MEME_TAG", MEME_TAG, "meme"],
    ["MOST_COMPARED_ROWS", MOST_COMPARED_ROWS, 4],
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

  test("a low-liquidity coin leaves the table, however big its gain, and the next rank joins the source", () => {
    // C25 (+25%, the biggest in the source) is thin: the source becomes ranks 1-24 and 26, so C26
    // (+26%) leads and the rest are C24 down to C16 as before, one place up.
    const list = ranked(30).map((c) => (c.symbol === "C25" ? thin(c) : c));
    expect(symbols(selectTopGainers(list))).toEqual(["C26", "C24", "C23", "C22", "C21", "C20", "C19", "C18", "C17", "C16"]);
  });

  test("once its pool recovers (flag cleared) the coin is back", () => {
    const list = [thin(coin(1, "A", 50)), coin(2, "B", 1)];
    expect(symbols(selectTopGainers(list))).toEqual(["B"]);
    expect(symbols(selectTopGainers(list.map((c) => ({ ...c, lowLiquidity: false }))))).toEqual(["A", "B"]);
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
  test("coins tagged meme among the first 25, in rank order", () => {
    const list = [
      ...ranked(20),
      meme(21, "DOGGO"),
      meme(22, "pepe"),
      coin(23, "PLS"),
      meme(24, "FROG", ["dog", "meme", "pulsechain"]),
      meme(25, "WIF", ["Meme"]),
      meme(26, "TRUMP"), // outside the table source
    ];
    expect(symbols(selectMemeCoins(list))).toEqual(["DOGGO", "pepe", "FROG", "WIF"]);
  });

  test("a low-liquidity meme coin leaves the table; a meme coin ranked 26th moves into the source", () => {
    const list = [...ranked(23), thin(meme(24, "THIN")), meme(25, "PEPE"), meme(26, "MOST")];
    expect(symbols(selectMemeCoins(list))).toEqual(["PEPE", "MOST"]);
  });

  test("the tag decides, not the symbol: an untagged PEPE is not a meme coin, a tagged newcomer is", () => {
    const list = [coin(1, "PEPE"), coin(2, "PCOCK"), meme(3, "NEWMEME")];
    expect(symbols(selectMemeCoins(list))).toEqual(["NEWMEME"]);
  });

  test("unsorted input is put in rank order", () => {
    const list = [meme(9, "TRUMP"), meme(2, "PEPE"), meme(5, "MOST")];
    expect(symbols(selectMemeCoins(list))).toEqual(["PEPE", "MOST", "TRUMP"]);
  });

  test("no meme coins → empty", () => {
    expect(selectMemeCoins(ranked(25))).toEqual([]);
  });

  test("the tag must match exactly (any case): 'memes', 'meme-ish' and 'not meme' are other tags", () => {
    const list = [meme(1, "A", ["memes"]), meme(2, "B", ["meme-ish"]), meme(3, "C", ["not meme"]), meme(4, "D", [" MEME "])];
    expect(symbols(selectMemeCoins(list))).toEqual(["D"]);
  });
});

describe("selectMostComparedPairs", () => {
  const all = ["pTGC", "PCOCK", "DOGE", "PLSX", "ETH", "HEX", "BTC", "PLS", "INC"].map((s, i) => coin(i + 1, s));
  const bySymbol = (symbol: string) => all.find((c) => c.symbol === symbol)!;
  const counted = (...pairs: [string, string][]) => pairs.map(([a, b]) => ({ coin1: bySymbol(a), coin2: bySymbol(b) }));
  const shown = (pairs: ReturnType<typeof selectMostComparedPairs<TestCoin>>) =>
    pairs.map(({ rank, coin1, coin2 }) => `${rank} ${coin1.symbol}/${coin2.symbol}`);

  test("nothing counted: the fixed pairs, ranks 1..4 in list order, case-insensitive", () => {
    expect(shown(selectMostComparedPairs(all))).toEqual(["1 PCOCK/DOGE", "2 PLSX/ETH", "3 HEX/BTC", "4 pTGC/PCOCK"]);
    expect(selectMostComparedPairs(all, [])).toEqual(selectMostComparedPairs(all));
  });

  test("counted pairs come first in their order; the fixed pairs fill up to 4", () => {
    const pairs = selectMostComparedPairs(all, counted(["PLS", "INC"], ["HEX", "PLS"]));
    expect(shown(pairs)).toEqual(["1 PLS/INC", "2 HEX/PLS", "3 PCOCK/DOGE", "4 PLSX/ETH"]);
  });

  test("a counted fixed pair is not shown twice; the reversed pair is a different one", () => {
    const pairs = selectMostComparedPairs(all, counted(["HEX", "BTC"], ["ETH", "PLSX"]));
    expect(shown(pairs)).toEqual(["1 HEX/BTC", "2 ETH/PLSX", "3 PCOCK/DOGE", "4 PLSX/ETH"]);
  });

  test("4 or more counted pairs: the first 4, no fixed pair", () => {
    const pairs = selectMostComparedPairs(all, counted(["PLS", "INC"], ["INC", "PLS"], ["HEX", "PLS"], ["PLS", "HEX"], ["BTC", "ETH"]));
    expect(shown(pairs)).toEqual(["1 PLS/INC", "2 INC/PLS", "3 HEX/PLS", "4 PLS/HEX"]);
  });

  test("fixed pairs with a missing coin are skipped and ranks stay consecutive", () => {
    const withoutEth = all.filter((c) => c.symbol !== "ETH");
    expect(shown(selectMostComparedPairs(withoutEth))).toEqual(["1 PCOCK/DOGE", "2 HEX/BTC", "3 pTGC/PCOCK"]);
    expect(shown(selectMostComparedPairs(withoutEth, counted(["PLS", "INC"])))).toEqual([
      "1 PLS/INC",
      "2 PCOCK/DOGE",
      "3 HEX/BTC",
      "4 pTGC/PCOCK",
    ]);
  });

  test("returns the callers' coin objects", () => {
    const [first, second] = selectMostComparedPairs(all, counted(["PLS", "INC"]));
    expect(first?.coin1).toBe(bySymbol("PLS"));
    expect(second?.coin1).toBe(all[1]);
    expect(second?.coin2).toBe(all[2]);
  });

  test("no coins and nothing counted → no pairs", () => {
    expect(selectMostComparedPairs([])).toEqual([]);
  });

  test("always at most 4, ranks 1..n, no pair twice, counted pairs first", () => {
    const pair = fc.tuple(fc.constantFrom(...all), fc.constantFrom(...all)).filter(([a, b]) => a !== b);
    fc.assert(
      fc.property(fc.uniqueArray(pair, { maxLength: 8, selector: ([a, b]) => `${a.id}/${b.id}` }), (pairs) => {
        const input = pairs.map(([coin1, coin2]) => ({ coin1, coin2 }));
        const result = selectMostComparedPairs(all, input);
        expect(result.length).toBe(MOST_COMPARED_ROWS);
        expect(result.map((p) => p.rank)).toEqual([1, 2, 3, 4]);
        expect(new Set(result.map((p) => `${p.coin1.id}/${p.coin2.id}`)).size).toBe(result.length);
        const firstCounted = input.slice(0, MOST_COMPARED_ROWS);
        expect(result.slice(0, firstCounted.length).map(({ coin1, coin2 }) => ({ coin1, coin2 }))).toEqual(firstCounted);
      }),
    );
  });
});
