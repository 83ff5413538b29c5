// `npm run bench:closest-coin`: the bot's "did you mean" (lib/bot/closest-coin.ts) at 5,062 coins
// (the seed and the 5,000 synthetic coins every bench uses), in this process, no server: the scan
// it replaced (closestCoin: a substring search and an edit distance against every symbol and id per
// word) against the index (built once per snapshot), per word, on words the bot is sent: typos of
// symbols and ids, pieces of names, a word near nothing, and an inline query typed key by key.
// Prints the index's build time and per-word p50 / p95 / max for both, and checks they agree.
import { performance } from "node:perf_hooks";
import { closestCoinFinder } from "@/lib/bot/closest-coin";
import { closestCoin } from "@/lib/bot/resolve-coin";
import { seedCoins } from "@/prisma/seed/coins";
import { prng } from "@/prisma/seed/sample-history";
import { syntheticCoins } from "@/tests/bench/synthetic-coins";

const coins = [...seedCoins, ...syntheticCoins(Date.now())]
  .sort((a, b) => a.rank - b.rank)
  .map(({ id, symbol, name }) => ({ id, symbol, name }));

const random = prng(51);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const typo = (text: string) => {
  const at = Math.floor(random() * (text.length + 1));
  return random() < 0.5 ? text.slice(0, at) + pick([..."abcxyz"]) + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
};
const words: string[] = [];
for (let i = 0; i < 400; i++) {
  const coin = pick(coins);
  words.push(typo(coin.symbol), typo(typo(coin.id)), coin.name.slice(2, 7).toLowerCase(), `zq${Math.floor(random() * 1e6)}`);
}
// An inline query as typed: each keystroke is a query.
for (const typed of ["pulse moon x", "hexx", "plsxq", "quasar pulsx"]) for (let n = 1; n <= typed.length; n++) words.push(typed.slice(0, n));

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(3)} ms, p95 ${at(0.95).toFixed(3)} ms, max ${sorted.at(-1)!.toFixed(3)} ms`;
}

function timeEach(answer: (word: string) => unknown): { times: number[]; answers: unknown[] } {
  const times: number[] = [];
  const answers: unknown[] = [];
  for (const word of words) {
    const start = performance.now();
    answers.push(answer(word));
    times.push(performance.now() - start);
  }
  return { times, answers };
}

// Warm both (JIT), then measure.
timeEach((word) => closestCoin(coins, word));
const builds: string[] = [];
let finder = closestCoinFinder(coins);
for (let i = 0; i < 5; i++) {
  // The index is built in two halves on first use: the substring step's (a word it answers), then
  // the edit distance's (a word only edits reach). Each is one block of the event loop.
  const start = performance.now();
  finder = closestCoinFinder(coins);
  finder("pulse");
  const half = performance.now();
  finder("zqzqzq");
  builds.push(`${(half - start).toFixed(1)} + ${(performance.now() - half).toFixed(1)}`);
}
const scan = timeEach((word) => closestCoin(coins, word));
const index = timeEach(finder);
const differ = words.filter((_, i) => scan.answers[i] !== index.answers[i]).length;

console.log(`closest coin at ${coins.length} coins, ${words.length} words`);
console.log(`  scan (before):  ${stats(scan.times)}, total ${scan.times.reduce((a, b) => a + b, 0).toFixed(0)} ms`);
console.log(`  index (after):  ${stats(index.times)}, total ${index.times.reduce((a, b) => a + b, 0).toFixed(0)} ms`);
console.log(`  index build, once per snapshot (substring half + edit half): ${builds.join(", ")} ms`);
console.log(`  answers that differ: ${differ}`);
if (differ > 0) process.exitCode = 1;
