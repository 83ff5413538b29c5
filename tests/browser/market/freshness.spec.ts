// The price badges in Chromium: with every price live and fresh except PLSX's (40 minutes old)
// and PCOCK priced from a pool under the liquidity floor, the home tables and the pair page show
// 'stale' and 'low liquidity' with their explanations, PCOCK leaves the gainer and meme tables,
// and /api/health counts both. Screenshots at 1440 px and 360 px, with no sideways scrolling.
// The data is changed in the database (as the refresh pass would) and the app is told through an
// operator's edit; the spec puts every coin back afterwards, as market.spec.ts does.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { createPrismaClient } from "@/lib/db/create-client";
import { countHealth } from "@/lib/market/health-counts";
import { healthSchema } from "@/lib/market/health-schema";
import { operatorEdit, waitWithinCeiling } from "@/tests/browser/cache-steps";
import { newContext, screenshotPath, watchForErrors } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";

const STALE_MINUTES = 40;
const LOW_LIQUIDITY_TEXT = "Price from a pool with under $5,000 of liquidity; last good price shown";
// Some seconds pass between the setup and a render: 40, or 41 past a minute boundary.
const STALE_TEXT = /^Price not updated for 4[01] minutes$/;

const tableSymbols = (page: Page, name: string) =>
  page.getByRole("table", { name }).getByTestId("coin-row").locator("td:nth-child(2)").allInnerTexts();

/** Neither the page nor a table (which would scroll inside its own container) is wider than the window. */
async function expectNoOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${what} is ${overflow}px too wide`);
  const tables = await page.evaluate(() =>
    [...document.querySelectorAll("[data-slot=table-container]")].map((container) => container.scrollWidth - container.clientWidth),
  );
  assert.ok(tables.every((extra) => extra <= 0), `${what}: tables too wide by ${tables.join(", ")}px`);
}

/** A badge's visible word, its tooltip, and the text a screen reader reads (the word and the explanation). */
async function expectBadge(scope: ReturnType<Page["locator"]>, word: string, explanation: string | RegExp) {
  const badge = scope.locator("[data-slot=badge]", { hasText: word });
  assert.equal(await badge.count(), 1, `one '${word}' badge`);
  const title = (await badge.getAttribute("title")) ?? "";
  if (typeof explanation === "string") assert.equal(title, explanation);
  else assert.match(title, explanation);
  assert.equal(await badge.textContent(), `${word}: ${title}`);
  // The explanation is for screen readers only: the visible badge is just the word.
  const box = await badge.boundingBox();
  assert.ok(box && box.width < 120, `'${word}' badge is ${box?.width}px wide`);
}

test("a stale price and a low-liquidity price carry their badges on the home tables and the pair page; /api/health counts them", async () => {
  const { browser, baseUrl, databaseUrl } = suite();
  const db = createPrismaClient({ url: databaseUrl });
  const savedCoins = await db.coin.findMany();
  const context = await newContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    const problems = watchForErrors(page, baseUrl);
    await page.goto("/");
    assert.ok((await tableSymbols(page, "Top Meme Coins")).includes("PCOCK"), "PCOCK is a meme coin before");
    assert.equal(await page.getByTestId("price-badges").count(), 0, "the seed snapshot: no badges");

    // As a refresh pass leaves it: every price live and accepted now, PLSX's 40 minutes ago (its
    // pool failed since) with the best 24h change (so it heads the gainers), PCOCK's pool thin.
    const now = Date.now();
    await db.coin.updateMany({ data: { priceSource: "pulsex", priceUpdatedAt: new Date(now) } });
    await db.coin.update({ where: { id: "plsx" }, data: { priceUpdatedAt: new Date(now - STALE_MINUTES * 60_000), priceChange24h: 99 } });
    await db.coin.update({ where: { id: "pcock" }, data: { lowLiquidity: true, priceChange24h: 150 } });
    const hexTags = savedCoins.find((coin) => coin.id === "hex")!.tags;
    assert.equal((await operatorEdit(baseUrl, "hex", { tags: hexTags ? hexTags.split(",") : [] })).status, 200);
    await waitWithinCeiling("the badges on the home page", async () => (await (await fetch(`${baseUrl}/`)).text()).includes('data-testid="price-badges"'));

    await page.goto("/");
    const gainers = page.getByRole("table", { name: "Top Gaining Coins" });
    const plsxRow = gainers.getByTestId("coin-row").first();
    assert.match(await plsxRow.innerText(), /PLSX/);
    await expectBadge(plsxRow, "stale", STALE_TEXT);
    // Only PLSX is behind; PCOCK (+150%, the best change) is out of both tables until its pool recovers.
    assert.equal(await page.getByTestId("price-badges").count(), 1);
    assert.ok(!(await tableSymbols(page, "Top Gaining Coins")).includes("PCOCK"));
    assert.ok(!(await tableSymbols(page, "Top Meme Coins")).includes("PCOCK"));
    assert.ok((await tableSymbols(page, "Top Meme Coins")).includes("MOST"), "the other meme coins stay");
    await page.screenshot({ path: screenshotPath("freshness-home-1440"), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoOverflow(page, "/ at 360px");
    await gainers.screenshot({ path: screenshotPath("freshness-home-gainers-360") });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The pair page: PCOCK's price is from a thin pool, PLSX's market cap from an old price.
    await page.goto("/compare/pcock/plsx");
    const result = page.getByTestId("comparison-result");
    await expectBadge(result.locator("dd", { has: page.getByTestId("current-price") }), "low liquidity", LOW_LIQUIDITY_TEXT);
    await expectBadge(result.locator("dd", { has: page.getByTestId("target-market-cap") }), "stale", STALE_TEXT);
    const facts = page.getByTestId("coin-facts");
    await expectBadge(facts.filter({ hasText: "(PCOCK)" }), "low liquidity", LOW_LIQUIDITY_TEXT);
    await expectBadge(facts.filter({ hasText: "(PLSX)" }), "stale", STALE_TEXT);
    await page.screenshot({ path: screenshotPath("freshness-pair-1440"), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoOverflow(page, "/compare/pcock/plsx at 360px");
    await page.screenshot({ path: screenshotPath("freshness-pair-360"), fullPage: true });

    // /api/health shows the counts the last refresh pass stored: count and store them as its last step does.
    const counts = JSON.stringify(await countHealth(db, new Date()));
    await db.marketState.upsert({ where: { key: "health-counts" }, create: { key: "health-counts", value: counts }, update: { value: counts } });
    const health = healthSchema.parse(await (await fetch(`${baseUrl}/api/health`)).json());
    assert.equal(health.prices.staleCoins, 1);
    assert.equal(health.prices.lowLiquidityCoins, 1);
    assert.ok(health.prices.stalestAgeSeconds! >= STALE_MINUTES * 60, `stalest ${health.prices.stalestAgeSeconds} s`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    // The restore's own failure must still let go of the database, or the server waits on it.
    await restoreCoins().finally(() => db.$disconnect());
  }

  async function restoreCoins() {
    await db.$transaction(savedCoins.map(({ id, ...fields }) => db.coin.update({ where: { id }, data: fields })));
    const hexTags = savedCoins.find((coin) => coin.id === "hex")!.tags;
    const restored = await operatorEdit(baseUrl, "hex", { tags: hexTags ? hexTags.split(",") : [] }).catch((error: Error) => {
      throw new Error(`the operator's edit after the restore failed: ${error.message} (${String(error.cause)})`);
    });
    assert.equal(restored.status, 200);
    // The edit emptied the page cache; the specs after this one expect a warm home page (the
    // request that renders it puts it back) showing the seed again.
    await waitWithinCeiling("the home page without badges", async () => !(await (await fetch(`${baseUrl}/`)).text()).includes('data-testid="price-badges"'));
  }
});
