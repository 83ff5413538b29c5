// The USD / PLS switch and the figures it picks (issue 43, part 3): every figure carries both
// texts once the site's PLS price is known; the switch keeps the visitor's unit in a cookie
// and sets it on <html>, where the stylesheet picks the text shown (app/globals.css).
import { render, screen } from "@testing-library/react";
import { ComparisonResult } from "@/components/compare/comparison-result";
import { Money } from "@/components/shell/money";
import { PlsPriceProvider } from "@/components/shell/pls-price";
import { UnitScript } from "@/components/unit/unit-script";
import { UnitSwitch } from "@/components/unit/unit-switch";
import { computeComparison } from "@/lib/compare/comparison";
import { UNIT_COOKIE } from "@/lib/shared/display-unit";
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
    { cookies: stored ? { [UNIT_COOKIE]: stored } : {}, blocked },
  );
  const radio = (name: string) => window.document.querySelector<HTMLInputElement>(`input[type=radio][aria-label="${name}"]`)!;
  const cookie = () => window.document.cookie.split("; ").find((part) => part.startsWith(`${UNIT_COOKIE}=`))?.split("=")[1];
  return { window, cookie, html: window.document.documentElement, usd: radio("US dollars"), pls: radio("PLS") };
}

test("the switch: dollars until a unit is kept; a choice is kept in a cookie and set on <html>, local storage untouched", async () => {
  const { window, cookie, html, usd, pls } = await loadPage();
  expect([usd.checked, pls.checked]).toEqual([true, false]);
  // Nothing set until a choice: the stored one is set before the first paint.
  expect(html.hasAttribute("data-unit")).toBe(false);

  // Clicking the label's text, as a visitor does, then the radio itself.
  pls.closest("label")!.click();
  expect([usd.checked, pls.checked]).toEqual([false, true]);
  expect(cookie()).toBe("pls");
  expect(html.getAttribute("data-unit")).toBe("pls");

  usd.click();
  expect(cookie()).toBe("usd");
  expect(html.getAttribute("data-unit")).toBe("usd");
  // A browser's first read of a store blocks the page: its load opens the cookie store alone.
  expect(window.storageCalls).toBe(0);
});

test("a unit kept earlier is set before the page is painted and is the one checked; another tab's choice shows when this tab is looked at again", async () => {
  const { window, html, usd, pls } = await loadPage({ stored: "pls" });
  expect(html.getAttribute("data-unit")).toBe("pls");
  expect([usd.checked, pls.checked]).toEqual([false, true]);

  // Another tab chose dollars: the cookie changed, and this tab shows it once it is visible again.
  window.document.cookie = `${UNIT_COOKIE}=usd; path=/`;
  expect(html.getAttribute("data-unit")).toBe("pls");
  window.document.dispatchEvent(new window.Event("visibilitychange"));
  expect(html.getAttribute("data-unit")).toBe("usd");
  expect([usd.checked, pls.checked]).toEqual([true, false]);
});

test("anything kept but 'pls' is dollars", async () => {
  for (const stored of ["PLS", "usd", "eur"]) {
    const { html, usd } = await loadPage({ stored });
    expect(html.hasAttribute("data-unit")).toBe(false);
    expect(usd.checked).toBe(true);
  }
});

test("cookies blocked: the switch still works for the visit, never throws", async () => {
  const { html, usd, pls } = await loadPage({ blocked: true });
  expect(usd.checked).toBe(true);
  pls.click();
  expect(html.getAttribute("data-unit")).toBe("pls");
  expect(pls.checked).toBe(true);
  usd.click();
  expect(html.getAttribute("data-unit")).toBe("usd");
});
