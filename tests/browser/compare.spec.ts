// Comparison links on the cached home page: a shared link opens its result (read in the browser)
// without moving the page, and following a featured card, a most-compared pair or a recently
// listed coin after comparing something else replaces what the form shows (the stale compare bug).
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { coinListSchema } from "../../lib/validation/coins";
import { chooseCoin } from "./coin-steps";
import { newContext, screenshotPath, watchForErrors } from "./harness";
import { suite } from "./suite";

const trigger = (page: Page, name: RegExp) => page.getByRole("button", { name });

/** The symbols of the coins a comparison link names, as the API has them. */
async function symbolsOf(href: string): Promise<string[]> {
  const url = new URL(href, suite().baseUrl);
  const ids = [url.searchParams.get("coin1"), url.searchParams.get("coin2")].filter((id): id is string => !!id);
  const coins = coinListSchema.parse(await (await fetch(`${suite().baseUrl}/api/cryptocurrencies?ids=${ids.join(",")}`)).json());
  return ids.map((id) => coins.find((coin) => coin.id === id)!.symbol);
}
const sentence = (page: Page) => page.getByTestId("comparison-sentence");

async function expectShown(page: Page, symbol1: string, symbol2: string) {
  await page.waitForFunction(
    ([a, b]) => document.querySelector("[data-testid=comparison-sentence]")?.textContent?.startsWith(`When ${a} reaches the market cap of ${b},`),
    [symbol1, symbol2],
  );
  assert.match(await trigger(page, /First coin/).innerText(), new RegExp(`\\b${symbol1}\\b`));
  assert.match(await trigger(page, /Second coin/).innerText(), new RegExp(`\\b${symbol2}\\b`));
}

test("the stale compare bug: after comparing PLS with ETH, 'See in detail', a most-compared pair and a recently listed coin each replace the form", async () => {
  const { browser, baseUrl } = suite();
  const context = await newContext(browser, baseUrl);
  await context.addInitScript(() => localStorage.setItem("cookie-consent", "true"));
  const page = await context.newPage();
  const problems = watchForErrors(page, baseUrl);

  // The exact steps.
  await page.goto("/?coin1=hex&coin2=btc#compare");
  await expectShown(page, "HEX", "BTC");
  await chooseCoin(page, /First coin/, "PLS");
  await chooseCoin(page, /Second coin/, "ETH");
  await page.getByRole("button", { name: "Compare Now" }).click();
  await expectShown(page, "PLS", "ETH");
  assert.equal(new URL(page.url()).search, "?coin1=pls&coin2=eth");
  const hexBtcCard = page.getByTestId("featured-card").filter({ hasText: "HEX" }).filter({ hasText: "BTC" });
  await hexBtcCard.getByRole("link", { name: /See in detail/ }).click();
  await page.waitForURL((url) => url.search === "?coin1=hex&coin2=btc");
  await expectShown(page, "HEX", "BTC");

  // The same with a Most Compared pair (the first on the list, whatever the counts made it).
  const pair = page.getByRole("region").filter({ has: page.getByText("Most Compared Pairs", { exact: true }) }).getByRole("link").first();
  const pairUrl = new URL((await pair.getAttribute("href"))!, baseUrl);
  await chooseCoin(page, /First coin/, "PLSX");
  await chooseCoin(page, /Second coin/, "DOGE");
  await page.getByRole("button", { name: "Compare Now" }).click();
  await expectShown(page, "PLSX", "DOGE");
  await pair.click();
  await page.waitForURL((url) => url.search === pairUrl.search);
  const [symbol1, symbol2] = await symbolsOf(pairUrl.href);
  await expectShown(page, symbol1!, symbol2!);

  // A recently listed coin starts a comparison with that coin: no stale result is left.
  const listed = page.getByRole("region").filter({ has: page.getByText("Recently Listed", { exact: true }) }).getByRole("link").first();
  const [listedSymbol] = await symbolsOf((await listed.getAttribute("href"))!);
  await listed.click();
  await page.waitForFunction(
    (symbol) => !document.querySelector("[data-testid=comparison-result]") && !!document.querySelector("[aria-haspopup=listbox]")?.textContent?.includes(symbol),
    listedSymbol!,
  );
  assert.match(await trigger(page, /First coin/).innerText(), new RegExp(`\\b${listedSymbol}\\b`));
  assert.match(await trigger(page, /Second coin/).innerText(), /Select second coin/);
  assert.equal(await sentence(page).count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const width of [360, 1440]) {
  test(`a shared comparison link at ${width} px shows its result without moving the page`, async () => {
    const { browser, baseUrl } = suite();
    const context = await newContext(browser, baseUrl, { width, height: 900 });
    await context.addInitScript(() => {
      localStorage.setItem("cookie-consent", "true");
      (window as unknown as { shifts: number[] }).shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const page = await context.newPage();
    const problems = watchForErrors(page, baseUrl);
    await page.goto("/?coin1=hex&coin2=btc");
    await expectShown(page, "HEX", "BTC");
    await page.waitForTimeout(500);
    const shift = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
    assert.ok(shift <= 0.02, `layout shift ${shift.toFixed(4)} at ${width}px`);
    await page.getByTestId("comparison-result").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`shared-link-${width}`) });
    assert.deepEqual(problems, []);
    await context.close();
  });
}
