// Issue 43, part 3: the site-wide USD / PLS switch. With PLS stored (as the switch stores it),
// every figure on the home, pair and coin pages shows in PLS, from the first paint, no figure moves
// (each layout shift's sources are checked), and the HTML the server sent is byte for byte the cached page
// everyone gets. The switch is worked with the keyboard and remembered across pages
// and reloads. (The bag's figures are checked in bag.spec, behind a connected wallet.)
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { UNIT_COOKIE } from "@/lib/shared/display-unit";
import { newContext, screenshotPath, watchForErrors } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";

/** Every layout shift with what moved (tag, test id or class, from and to), so a failure says what. */
const SHIFT_RECORDER = `
  window.__shifts = [];
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) {
      if (e.hadRecentInput) return;
      var moved = (e.sources || []).map(function (s) {
        var n = s.node;
        var what = !n ? "(gone)" : n.nodeType !== 1 ? "#text " + (n.textContent || "").trim().slice(0, 30) : n.tagName + (n.getAttribute("data-testid") ? "[" + n.getAttribute("data-testid") + "]" : "") + "." + String(n.className).slice(0, 60);
        return what + " " + JSON.stringify([s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height]) + "->" + JSON.stringify([s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height]);
      });
      // Whether what moved is a figure, holds one, or is the unit switch: what the unit could move.
      var figures = (e.sources || []).some(function (s) {
        var n = s.node;
        if (!n || n.nodeType !== 1) n = n && n.parentElement;
        return !!n && (!!n.closest(".money, [data-testid=unit-switch]") || !!n.querySelector(".money"));
      });
      window.__shifts.push({ value: e.value, at: Math.round(e.startTime), moved: moved, figures: figures });
    });
  }).observe({ type: "layout-shift", buffered: true });
`;
const STORE_PLS = `try { document.cookie = ${JSON.stringify(`${UNIT_COOKIE}=pls; path=/`)}; } catch (e) {}`;
/** The unit cookie's value in the page, or null. */
const keptUnit = (page: Page) => page.evaluate((name) => document.cookie.split("; ").find((part) => part.startsWith(`${name}=`))?.split("=")[1] ?? null, UNIT_COOKIE);

const PAGES = [
  { path: "/", name: "home", figures: ["coin-row"], atLeast: 20 },
  { path: "/compare/hex/btc", name: "pair", figures: ["current-price", "target-market-cap", "projected-price", "target-ladder", "coin-facts"], atLeast: 12 },
  { path: "/coins/hex", name: "coin", figures: ["coin-price", "coin-market-cap", "coin-highs"], atLeast: 4 },
];

/** Where two texts part, with a little of each around it. */
function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `at ${at} of ${a.length}/${b.length}: ${JSON.stringify(a.slice(Math.max(0, at - 80), at + 80))} vs ${JSON.stringify(b.slice(Math.max(0, at - 80), at + 80))}`;
}

/**
 * Each rendered figure's visible text, and the dollar texts still showing (there must be none).
 * A string, not a function: the test's compiler would wrap named inner functions in a helper the
 * page does not have.
 */
async function shownFigures(page: Page): Promise<{ texts: string[]; dollarsShown: string[] }> {
  return page.evaluate(`(() => {
    const rendered = (element) => element.getClientRects().length > 0;
    return {
      texts: [...document.querySelectorAll(".money")].filter(rendered).map((figure) => figure.innerText.trim()),
      dollarsShown: [...document.querySelectorAll(".money-usd")].filter((usd) => rendered(usd) && usd.checkVisibility({ visibilityProperty: true })).map((usd) => usd.textContent),
    };
  })()`);
}

for (const viewport of [{ width: 360, height: 780 }, { width: 1440, height: 900 }]) {
  test(`PLS stored, at ${viewport.width} px: every figure on the home, pair and coin pages in PLS, no figure moves, the server's HTML the cached one`, async () => {
    const { browser, baseUrl } = suite();
    const context = await newContext(browser, baseUrl, viewport);
    await context.addInitScript(STORE_PLS);
    await context.addInitScript(SHIFT_RECORDER);
    const page = await context.newPage();
    const problems = watchForErrors(page, baseUrl);
    // A visitor with nothing stored, to load each page just before and just after: the cache may
    // renew a page in between (Next's copy of a page renewed by a prefetch even names the prefetch),
    // so the copy sent with PLS stored must be one of those two, byte for byte.
    const plainContext = await newContext(browser, baseUrl, viewport);
    const plain = await plainContext.newPage();
    const plainHtml = async (path: string) => (await (await plain.goto(path))!.text());
    for (const { path, name, figures, atLeast } of PAGES) {
      const before = await plainHtml(path);
      const response = await page.goto(path);
      const sent = await response!.text();
      const after = await plainHtml(path);
      assert.ok(sent === before || sent === after, `${name}: the HTML sent with PLS stored differs from the cached page: ${firstDifference(sent, before)}`);
      assert.ok(!sent.includes('data-unit="pls"'), `${name}: the server's HTML names the unit`);

      await page.locator('html[data-unit="pls"]').waitFor({ state: "attached" });
      await page.waitForLoadState("networkidle");
      const shown = await shownFigures(page);
      assert.ok(shown.texts.length >= atLeast, `${name}: only ${shown.texts.length} figures`);
      console.log(`# ${name} at ${viewport.width} px: ${shown.texts.length} figures in PLS`);
      for (const text of shown.texts) assert.match(text, /^<?[\d,.]+[KMBT]? PLS$/, `${name}: a figure reads "${text}"`);
      assert.deepEqual(shown.dollarsShown, [], `${name}: dollar figures still showing`);
      for (const testId of figures) {
        const text = await page.getByTestId(testId).first().innerText();
        assert.match(text, /PLS/, `${name}: ${testId} reads "${text}"`);
        assert.doesNotMatch(text, /\$\d/, `${name}: ${testId} reads "${text}"`);
      }
      // The unit is set before the first paint, so no figure may move, and the page paints once its
      // HTML is all parsed (app/layout.tsx), so nothing else moves either: no layout shift at all.
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; at: number; moved: string[]; figures: boolean }[] }).__shifts);
      const shift = shifts.reduce((sum, entry) => sum + entry.value, 0);
      console.log(`# ${name} at ${viewport.width} px in PLS: layout shift ${shift}${shifts.length ? ` ${JSON.stringify(shifts)}` : ""}`);
      assert.deepEqual(shifts.filter((entry) => entry.figures), [], `${name}: a figure or the switch moved`);
      assert.equal(shift, 0, `${name}: layout shift ${shift}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name} in PLS is ${overflow}px wider than ${viewport.width}px`);
      await page.screenshot({ path: screenshotPath(`unit-pls-${name}-${viewport.width}`) });
    }
    assert.deepEqual(problems, []);
    await plainContext.close();
    await context.close();
  });
}

test("the switch with the keyboard: PLS from the header, kept across pages and a reload, and back to dollars", async () => {
  const { browser, baseUrl } = suite();
  const context = await newContext(browser, baseUrl, { width: 360, height: 780 });
  const page = await context.newPage();
  const problems = watchForErrors(page, baseUrl);
  await page.goto("/compare/hex/btc");
  const usd = page.getByRole("radio", { name: "US dollars" });
  await usd.waitFor();
  assert.equal(await page.locator("html").getAttribute("data-unit"), null);
  assert.match(await page.getByTestId("projected-price").innerText(), /^\$/);

  // Tab reaches the switch's checked radio (one tab stop); the arrow key picks PLS.
  await page.locator("body").focus();
  for (let presses = 0; presses < 20 && !(await usd.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press("Tab");
  assert.ok(await usd.evaluate((element) => element === document.activeElement), "Tab never reached the unit switch");
  await page.keyboard.press("ArrowRight");
  await page.locator('html[data-unit="pls"]').waitFor({ state: "attached" });
  assert.match(await page.getByTestId("projected-price").innerText(), / PLS$/);
  assert.equal(await keptUnit(page), "pls");
  await page.screenshot({ path: screenshotPath("unit-switch-360") });

  // Another page, reached in the app, and a reload: still PLS.
  await page.getByRole("link", { name: "HEX", exact: true }).first().click();
  await page.waitForURL("**/coins/hex");
  assert.match(await page.getByTestId("coin-price").innerText(), /^[\d,.]+ PLS/);
  await page.reload();
  await page.locator('html[data-unit="pls"]').waitFor({ state: "attached" });
  assert.match(await page.getByTestId("coin-market-cap").innerText(), /^[\d,.]+[KMBT]? PLS$/);

  // After the reload the stored unit's radio is the checked one; a press on 'USD' picks dollars.
  assert.equal(await page.getByRole("radio", { name: "PLS" }).isChecked(), true);
  await page.getByTestId("unit-switch").getByText("USD", { exact: true }).click();
  assert.equal(await page.getByRole("radio", { name: "US dollars" }).isChecked(), true);
  assert.match(await page.getByTestId("coin-market-cap").innerText(), /^\$[\d,.]+[KMBT]?$/);
  assert.equal(await keptUnit(page), "usd");
  assert.deepEqual(problems, []);
  await context.close();
});
