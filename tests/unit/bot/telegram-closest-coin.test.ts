// The bot's "did you mean" index (lib/bot/closest-coin.ts) answers exactly as the scan that defines it
// (closestCoin in lib/bot/resolve-coin.ts), on generated coin lists and words: typos of symbols and
// ids, pieces of names, words near nothing, one-letter words, blanks, mixed case and ties.
import { closestCoinFinder } from "@/lib/bot/closest-coin";
import { closestCoin } from "@/lib/bot/resolve-coin";
import { prng } from "@/prisma/seed/sample-history";

type TestCoin = { id: string; symbol: string; name: string };

function generate(seed: number, count: number) {
  const next = prng(seed); // seeded: a failure is the same on every run
  const pick = (letters: string) => letters[Math.floor(next() * letters.length)]!;
  // A small alphabet makes near symbols (and ties) common, as in a real list of tickers.
  const word = (min: number, max: number, letters = "abcdehilmnoprstx") =>
    Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, () => pick(letters)).join("");
  const coins: TestCoin[] = [];
  for (let i = 0; i < count; i++) {
    const symbol = word(1, 7);
    const cased = next() < 0.3 ? symbol : next() < 0.5 ? symbol.toUpperCase() : symbol[0]!.toUpperCase() + symbol.slice(1);
    const id = next() < 0.5 ? `${symbol}-${i}` : `${word(2, 9, "abcdehilmnoprstx0123456789-")}${i}`;
    coins.push({ id, symbol: cased, name: `${word(3, 10)}${next() < 0.5 ? ` ${word(2, 8)}` : ""}` });
  }
  const typo = (text: string) => {
    const at = Math.floor(next() * (text.length + 1));
    const kind = next();
    if (kind < 0.33) return text.slice(0, at) + pick("abcdexyz") + text.slice(at);
    if (kind < 0.66) return text.slice(0, at) + text.slice(at + 1);
    return text.slice(0, at) + pick("abcdexyz") + text.slice(at + 1);
  };
  const words: string[] = ["", " ", "  x ", "a", "Z", "q", "zz", "xq", "qqqqqqqqqqqqqqqqqqqqqqqq", "name with space"];
  for (let i = 0; i < 1_500; i++) {
    const coin = coins[Math.floor(next() * coins.length)]!;
    const kind = next();
    if (kind < 0.3) words.push(typo(coin.symbol));
    else if (kind < 0.5) words.push(typo(typo(coin.id)));
    else if (kind < 0.6) words.push(typo(typo(typo(coin.id))).toUpperCase());
    else if (kind < 0.7) words.push(coin.name.slice(Math.floor(next() * 3), 3 + Math.floor(next() * 6)));
    else if (kind < 0.8) words.push(` ${typo(coin.name.split(" ")[0]!)} `);
    else words.push(word(1, 14, "abcdefghijklmnopqrstuvwxyz0123456789-"));
  }
  return { coins, words };
}

test.each([
  [1, 40],
  [2, 400],
  [3, 3_000],
])("seed %i, %i coins: the index suggests the same coin as the scan for every word", (seed, count) => {
  const { coins, words } = generate(seed, count);
  const closest = closestCoinFinder(coins);
  const differ = words.filter((word) => closest(word) !== closestCoin(coins, word)).map((word) => `"${word}": ${closest(word)?.id} vs ${closestCoin(coins, word)?.id}`);
  expect(differ).toEqual([]);
  // The words reach both steps: some by a name or symbol containing them, some by edits, some none.
  const answered = words.map((word) => closest(word)).filter((coin) => coin !== null);
  expect(answered.length).toBeGreaterThan(words.length / 2);
  expect(answered.length).toBeLessThan(words.length);
});

test("an empty list suggests nothing; a blank word is the first coin, as the coin search has it", () => {
  expect(closestCoinFinder([])("hex")).toBeNull();
  expect(closestCoinFinder([])(" ")).toBeNull();
  const coins = [
    { id: "hex", symbol: "HEX", name: "HEX" },
    { id: "hxe-2", symbol: "HXE", name: "Other" },
  ];
  expect(closestCoinFinder(coins)(" ")).toBe(coins[0]);
  expect(closestCoinFinder(coins)("")).toBeNull();
  // "hxx" is one edit from both: the better-ranked wins.
  expect(closestCoinFinder(coins)("hxx")).toBe(closestCoin(coins, "hxx"));
});

test("after the index is built, a word reads no coin of the list: it costs the same at any number of coins", () => {
  const { coins, words } = generate(4, 3_000);
  let reads = 0;
  const watched = new Proxy(coins, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  const closest = closestCoinFinder(watched);
  // Built in two halves on first use: the substring step's, then the edit distance's.
  closest(coins[0]!.name);
  closest("qqqqqqqqqqqqqqqq");
  reads = 0;
  for (const word of words.slice(0, 200)) closest(word);
  // Only each answer's own coin is read.
  expect(reads).toBeLessThanOrEqual(200);
});
