import fc from "fast-check";
import { findCoinBySymbol, searchCoins } from "@/lib/coins/coin-search";

type TestCoin = { id: string; name: string; symbol: string };

const coins: readonly TestCoin[] = Object.freeze([
  { id: "pls", name: "PulseChain", symbol: "PLS" },
  { id: "plsx", name: "PulseX", symbol: "PLSX" },
  { id: "hex", name: "HEX", symbol: "HEX" },
  { id: "ptgc", name: "The Grays Currency", symbol: "pTGC" },
  { id: "btc", name: "Bitcoin", symbol: "BTC" },
  { id: "pepe", name: "Pepe", symbol: "PEPE" },
]);

const ids = (list: readonly TestCoin[]) => list.map((coin) => coin.id);

describe("searchCoins", () => {
  test.each<[string, string | null | undefined, string[]]>([
    ["empty query returns all", "", ["pls", "plsx", "hex", "ptgc", "btc", "pepe"]],
    ["whitespace query returns all", "   ", ["pls", "plsx", "hex", "ptgc", "btc", "pepe"]],
    ["null query returns all", null, ["pls", "plsx", "hex", "ptgc", "btc", "pepe"]],
    ["undefined query returns all", undefined, ["pls", "plsx", "hex", "ptgc", "btc", "pepe"]],
    ["symbol substring, input order", "pls", ["pls", "plsx"]],
    ["name substring", "pulse", ["pls", "plsx"]],
    ["case-insensitive on name", "BITCOIN", ["btc"]],
    ["case-insensitive on mixed-case symbol", "ptgc", ["ptgc"]],
    ["substring inside the name", "grays", ["ptgc"]],
    ["substring inside the symbol", "tg", ["ptgc"]],
    ["query is trimmed", "  hex ", ["hex"]],
    ["matches name or symbol", "pe", ["pepe"]],
    ["inner spaces are kept", "grays cur", ["ptgc"]],
    ["no match", "doge", []],
  ])("%s: %p", (_, query, expected) => {
    expect(ids(searchCoins(coins, query))).toEqual(expected);
  });

  test("returns a new array, even for an empty query", () => {
    const result = searchCoins(coins, "");
    expect(result).not.toBe(coins);
    expect(result).toEqual(coins);
  });

  test("does not mutate its input (frozen array)", () => {
    expect(() => searchCoins(coins, "p")).not.toThrow();
    expect(ids(coins)).toEqual(["pls", "plsx", "hex", "ptgc", "btc", "pepe"]);
  });

  test("results are an in-order subset that each match", () => {
    const coinArb = fc.record({ id: fc.uuid(), name: fc.string(), symbol: fc.string({ maxLength: 6 }) });
    fc.assert(
      fc.property(fc.array(coinArb, { maxLength: 20 }), fc.string({ maxLength: 4 }), (list, query) => {
        const result = searchCoins(list, query);
        let cursor = 0;
        for (const coin of result) {
          cursor = list.indexOf(coin, cursor) + 1;
          expect(cursor).toBeGreaterThan(0);
          const needle = query.trim().toLowerCase();
          expect(coin.name.toLowerCase().includes(needle) || coin.symbol.toLowerCase().includes(needle)).toBe(true);
        }
        const missed = list.filter((coin) => !result.includes(coin));
        for (const coin of missed) {
          const needle = query.trim().toLowerCase();
          expect(coin.name.toLowerCase().includes(needle) || coin.symbol.toLowerCase().includes(needle)).toBe(false);
        }
      }),
    );
  });
});

describe("findCoinBySymbol", () => {
  test.each<[string | null | undefined, string | undefined]>([
    ["PTGC", "ptgc"],
    ["pTGC", "ptgc"],
    ["ptgc", "ptgc"],
    [" hex ", "hex"],
    ["PLS", "pls"],
    ["PL", undefined],
    ["PLSXX", undefined],
    ["", undefined],
    [null, undefined],
    [undefined, undefined],
  ])("%p → %p", (symbol, expected) => {
    expect(findCoinBySymbol(coins, symbol)?.id).toBe(expected);
  });

  test("first match wins when symbols repeat", () => {
    const dupes = [
      { id: "pepe-pulse", symbol: "PEPE" },
      { id: "pepe-eth", symbol: "pepe" },
    ];
    expect(findCoinBySymbol(dupes, "Pepe")?.id).toBe("pepe-pulse");
  });
});
