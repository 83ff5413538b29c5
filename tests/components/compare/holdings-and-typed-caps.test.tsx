// "I hold [amount]" beside a comparison, and a market cap the visitor types as the target: on the
// pair page's card (both kept in the address), in a playground tool and on a saved card.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CoinAtMarketCap } from "@/components/coins/coin-page/coin-at-market-cap";
import { ComparisonResult } from "@/components/compare/comparison-result";
import { Playground } from "@/components/playground/playground";
import { computeComparison } from "@/lib/compare/comparison";
import { chooseCoin } from "@/tests/helpers/choose-coin";
import { TEST_INDEX_VERSION, serveCoins } from "@/tests/helpers/coin-api";
import { useFakeApi } from "@/tests/helpers/fake-api";
import { useListboxLayout } from "@/tests/helpers/listbox-layout";
import { renderWithQueryClient } from "@/tests/helpers/render-with-query";
import { big, seedPriceContext, tiny } from "@/tests/components/fixtures";

// TINY: $0.00001234 at a $12.34M cap. BIG: $1.234B today (100x TINY's), $3.702B at its high (300x).
const bigWithHigh = { ...big, athMarketCap: 3_702_000_000, athMarketCapAt: "2024-03-06T00:00:00.000Z", athMarketCapEstimated: false };
const radio = (name: RegExp, within_: HTMLElement = document.body) => within(within_).getByRole("radio", { name });
const amountField = (scope: HTMLElement = document.body) => within(scope).getByRole("textbox", { name: /^I hold/ });

describe("the pair page's card", () => {
  beforeEach(() => window.history.replaceState(null, "", "/compare/tiny/big"));
  const renderCard = () => render(<ComparisonResult result={computeComparison(tiny, bigWithHigh)} priceContext={seedPriceContext} plsUsd={null} />);

  test("a shared link with ?mcap= and ?hold= opens on the typed market cap with the amount's values", async () => {
    window.history.replaceState(null, "", "/compare/tiny/big?mcap=1.234b&hold=1000000");
    renderCard();
    expect(await screen.findByRole("radio", { name: "Custom market cap", checked: true })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Market cap" })).toHaveValue("1.234b");
    // 1,234,000,000 / 12,340,000 = 100; 0.00001234 × 100 = 0.001234.
    expect(screen.getByTestId("target-market-cap")).toHaveTextContent(/^\$1\.23B$/);
    expect(screen.getByTestId("multiplier")).toHaveTextContent(/^100x$/);
    expect(screen.getByTestId("comparison-sentence")).toHaveTextContent("When TINY reaches a market cap of $1.23B, it will be at $0.0012.");
    expect(amountField()).toHaveValue("1000000");
    // 1,000,000 × 0.00001234 = 12.34; × 100 = 1,234.
    expect(screen.getByTestId("holding-today")).toHaveTextContent(/^\$12\.34$/);
    expect(screen.getByText("Worth at a market cap of $1.23B")).toBeInTheDocument();
    expect(screen.getByTestId("holding-at-target")).toHaveTextContent(/^\$1,234\.00 \(100\.00x\)$/);
  });

  test("the amount follows the target, lives in the address, and a bad one says why and changes nothing", async () => {
    const user = userEvent.setup();
    renderCard();
    await user.type(amountField(), "2.5m");
    // 2,500,000 × 0.00001234 = 30.85; at BIG's cap today (100x) 3,085.
    expect(screen.getByTestId("holding-today")).toHaveTextContent(/^\$30\.85$/);
    expect(screen.getByText("Worth at BIG's market cap")).toBeInTheDocument();
    expect(screen.getByTestId("holding-at-target")).toHaveTextContent(/^\$3,085\.00 \(100\.00x\)$/);
    expect(window.location.search).toBe("?hold=2.5m");

    await user.click(radio(/All-time-high/));
    // At BIG's high (300x): 9,255.
    expect(screen.getByText("Worth at BIG's all-time-high market cap")).toBeInTheDocument();
    expect(screen.getByTestId("holding-at-target")).toHaveTextContent(/^\$9,255\.00 \(300\.00x\)$/);
    expect(window.location.search).toBe("?hold=2.5m&target=ath");

    await user.type(amountField(), "x");
    expect(screen.getByRole("alert")).toHaveTextContent("Enter an amount like 1,500,000 or 1.5m.");
    expect(amountField()).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("holding-at-target")).toHaveTextContent(/^\$9,255\.00 \(300\.00x\)$/);
    expect(window.location.search).toBe("?hold=2.5m&target=ath");

    await user.clear(amountField());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByTestId("holding-today")).not.toBeInTheDocument();
    expect(window.location.search).toBe("?target=ath");
  });

  test("typing a market cap: a hint until one parses, then its figures; the address keeps only a good one", async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(radio(/Custom market cap/));
    expect(screen.getByText("Type a market cap to see TINY's price at it.")).toBeInTheDocument();
    expect(window.location.search).toBe("");
    await user.type(screen.getByRole("textbox", { name: "Market cap" }), "$61.7m");
    // 61,700,000 / 12,340,000 = 5; 0.00001234 × 5 = 0.0000617.
    expect(screen.getByTestId("multiplier")).toHaveTextContent(/^5x$/);
    expect(screen.getByTestId("projected-price")).toHaveTextContent(/^\$0\.000062$/);
    expect(window.location.search).toBe("?mcap=61.7m");
    await user.type(screen.getByRole("textbox", { name: "Market cap" }), "q");
    expect(screen.getByRole("alert")).toHaveTextContent("Enter a market cap like 100b or 2.5t.");
    expect(screen.getByTestId("multiplier")).toHaveTextContent(/^5x$/);
    expect(window.location.search).toBe("?mcap=61.7m");
    await user.click(radio(/Today's/));
    expect(window.location.search).toBe("");
  });
});

describe("a playground tool", () => {
  useListboxLayout();
  const api = useFakeApi();
  beforeEach(() => serveCoins(api, [tiny, bigWithHigh]));

  test("takes a typed market cap and an amount, each tool on its own", async () => {
    const user = userEvent.setup();
    renderWithQueryClient(<Playground indexVersion={TEST_INDEX_VERSION} />);
    await user.click(screen.getByRole("button", { name: "Add Tool" }));
    await user.click(within(screen.getByRole("group", { name: "Select Tool" })).getByRole("button", { name: /Compare/ }));
    const tool = screen.getByTestId("compare-tool");
    await chooseCoin(user, /Select coin 1/, "TINY", tool);
    await chooseCoin(user, /Select coin 2/, "BIG", tool);
    await within(tool).findByTestId("tool-result");

    await user.click(radio(/Custom market cap/, tool));
    await user.type(within(tool).getByRole("textbox", { name: "Market cap" }), "1.234b");
    expect(within(tool).getByTestId("tool-result")).toHaveTextContent("If TINY reaches a market cap of $1.23B, its price would be $0.0012 (100.00x)");
    await user.type(amountField(tool), "2m");
    // 2,000,000 × 0.00001234 = 24.68; × 100 = 2,468.
    expect(within(tool).getByTestId("holding-today")).toHaveTextContent(/^\$24\.68$/);
    expect(within(tool).getByTestId("holding-at-target")).toHaveTextContent(/^\$2,468\.00 \(100\.00x\)$/);
    // The playground keeps its tools in page state only: nothing goes into the address.
    expect(window.location.search).toBe("");
  });
});

describe("the coin page's calculator", () => {
  test("opens on ?mcap= and ?hold= from the address and writes back what parses", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/coins/tiny?mcap=123.4m&hold=10k");
    render(<CoinAtMarketCap coin={tiny} />);
    // 123,400,000 / 12,340,000 = 10; 0.00001234 × 10 = 0.0001234.
    expect(await screen.findByTestId("coin-at-cap-answer")).toHaveTextContent("At a market cap of $123.40M, TINY would be at $0.00012 (10.00x).");
    // 10,000 × 0.00001234 = 0.1234; × 10 = 1.234.
    expect(screen.getByTestId("holding-today")).toHaveTextContent(/^\$0\.1234$/);
    expect(screen.getByTestId("holding-at-target")).toHaveTextContent(/^\$1\.23 \(10\.00x\)$/);
    const capField = screen.getByRole("textbox", { name: "Market cap" });
    await user.clear(capField);
    await user.type(capField, "1.234b");
    expect(screen.getByTestId("coin-at-cap-answer")).toHaveTextContent("At a market cap of $1.23B, TINY would be at $0.0012 (100.00x).");
    expect(window.location.search).toBe("?hold=10k&mcap=1.234b");
  });
});
