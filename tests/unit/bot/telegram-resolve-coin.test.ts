// How a word typed to the bot names a coin, and the pure pieces of its replies.
import { botCoinLookup, closestCoin, resolveCoin } from "@/lib/bot/resolve-coin";
import { compareCallbackData, escapeHtml, parseCompareArgs, parseCompareCallback } from "@/lib/bot/replies";

const coins = [
  { id: "btc", symbol: "BTC", name: "Bitcoin" },
  { id: "hex", symbol: "HEX", name: "HEX" },
  { id: "ehex", symbol: "eHEX", name: "HEX from Ethereum" },
  { id: "dai-eth", symbol: "DAI", name: "Dai" },
  { id: "dai-bsc", symbol: "Dai", name: "Dai (BSC)" },
];
const lookup = botCoinLookup(coins);

test("ids first, then a symbol naming one coin, any case, with or without $", () => {
  for (const typed of ["hex", "HEX", "$hex", " Hex "]) expect(resolveCoin(lookup, typed)).toEqual({ kind: "coin", coin: coins[1] });
  expect(resolveCoin(lookup, "EHEX")).toEqual({ kind: "coin", coin: coins[2] });
});

test("a symbol two coins share is ambiguous, in rank order; an unknown word gets the closest coin", () => {
  expect(resolveCoin(lookup, "dai")).toEqual({ kind: "ambiguous", query: "dai", coins: [coins[3], coins[4]] });
  expect(resolveCoin(lookup, "hexx")).toEqual({ kind: "unknown", query: "hexx", suggestion: coins[1] });
  expect(resolveCoin(lookup, "bitcoi")).toEqual({ kind: "unknown", query: "bitcoi", suggestion: coins[0] });
  expect(closestCoin(coins, "zzzzqqq")).toBeNull();
});

test("arguments, callback data within Telegram's 64 bytes, and HTML escaping", () => {
  expect(parseCompareArgs("HEX vs ETH 1.5m")).toEqual({ coin1: "HEX", coin2: "ETH", amount: "1.5m" });
  expect(parseCompareArgs("hex/eth")).toEqual({ coin1: "hex", coin2: "eth", amount: "" });
  expect(parseCompareArgs("hex")).toBeNull();
  expect(parseCompareCallback(compareCallbackData("dai-eth", "hex", "2k")!)).toEqual({ coin1: "dai-eth", coin2: "hex", amount: "2k" });
  expect(compareCallbackData("a".repeat(40), "b".repeat(30))).toBeNull();
  expect(escapeHtml("Pepe <on Eth> & co")).toBe("Pepe &lt;on Eth&gt; &amp; co");
});
