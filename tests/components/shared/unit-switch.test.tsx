// The USD / PLS switch and the figures it picks (issue 43, part 3): every figure carries both
// texts once the site's PLS price is known; the switch keeps the visitor's unit in local storage
// and sets it on <html>, where the stylesheet picks the text shown (app/globals.css).
import { render, screen } from "@testing-library/react";
import { ComparisonResult } from "@/components/compare/comparison-result";
import { Money } from "@/components/shell/money";
import { PlsPriceProvider } from "@/components/shell/pls-price";
import { UnitScript } from "@/components/unit/unit-script";
import { UnitSwitch } from "@/components/unit/unit-switch";
import { computeComparison } from "@/lib/compare/comparison";
import { UNIT_STORAGE_KEY } from "@/lib/shared/display-unit";
import { makeCoin, seedPriceContext } from "@/tests/components/fixtures";
import { loadScriptPage } from "@/tests/helpers/script-page";

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

// The switch has no React code: native radios, which the page's first inline script checks and
// listens to (unit-script.tsx). Each test loads the server's markup into a page of its own, where
// that script runs as a browser runs it.
async function loadPage({ stored, blocked = false }: { stored?: string; blocked?: boolean } = {}) {
  const window = await loadScriptPage(
    <>
      <UnitScript />
      <UnitSwitch />
    </>,
    { stored: stored ? { [UNIT_STORAGE_KEY]: stored } : {}, blocked },
  );
  const radio = (name: string) => window.document.querySelector<HTMLInputElement>(`input[type=radio][aria-label="${name}"]`)!;
  return { window, html: window.document.documentElement, usd: radio("US dollars"), pls: radio("PLS") };
}

test("the switch: dollars until a unit is stored; a choice is stored and set on <html>", async () => {
  const { window, html, usd, pls } = await loadPage();
  expect([usd.checked, pls.checked]).toEqual([true, false]);
  // Nothing set until a choice: the stored one is set before the first paint.
  expect(html.hasAttribute("data-unit")).toBe(false);

  // Clicking the label's text, as a visitor does, then the radio itself.
  pls.closest("label")!.click();
  expect([usd.checked, pls.checked]).toEqual([false, true]);
  expect(window.localStorage.getItem(UNIT_STORAGE_KEY)).toBe("pls");
  expect(html.getAttribute("data-unit")).toBe("pls");

  usd.click();
  expect(window.localStorage.getItem(UNIT_STORAGE_KEY)).toBe("usd");
  expect(html.getAttribute("data-unit")).toBe("usd");
});

test("a unit stored earlier is set before the page is painted and is the one checked; another tab's choice is shown here too", async () => {
  const { window, html, usd, pls } = await loadPage({ stored: "pls" });
  expect(html.getAttribute("data-unit")).toBe("pls");
  expect([usd.checked, pls.checked]).toEqual([false, true]);

  window.localStorage.setItem(UNIT_STORAGE_KEY, "usd");
  window.dispatchEvent(new window.StorageEvent("storage", { key: UNIT_STORAGE_KEY }));
  expect(html.getAttribute("data-unit")).toBe("usd");
  expect([usd.checked, pls.checked]).toEqual([true, false]);
  // Another key's change is not the unit's.
  window.localStorage.setItem(UNIT_STORAGE_KEY, "pls");
  window.dispatchEvent(new window.StorageEvent("storage", { key: "cookie-consent" }));
  expect(html.getAttribute("data-unit")).toBe("usd");
});

test("anything stored but 'pls' is dollars", async () => {
  for (const stored of ["PLS", "usd", "eur"]) {
    const { html, usd } = await loadPage({ stored });
    expect(html.hasAttribute("data-unit")).toBe(false);
    expect(usd.checked).toBe(true);
  }
});

test("storage blocked: the switch still works for the visit, never throws", async () => {
  const { html, usd, pls } = await loadPage({ blocked: true });
  expect(usd.checked).toBe(true);
  pls.click();
  expect(html.getAttribute("data-unit")).toBe("pls");
  expect(pls.checked).toBe(true);
  usd.click();
  expect(html.getAttribute("data-unit")).toBe("usd");
});
