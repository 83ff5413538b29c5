// Comparisons have their own pages: Compare Now, the featured cards, Most Compared and shared
// links all land on /compare/{coin1}/{coin2} with that pair's result, whatever was compared
// before (the stale compare bug of issue 12 cannot come back: nothing on the home page is left
// showing an old result), and a recently listed coin opens the form with that coin picked.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { coinListSchema } from "@/lib/coins/schemas";
import { chooseCoin } from "@/tests/browser/coin-steps";
import { newContext, screenshotPath, watchForErrors } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";

const trigger = (page: Page, name: RegExp) => page.getByRole("button", { name });

/** The ids in a pair page's path (/compare/hex/btc) and their symbols, as the API has them. */
async function pairOf(href: string): Promise<{ path: string; symbols: string[] }> {
  const url = new URL(href, suite().baseUrl);
  const ids = url.pathname.split("/").slice(2);
  assert.equal(ids.length, 2, `${href} is a pair page`);
  const coins = coinListSchema.parse(await (await fetch(`${suite().baseUrl}/api/cryptocurrencies?ids=${ids.join(",")}`)).json());
  return { path: url.pathname, symbols: ids.map((id) => coins.find((coin) => coin.id === id)!.symbol) };
}

/** The pair page of `symbol1` at `symbol2`'s market cap is showing. */
async function expectPairPage(page: Page, path: string, symbol1: string, symbol2: string) {
  await page.waitForURL((url) => url.pathname === path);
  await page.getByRole("heading", { level: 1, name: `${symbol1} at ${symbol2}'s market cap` }).waitFor();
  assert.match(await page.getByTestId("comparison-sentence").innerText(), new RegExp(`^When ${symbol1} reaches the market cap of ${symbol2}, it will be at \\$`));
}

async function goHome(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Compare", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

test("the stale compare steps: Compare Now, 'See in detail', a most-compared pair and a recently listed coin each open what they name", async () => {
  const { browser, baseUrl } = suite();
  const context = await newContext(browser, baseUrl);
  await context.addInitScript(() => { document.cookie = "cookie-consent=true; path=/"; });
  const page = await context.newPage();
  const problems = watchForErrors(page, baseUrl);

  // The steps: the old shared link, then PLS with ETH, then the HEX/BTC featured card.
  await page.goto("/?coin1=hex&coin2=btc#compare");
  await expectPairPage(page, "/compare/hex/btc", "HEX", "BTC");
  await goHome(page);
  await chooseCoin(page, /First coin/, "PLS");
  await chooseCoin(page, /Second coin/, "ETH");
  await page.getByRole("button", { name: "Compare Now" }).click();
  await page.getByRole("button", { name: "Comparing..." }).waitFor();
  await expectPairPage(page, "/compare/pls/eth", "PLS", "ETH");
  await goHome(page);
  const hexBtcCard = page.getByTestId("featured-card").filter({ hasText: "HEX" }).filter({ hasText: "BTC" });
  await hexBtcCard.getByRole("link", { name: /See in detail/ }).click();
  await expectPairPage(page, "/compare/hex/btc", "HEX", "BTC");

  // A Most Compared pair (the first on the list, whatever the counts made it).
  await goHome(page);
  const pair = page.getByRole("region").filter({ has: page.getByText("Most Compared Pairs", { exact: true }) }).getByRole("link").first();
  const mostCompared = await pairOf((await pair.getAttribute("href"))!);
  await pair.click();
  await expectPairPage(page, mostCompared.path, mostCompared.symbols[0]!, mostCompared.symbols[1]!);

  // A recently listed coin opens the form with that coin picked, and nothing else.
  await goHome(page);
  const listed = page.getByRole("region").filter({ has: page.getByText("Recently Listed", { exact: true }) }).getByRole("link").first();
  const listedId = new URL((await listed.getAttribute("href"))!, baseUrl).searchParams.get("coin1")!;
  const [listedCoin] = coinListSchema.parse(await (await fetch(`${baseUrl}/api/cryptocurrencies?ids=${listedId}`)).json());
  await listed.click();
  await page.waitForFunction((symbol) => !!document.querySelector("[aria-haspopup=listbox]")?.textContent?.includes(symbol), listedCoin!.symbol);
  assert.match(await trigger(page, /First coin/).innerText(), new RegExp(`\\b${listedCoin!.symbol}\\b`));
  assert.match(await trigger(page, /Second coin/).innerText(), /Select second coin/);
  assert.equal(await page.getByTestId("comparison-result").count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const width of [360, 1440]) {
  test(`an old shared link at ${width} px lands on the pair page, which does not move as it loads`, async () => {
    const { browser, baseUrl } = suite();
    const context = await newContext(browser, baseUrl, { width, height: 900 });
    await context.addInitScript(() => {
      document.cookie = "cookie-consent=true; path=/";
      (window as unknown as { shifts: number[] }).shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const page = await context.newPage();
    const problems = watchForErrors(page, baseUrl);
    const response = await page.goto("/?coin1=hex&coin2=btc");
    assert.equal(response?.request().redirectedFrom()?.url(), `${baseUrl}/?coin1=hex&coin2=btc`);
    await expectPairPage(page, "/compare/hex/btc", "HEX", "BTC");
    assert.equal(new URL(page.url()).search, "");
    await page.waitForTimeout(500);
    const shift = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
    assert.ok(shift <= 0.02, `layout shift ${shift.toFixed(4)} at ${width}px`);
    await page.screenshot({ path: screenshotPath(`shared-link-${width}`) });
    assert.deepEqual(problems, []);
    await context.close();
  });
}
