import { render, screen } from "@testing-library/react";
import { ComparisonResult } from "@/components/compare/comparison-result";
import { computeComparison } from "@/lib/compare/comparison";
import { big, makeCoin, seedPriceContext, tiny } from "@/tests/components/fixtures";

test("a coin priced 0.00001234 at a 100x bigger market cap: every figure in its exact format", () => {
  render(<ComparisonResult result={computeComparison(tiny, big)} priceContext={seedPriceContext} plsUsd={null} />);
  expect(screen.getByTestId("current-price")).toHaveTextContent(/^\$0\.000012$/);
  expect(screen.getByTestId("target-market-cap")).toHaveTextContent(/^\$1\.23B$/);
  expect(screen.getByTestId("projected-price")).toHaveTextContent(/^\$0\.0012$/);
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^100x$/);
  expect(screen.getByTestId("comparison-sentence")).toHaveTextContent(
    "When TINY reaches the market cap of BIG, it will be at $0.0012.",
  );
  // Both coins: symbol, name, and logo or first two letters.
  expect(screen.getByText("Tiny Token")).toBeInTheDocument();
  expect(screen.getByText("Big Coin")).toBeInTheDocument();
  expect(screen.getByText("TI")).toBeInTheDocument();
  expect(screen.getByTestId("comparison-result").querySelector("img")).toHaveAttribute("src", "/logos/btc.svg");
});

test("a multiplier below 1 shows two decimals instead of '0x'", () => {
  render(<ComparisonResult result={computeComparison(big, tiny)} priceContext={seedPriceContext} plsUsd={null} />);
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^0\.01x$/);
  expect(screen.getByTestId("projected-price")).toHaveTextContent(/^\$500\.00$/);
});

test("a coin without a market cap gives a clear message, no figures", () => {
  const noCap = makeCoin({ id: "nocap", symbol: "NOCAP", marketCap: 0 });
  render(<ComparisonResult result={computeComparison(noCap, big)} priceContext={seedPriceContext} plsUsd={null} />);
  expect(screen.getByRole("alert")).toHaveTextContent("NOCAP has no market cap data, so it can't be compared.");
  expect(screen.queryByTestId("projected-price")).not.toBeInTheDocument();
});

test("badges on coin 1's price and on coin 2's market cap (which its price makes), outside the figures", () => {
  // 12:00 UTC render; BIG's price is from 10:00 (2 hours), TINY's pool is under the floor.
  const context = { newestLivePriceAt: "2026-11-23T11:59:00.000Z", minLiquidityUsd: 5_000, now: Date.parse("2026-11-23T12:00:00.000Z") };
  const thinTiny = { ...tiny, priceSource: "pulsex", priceUpdatedAt: "2026-11-23T11:59:00.000Z", lowLiquidity: true };
  const oldBig = { ...big, priceSource: "coingecko", priceUpdatedAt: "2026-11-23T10:00:00.000Z" };
  render(<ComparisonResult result={computeComparison(thinTiny, oldBig)} priceContext={context} plsUsd={null} />);
  expect(screen.getByTestId("current-price")).toHaveTextContent(/^\$0\.000012$/);
  expect(screen.getByTestId("target-market-cap")).toHaveTextContent(/^\$1\.23B$/);
  const [priceBadges, capBadges] = screen.getAllByTestId("price-badges");
  expect(priceBadges).toHaveTextContent(/^low liquidity: Price from a pool with under \$5,000 of liquidity; last good price shown$/);
  expect(capBadges).toHaveTextContent(/^stale: Price not updated for 2 hours$/);
});

describe("what the target would take, through coin 1's pools", () => {
  // 1e9 TINY against 12,340 DAI: $0.00001234 a token, $24,680 of liquidity.
  const targets = { pools: [{ tokenReserve: 1e9, baseReserve: 12_340, baseUsd: 1 }], plsUsd: 0.00003 };

  test("under the sentence: the buying in dollars and PLS, and what it assumes", () => {
    render(<ComparisonResult result={computeComparison(tiny, big)} priceContext={seedPriceContext} plsUsd={null} targets={targets} />);
    // √(1e9 · 12,340 · 0.001234) − 12,340 = 123,400 − 12,340 = $111,060; at $0.00003 a PLS, 3.70B PLS.
    expect(screen.getByTestId("what-it-takes")).toHaveTextContent(
      "Reaching $0.0012 would take about $111.06K (about 3.70B PLS) of net buying through PulseX at today's liquidity." +
        "At today's reserves in 1 PulseX pool holding $24.68K: no liquidity added or taken out, no other venue, fees on top.",
    );
  });

  test("a target below today's price is the selling it would take", () => {
    // BIG at TINY's market cap: 1/100 of its price. Its pool: 1,000 BIG / 50,000,000 DAI ($50,000 a BIG).
    const bigTargets = { pools: [{ tokenReserve: 1_000, baseReserve: 50_000_000, baseUsd: 1 }], plsUsd: null };
    render(<ComparisonResult result={computeComparison(big, tiny)} priceContext={seedPriceContext} plsUsd={null} targets={bigTargets} />);
    // √(1,000 · 5e7 · 500) − 5e7 = 5e6 − 5e7: $45.00M of selling; no PLS price, dollars only.
    expect(screen.getByTestId("what-it-takes")).toHaveTextContent(/^Falling to \$500\.00 would take about \$45\.00M of net selling through PulseX at today's liquidity\./);
  });

  test("a coin not priced from pools: nothing said", () => {
    render(<ComparisonResult result={computeComparison(tiny, big)} priceContext={seedPriceContext} plsUsd={null} targets={null} />);
    expect(screen.queryByTestId("what-it-takes")).not.toBeInTheDocument();
  });
});
