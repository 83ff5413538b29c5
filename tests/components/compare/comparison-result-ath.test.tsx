// The pair page's result card with its target switch: today's market cap (the spec's card, word
// for word) or coin 2's all-time-high market cap, kept in the address as ?target=ath.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ComparisonResult } from "@/components/compare/comparison-result";
import { computeComparison } from "@/lib/compare/comparison";
import { big, makeCoin, seedPriceContext, tiny } from "@/tests/components/fixtures";
import { AthTargetWords } from "@/components/compare/ath-target-words";

// BIG's high: $3.702B on Mar 6, 2024, three times its $1.234B cap today.
const bigWithHigh = { ...big, athMarketCap: 3_702_000_000, athMarketCapAt: "2024-03-06T00:00:00.000Z", athMarketCapEstimated: false };

beforeEach(() => window.history.replaceState(null, "", "/compare/tiny/big"));

const radio = (name: RegExp) => screen.getByRole("radio", { name });

test("starts on today's market cap with the spec's words; the high shows its own figures, date and sentence", async () => {
  const user = userEvent.setup();
  render(<ComparisonResult result={computeComparison(tiny, bigWithHigh)} priceContext={seedPriceContext} plsUsd={null} />);
  expect(screen.getByRole("radiogroup", { name: "Compare with BIG's market cap or a number" })).toBeInTheDocument();
  expect(radio(/Today's market cap/)).toHaveAttribute("aria-checked", "true");
  expect(screen.getByTestId("comparison-sentence")).toHaveTextContent("When TINY reaches the market cap of BIG, it will be at $0.0012.");

  await user.click(radio(/All-time-high market cap/));
  expect(radio(/All-time-high market cap/)).toHaveAttribute("aria-checked", "true");
  expect(radio(/Today's market cap/)).toHaveAttribute("aria-checked", "false");
  // 3,702,000,000 / 12,340,000 = 300; 0.00001234 × 300 = 0.003702.
  expect(screen.getByTestId("target-market-cap")).toHaveTextContent(/^\$3\.70B$/);
  expect(screen.getByText("BIG all-time-high market cap")).toBeInTheDocument();
  expect(screen.getByTestId("target-date")).toHaveTextContent(/^Mar 6, 2024$/);
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^300x$/);
  expect(screen.getByTestId("projected-price")).toHaveTextContent(/^\$0\.0037$/);
  expect(screen.getByTestId("comparison-sentence")).toHaveTextContent(
    "When TINY reaches BIG's all-time-high market cap of $3.70B on Mar 6, 2024, it will be at $0.0037.",
  );
  expect(screen.queryByTestId("ath-estimated-note")).not.toBeInTheDocument();
  expect(window.location.search).toBe("?target=ath");

  await user.click(radio(/Today's market cap/));
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^100x$/);
  expect(window.location.search).toBe("");
});

test("an estimated high says so next to its date and under the sentence", async () => {
  const user = userEvent.setup();
  const estimated = { ...bigWithHigh, athMarketCapEstimated: true };
  render(<ComparisonResult result={computeComparison(tiny, estimated)} priceContext={seedPriceContext} plsUsd={null} />);
  await user.click(radio(/All-time-high/));
  expect(screen.getByTestId("target-date")).toHaveTextContent(/^Mar 6, 2024, estimated$/);
  expect(screen.getByTestId("ath-estimated-note")).toHaveTextContent(
    "Estimated: BIG's price that day × today's supply, as the old supply is unknown.",
  );
});

test("the arrow keys move the choice, with one tab stop for the group", async () => {
  const user = userEvent.setup();
  render(<ComparisonResult result={computeComparison(tiny, bigWithHigh)} priceContext={seedPriceContext} plsUsd={null} />);
  expect(radio(/Today's/)).toHaveAttribute("tabindex", "0");
  expect(radio(/All-time-high/)).toHaveAttribute("tabindex", "-1");
  radio(/Today's/).focus();
  await user.keyboard("{ArrowRight}");
  expect(radio(/All-time-high/)).toHaveFocus();
  expect(radio(/All-time-high/)).toHaveAttribute("aria-checked", "true");
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^300x$/);
  await user.keyboard("{ArrowRight}");
  expect(radio(/Custom market cap/)).toHaveFocus();
  expect(screen.getByLabelText("Market cap")).toBeInTheDocument();
  await user.keyboard("{ArrowRight}");
  expect(radio(/On a date/)).toHaveFocus();
  expect(radio(/On a date/)).toHaveAttribute("aria-checked", "true");
  await user.keyboard("{ArrowRight}"); // wraps round
  expect(radio(/Today's/)).toHaveFocus();
  expect(screen.queryByLabelText("Market cap")).not.toBeInTheDocument();
  expect(screen.getByTestId("multiplier")).toHaveTextContent(/^100x$/);
});

test("a shared link with ?target=ath opens on the high; other parameters are kept", async () => {
  const user = userEvent.setup();
  window.history.replaceState(null, "", "/compare/tiny/big?ref=x&target=ath");
  render(<ComparisonResult result={computeComparison(tiny, bigWithHigh)} priceContext={seedPriceContext} plsUsd={null} />);
  expect(await screen.findByTestId("target-date")).toHaveTextContent("Mar 6, 2024");
  expect(radio(/All-time-high/)).toHaveAttribute("aria-checked", "true");
  await user.click(radio(/Today's/));
  expect(window.location.search).toBe("?ref=x");
});

test("coin 2 without a high: a clear message, no figures", async () => {
  const user = userEvent.setup();
  render(<ComparisonResult result={computeComparison(tiny, big)} priceContext={seedPriceContext} plsUsd={null} />);
  await user.click(radio(/All-time-high/));
  expect(screen.getByRole("alert")).toHaveTextContent("BIG has no all-time-high market cap on record yet.");
  expect(screen.queryByTestId("projected-price")).not.toBeInTheDocument();
});

test("coin names link to their coin pages", () => {
  render(<ComparisonResult result={computeComparison(tiny, bigWithHigh)} priceContext={seedPriceContext} plsUsd={null} />);
  const card = screen.getByTestId("comparison-result");
  expect(within(card).getByRole("link", { name: "TINY" })).toHaveAttribute("href", "/coins/tiny");
  expect(within(card).getByRole("link", { name: "BIG" })).toHaveAttribute("href", "/coins/big");
});

test("two coins that are one: no switch, the spec's message", () => {
  const same = makeCoin({ id: "tiny", symbol: "TINY" });
  render(<ComparisonResult result={computeComparison(tiny, same)} priceContext={seedPriceContext} plsUsd={null} />);
  expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument();
  expect(screen.getByRole("alert")).toHaveTextContent("Pick two different coins to compare.");
});

test("the target phrase, with and without its date (components/compare/ath-target-words.tsx)", () => {
  // 2,512,000,000,000 = 2.512T, shown with 2 decimals.
  const { container, rerender } = render(<AthTargetWords symbol="BTC" athMarketCap={2_512_000_000_000} athMarketCapAt="2025-10-06T00:00:00.000Z" />);
  expect(container).toHaveTextContent(/^BTC's all-time-high market cap of \$2\.51T on Oct 6, 2025$/);
  rerender(<AthTargetWords symbol="BTC" athMarketCap={2_512_000_000_000} athMarketCapAt={null} />);
  expect(container).toHaveTextContent(/^BTC's all-time-high market cap of \$2\.51T$/);
});
