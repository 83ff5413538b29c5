// The pair card's supply bases (issue 43, part 2): a picker per coin with more than one basis; the
// default shows the server's views, any other basis works the answer out in the browser on both
// coins' bases, says which basis each figure uses, carries into the typed cap and the holding,
// and lives in the address (?supply1=, ?supply2=).
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ComparisonResult } from "@/components/compare/comparison-result";
import { supplyBasesOf } from "@/lib/coins/supply-bases";
import { computeComparison } from "@/lib/compare/comparison";
import { makeCoin, seedPriceContext } from "@/tests/components/fixtures";

// HEX: $0.006, 680M circulating ($4.08M), 300M staked ($5.88M liquid and staked).
// PLS: $0.0003, 100B circulating ($30M), 20B at burn addresses ($36M total).
const hex = makeCoin({ id: "hex", symbol: "HEX", currentPrice: 0.006, marketCap: 4_080_000, circulatingSupply: 680_000_000, athMarketCap: 60_000_000, athMarketCapAt: "2024-03-06T00:00:00.000Z" });
const pls = makeCoin({ id: "pls", symbol: "PLS", currentPrice: 0.0003, marketCap: 30_000_000, circulatingSupply: 100_000_000_000, athMarketCap: 90_000_000, athMarketCapAt: "2024-03-06T00:00:00.000Z" });
const bases = { coin1: supplyBasesOf(hex, { stakedSupply: 300_000_000 }), coin2: supplyBasesOf(pls, { burnedSupply: 20_000_000_000 }) };
const renderCard = () => render(<ComparisonResult result={computeComparison(hex, pls)} priceContext={seedPriceContext} plsUsd={null} bases={bases} />);
const pick = (testId: string) => screen.getByTestId(testId) as HTMLSelectElement;

beforeEach(() => window.history.replaceState(null, "", "/compare/hex/pls"));

test("on circulating supplies (the default) the card is today's, with both pickers offering each coin's bases", () => {
  renderCard();
  // 30M / 4.08M = 7.3529x; 0.006 × 7.3529 = $0.0441.
  expect(screen.getByTestId("comparison-sentence")).toHaveTextContent("When HEX reaches the market cap of PLS, it will be at $0.0441.");
  expect(screen.queryByTestId("basis-note")).toBeNull();
  expect([...pick("supply-basis-1").options].map((option) => option.text)).toEqual(["Circulating supply", "Liquid and staked HEX"]);
  expect([...pick("supply-basis-2").options].map((option) => option.text)).toEqual(["Circulating supply", "Total supply, burned PLS included"]);
});

test("other bases: worked out on both, each named, kept in the address; the typed cap and the holding follow coin 1's", async () => {
  const user = userEvent.setup();
  renderCard();
  await user.selectOptions(pick("supply-basis-1"), "staked");
  await user.selectOptions(pick("supply-basis-2"), "total");
  // 36M / 5.88M = 6.1224x; 0.006 × 6.1224 = $0.0367.
  expect(screen.getByTestId("target-market-cap")).toHaveTextContent(/^\$36\.00M$/);
  expect(screen.getByText("PLS market cap, total supply, burned PLS included")).toBeInTheDocument();
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^6x$/);
  expect(screen.getByTestId("comparison-sentence")).toHaveTextContent("When HEX reaches the market cap of PLS, it will be at $0.0367.");
  expect(screen.getByTestId("basis-note")).toHaveTextContent("HEX's market cap counts liquid and staked HEX ($5.88M today); PLS's counts total supply, burned PLS included.");
  expect(window.location.search).toBe("?supply1=staked&supply2=total");

  // The holding: 1,000,000 HEX at the target is 1,000,000 × $0.0367 = $36,734.69 (6.12x).
  await user.type(screen.getByRole("textbox", { name: /^I hold/ }), "1000000");
  expect(screen.getByTestId("holding-at-target")).toHaveTextContent(/^\$36,734\.69 \(6\.12x\)$/);

  // A typed $58.8M cap is 10x HEX's liquid-and-staked $5.88M: $0.06.
  await user.click(screen.getByRole("radio", { name: "Custom market cap" }));
  await user.type(screen.getByRole("textbox", { name: "Market cap" }), "58.8m");
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^10x$/);
  expect(screen.getByTestId("projected-price")).toHaveTextContent(/^\$0\.0600$/);
});

test("the all-time high: coin 1 on its basis, coin 2's high as recorded, said so", async () => {
  const user = userEvent.setup();
  window.history.replaceState(null, "", "/compare/hex/pls?target=ath&supply1=staked&supply2=total");
  renderCard();
  expect(await screen.findByRole("radio", { name: "All-time-high market cap", checked: true })).toBeInTheDocument();
  expect(pick("supply-basis-1")).toHaveValue("staked");
  // 90M / 5.88M = 15.306x; 0.006 × 15.306 = $0.0918.
  expect(screen.getByTestId("target-market-cap")).toHaveTextContent(/^\$90\.00M$/);
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^15x$/);
  expect(screen.getByTestId("basis-note")).toHaveTextContent("PLS's high is as recorded, on its circulating supply then.");
  // Back to circulating on both: the address is plain again, the server's view shows.
  await user.selectOptions(pick("supply-basis-1"), "circulating");
  await user.selectOptions(pick("supply-basis-2"), "circulating");
  expect(window.location.search).toBe("?target=ath");
  expect(screen.queryByTestId("basis-note")).toBeNull();
});

test("an address naming a basis a coin does not have shows the circulating one; no picker without bases to pick", () => {
  window.history.replaceState(null, "", "/compare/hex/pls?supply1=total");
  renderCard();
  expect(pick("supply-basis-1")).toHaveValue("circulating");
  expect(screen.queryByTestId("basis-note")).toBeNull();
});

test("a pair with no other basis has no picker", () => {
  render(<ComparisonResult result={computeComparison(hex, pls)} priceContext={seedPriceContext} plsUsd={null} bases={{ coin1: bases.coin1.slice(0, 1), coin2: bases.coin2.slice(0, 1) }} />);
  expect(screen.queryByTestId("supply-bases")).toBeNull();
});
