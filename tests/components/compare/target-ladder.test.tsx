// The pair page's ladder of targets: coin 1 at shares of coin 2's market cap, what each would take.
import { render, screen, within } from "@testing-library/react";
import { TargetLadder } from "@/components/compare/target-ladder";
import { computeComparison } from "@/lib/compare/comparison";
import { big, tiny } from "@/tests/components/fixtures";

const result = computeComparison(tiny, big);
if (!result.comparable) throw new Error("the fixtures compare");
// 1e9 TINY against 12,340 DAI: TINY's $0.00001234.
const targets = { pools: [{ tokenReserve: 1e9, baseReserve: 12_340, baseUsd: 1 }], plsUsd: 0.00003 };

const rows = () => screen.getAllByTestId("ladder-step").map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));

test("10% to 500% of BIG's market cap: the cap, TINY's price and multiplier, and the buying through its pool", () => {
  render(<TargetLadder result={result} targets={targets} plsUsd={null} />);
  // TINY's $12.34M is 1% of BIG's $1.234B.
  expect(screen.getByTestId("ladder-progress")).toHaveTextContent("Today TINY's market cap is 1.00% of BIG's.");
  expect(screen.getByRole("table", { name: "TINY at shares of BIG's market cap" })).toBeInTheDocument();
  const cells = rows();
  expect(cells.map((row) => [row[0], row[1], row[3]])).toEqual([
    ["10%", "$123.40M", "10x"],
    ["25%", "$308.50M", "25x"],
    ["50%", "$617.00M", "50x"],
    ["100%", "$1.23B", "100x"],
    ["200%", "$2.47B", "200x"],
    ["500%", "$6.17B", "500x"],
  ]);
  // At 100%, the pair card's own answer: $0.0012.
  expect(cells[3]![2]).toBe("$0.0012");
  // √(1e9 · 12,340 · p) − 12,340: at 10x p = $0.0001234, 39,022.6 − 12,340 = $26.68K; at 100x, $111.06K.
  expect(cells[0]![4]).toBe("$26.68K buying");
  expect(cells[3]![4]).toBe("$111.06K buying");
  expect(screen.getByText(/at today's reserves: no liquidity added or taken out, no other venue, fees on top\./)).toBeInTheDocument();
});

test("coin 1 above a step: that step is the selling; a coin without pools has no 'would take' column", () => {
  const down = computeComparison(big, tiny);
  if (!down.comparable) throw new Error("the fixtures compare");
  const bigPools = { pools: [{ tokenReserve: 1_000, baseReserve: 50_000_000, baseUsd: 1 }], plsUsd: null };
  const { unmount } = render(<TargetLadder result={down} targets={bigPools} plsUsd={null} />);
  expect(screen.getByTestId("ladder-progress")).toHaveTextContent("Today BIG's market cap is 10,000.00% of TINY's.");
  expect(rows()[3]![4]).toBe("$45.00M selling");
  unmount();

  render(<TargetLadder result={result} targets={null} plsUsd={null} />);
  expect(rows()[0]).toHaveLength(4);
  expect(screen.queryByRole("columnheader", { name: "Would take" })).not.toBeInTheDocument();
});
