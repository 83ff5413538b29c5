// The words for what a target would take: the sentence, its selling form, and when nothing is said.
import { whatItTakesAssumptions, whatItTakesSentence } from "@/lib/compare/what-it-takes-copy";

// 1,000,000 tokens against 500,000 DAI ($0.50) and 200,000 against 1e9 WPLS at $0.0001 ($0.50).
const targets = {
  pools: [
    { tokenReserve: 1_000_000, baseReserve: 500_000, baseUsd: 1 },
    { tokenReserve: 200_000, baseReserve: 1_000_000_000, baseUsd: 0.0001 },
  ],
  plsUsd: 0.0001,
};

test("to $2 (4x): $500,000 through the DAI pool and $100,000 through the WPLS pool, said in dollars and PLS", () => {
  expect(whatItTakesSentence(2, 0.5, targets)).toBe("Reaching $2.00 would take about $600.00K (about 6.00B PLS) of net buying through PulseX at today's liquidity.");
  expect(whatItTakesAssumptions(targets)).toBe("At today's reserves in 2 PulseX pools holding $1.20M: no liquidity added or taken out, no other venue, fees on top.");
});

test("below today's price: the selling; without a PLS price: dollars alone", () => {
  // To $0.125: half of each pool's base side comes out: $250,000 + $50,000.
  expect(whatItTakesSentence(0.125, 0.5, { ...targets, plsUsd: null })).toBe(
    "Falling to $0.1250 would take about $300.00K of net selling through PulseX at today's liquidity.",
  );
});

test("nothing to say: no pools, no target, or a target at today's price", () => {
  expect(whatItTakesSentence(2, 0.5, null)).toBeNull();
  expect(whatItTakesSentence(2, 0.5, { pools: [], plsUsd: 0.0001 })).toBeNull();
  expect(whatItTakesSentence(0, 0.5, targets)).toBeNull();
  expect(whatItTakesSentence(0.5002, 0.5, targets)).toBeNull();
});
