import { indexBySymbol } from "@/lib/coins/coin-lookup";
import { pairPath, resolvePair } from "@/lib/compare/pair-route";

type C = { id: string; symbol: string };
const coins: C[] = [
  { id: "btc", symbol: "BTC" },
  { id: "hex", symbol: "HEX" },
  { id: "ptgc", symbol: "pTGC" },
  // A listed token whose id is not its symbol, and a symbol two coins share.
  { id: "quasar-pulse", symbol: "QSRP" },
  { id: "pepe", symbol: "PEPE" },
  { id: "pepe-2", symbol: "PEPE" },
  { id: "moon-a", symbol: "MOON" },
  { id: "moon-b", symbol: "MOON" },
];
const lookup = { byId: new Map(coins.map((coin) => [coin.id, coin])), bySymbol: indexBySymbol(coins) };

test("canonical ids are the pair", () => {
  expect(resolvePair(lookup, "hex", "btc")).toEqual({ kind: "pair", coin1: coins[1], coin2: coins[0] });
  expect(pairPath("hex", "btc")).toBe("/compare/hex/btc");
});

test.each([
  ["an upper-case id", "HEX", "btc", "/compare/hex/btc"],
  ["mixed case on both sides", "pTGC", "Btc", "/compare/ptgc/btc"],
  ["a symbol naming exactly one coin", "qsrp", "hex", "/compare/quasar-pulse/hex"],
  ["an upper-case symbol", "hex", "QSRP", "/compare/hex/quasar-pulse"],
])("%s redirects to the canonical address", (_, a, b, path) => {
  expect(resolvePair(lookup, a, b)).toEqual({ kind: "redirect", path });
});

test.each([
  ["an unknown id", "nope", "btc"],
  ["the same coin twice", "hex", "hex"],
  ["the same coin by id and by case", "hex", "HEX"],
  ["a symbol two coins share, when no id is it", "moon", "btc"],
  ["an empty segment", "", "btc"],
  ["a segment longer than any id", "a".repeat(65), "btc"],
  ["junk", "<script>", "btc"],
])("%s is not found", (_, a, b) => {
  expect(resolvePair(lookup, a, b)).toEqual({ kind: "not-found" });
});

test("a shared symbol still reaches the coin whose id it is", () => {
  expect(resolvePair(lookup, "PEPE", "btc")).toEqual({ kind: "redirect", path: "/compare/pepe/btc" });
});

test("symbols index by lower case, in the order given", () => {
  expect(indexBySymbol(coins).get("pepe")?.map((coin) => coin.id)).toEqual(["pepe", "pepe-2"]);
  expect(indexBySymbol(coins).get("ptgc")?.map((coin) => coin.id)).toEqual(["ptgc"]);
});
