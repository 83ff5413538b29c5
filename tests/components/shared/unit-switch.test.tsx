// The USD / PLS switch and the figures it picks (issue 43, part 3): every figure carries both
// texts once the site's PLS price is known; the switch keeps the visitor's unit in local storage
// and sets it on <html>, where the stylesheet picks the text shown (app/globals.css).
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ComparisonResult } from "@/components/compare/comparison-result";
import { Money } from "@/components/shell/money";
import { PlsPriceProvider } from "@/components/shell/pls-price";
import { UnitSwitch } from "@/components/unit/unit-switch";
import { computeComparison } from "@/lib/compare/comparison";
import { UNIT_STORAGE_KEY } from "@/lib/shared/display-unit";
import { makeCoin, seedPriceContext } from "@/tests/components/fixtures";

const html = document.documentElement;
beforeEach(() => {
  window.localStorage.clear();
  html.removeAttribute("data-unit");
});

test("a figure carries its dollar and its PLS text; without the PLS price, the dollar text alone", () => {
  const { container, rerender } = render(
    <PlsPriceProvider plsUsd={0.00003}>
      <Money usd={4_080_000} format="cap" />
    </PlsPriceProvider>,
  );
  expect(container.querySelector(".money-usd")).toHaveTextContent(/^\$4\.08M$/);
  expect(container.querySelector(".money-pls")).toHaveTextContent(/^136\.00B PLS$/);
  rerender(
    <PlsPriceProvider plsUsd={null}>
      <Money usd={4_080_000} format="cap" />
    </PlsPriceProvider>,
  );
  expect(container.innerHTML).toBe("$4.08M");
  rerender(
    <PlsPriceProvider plsUsd={0.00003}>
      <Money usd={null} />
    </PlsPriceProvider>,
  );
  expect(container.querySelector(".money")).toBeNull();
});

test("the pair card's figures carry both units", () => {
  const hex = makeCoin({ id: "hex", symbol: "HEX", currentPrice: 0.006, marketCap: 4_080_000 });
  const pls = makeCoin({ id: "pls", symbol: "PLS", currentPrice: 0.0003, marketCap: 30_000_000 });
  render(
    <PlsPriceProvider plsUsd={0.0003}>
      <ComparisonResult result={computeComparison(hex, pls)} priceContext={seedPriceContext} plsUsd={0.0003} />
    </PlsPriceProvider>,
  );
  // HEX at $0.006 is 20 PLS; PLS's $30M cap is 100B PLS; the projected $0.0441 is 147.06 PLS.
  const pair = (testId: string) => [...screen.getByTestId(testId).querySelectorAll(".money > span")].map((span) => span.textContent);
  expect(pair("current-price")).toEqual(["$0.0060", "20.00 PLS"]);
  expect(pair("target-market-cap")).toEqual(["$30.00M", "100.00B PLS"]);
  expect(pair("projected-price")).toEqual(["$0.0441", "147.06 PLS"]);
});

test("the switch: dollars until a unit is stored; a choice is stored and set on <html>; the arrow keys move it", async () => {
  const user = userEvent.setup();
  render(<UnitSwitch />);
  const usd = screen.getByRole("radio", { name: "US dollars" });
  const pls = screen.getByRole("radio", { name: "PLS" });
  expect(usd).toHaveAttribute("aria-checked", "true");
  // Nothing set until a choice: the stored one is set before the first paint (unit-script.tsx).
  expect(html).not.toHaveAttribute("data-unit");

  await user.click(pls);
  expect(pls).toHaveAttribute("aria-checked", "true");
  expect(window.localStorage.getItem(UNIT_STORAGE_KEY)).toBe("pls");
  expect(html).toHaveAttribute("data-unit", "pls");

  pls.focus();
  await user.keyboard("{ArrowLeft}");
  expect(usd).toHaveFocus();
  expect(usd).toHaveAttribute("aria-checked", "true");
  expect(window.localStorage.getItem(UNIT_STORAGE_KEY)).toBe("usd");
  expect(html).toHaveAttribute("data-unit", "usd");
});

test("a unit stored earlier is the one checked; another tab's choice is shown here too", async () => {
  window.localStorage.setItem(UNIT_STORAGE_KEY, "pls");
  render(<UnitSwitch />);
  expect(screen.getByRole("radio", { name: "PLS" })).toHaveAttribute("aria-checked", "true");
  await act(async () => {
    window.localStorage.setItem(UNIT_STORAGE_KEY, "usd");
    window.dispatchEvent(new StorageEvent("storage", { key: UNIT_STORAGE_KEY }));
  });
  expect(html).toHaveAttribute("data-unit", "usd");
  expect(screen.getByRole("radio", { name: "US dollars" })).toHaveAttribute("aria-checked", "true");
});

test("storage blocked: the switch still works for the visit, never throws", async () => {
  const user = userEvent.setup();
  const setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
    throw new DOMException("blocked", "SecurityError");
  });
  try {
    render(<UnitSwitch />);
    await user.click(screen.getByRole("radio", { name: "PLS" }));
    expect(html).toHaveAttribute("data-unit", "pls");
  } finally {
    setItem.mockRestore();
  }
});
