// Watchlist and saved comparisons in Chromium, signed in with the scripted wallet: compare, save,
// watch both coins, see them on /watchlist and /saved, remove one of each, reload.
import assert from "node:assert/strict";
import { test } from "node:test";
import { format } from "date-fns";
import type { Page, Route } from "playwright-core";
import { privateKeyToAccount } from "viem/accounts";
import { computeComparison } from "@/lib/compare/comparison";
import { comparisonHref } from "@/lib/compare/comparison-link";
import { formatMultiplier, formatPrice } from "@/lib/shared/format";
import { coinListSchema } from "@/lib/coins/schemas";
import { chooseCoin } from "@/tests/browser/coin-steps";
import { screenshotPath } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";
import { close, connectAndSignIn, walletMenuButton, walletPage } from "@/tests/browser/wallet-steps";

// Its own account: the other specs share this app's database and expect their users' lists empty.
const carol = privateKeyToAccount("0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6");
const consented = `document.cookie = "cookie-consent=true; path=/";`;

/** From the home page's form to the pair's page (the seed's ids are its lower-case symbols). */
async function compare(page: Page, symbol1: string, symbol2: string) {
  if (new URL(page.url()).pathname !== "/") {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Compare", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
  }
  await chooseCoin(page, /First coin/, symbol1);
  await chooseCoin(page, /Second coin/, symbol2);
  await page.getByRole("button", { name: "Compare Now" }).click();
  await page.waitForURL((url) => url.pathname === `/compare/${symbol1.toLowerCase()}/${symbol2.toLowerCase()}`);
  await page.getByTestId("comparison-actions").waitFor();
}

/** Holds requests to `path` until the returned release() is called, to see the pending state. */
async function holdRequests(page: Page, path: string) {
  const held: Route[] = [];
  const matcher = (url: URL) => url.pathname === path;
  await page.route(matcher, (route) => void held.push(route));
  return async () => {
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute(matcher);
  };
}

async function openFromMenu(page: Page, item: "Watchlist" | "Saved Comparisons", path: string) {
  await walletMenuButton(page).click();
  await page.getByRole("menuitem", { name: item }).click();
  await page.waitForURL(`**${path}`);
}

const posted = (page: Page, path: string) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === path && response.request().method() === "POST");

const toast = (page: Page, title: string, description: string) =>
  page.locator("[data-slot=toast]", { hasText: title }).filter({ hasText: description }).waitFor();

const watchlistSymbols = (page: Page) => page.getByTestId("watchlist-card").locator("p > span:first-child").allInnerTexts();

test("compare, save, watch both coins, find them on /watchlist and /saved, remove one of each, reload", async () => {
  const { baseUrl } = suite();
  const coins = coinListSchema.parse(await (await fetch(`${baseUrl}/api/cryptocurrencies?ids=hex,plsx,pls`)).json());
  const coin = (id: string) => coins.find((c) => c.id === id)!;

  const { context, page, wallet, problems } = await walletPage({ account: carol, init: consented });
  await page.goto("/");
  await connectAndSignIn(page, wallet);

  // Save HEX at PLSX's market cap; the button is disabled while its request is pending.
  await compare(page, "HEX", "PLSX");
  const save = page.getByRole("button", { name: "Save Comparison" });
  const release = await holdRequests(page, "/api/saved-comparisons");
  await save.click();
  await page.waitForFunction(() => document.querySelector<HTMLButtonElement>("[data-testid=comparison-actions] button")?.disabled);
  assert.ok(await page.getByRole("button", { name: "Watch HEX" }).isEnabled(), "the other buttons stay usable");
  await release();
  await toast(page, "Comparison saved", "The comparison has been added to your saved list.");
  assert.ok(await save.isEnabled());
  await page.getByTestId("comparison-result").screenshot({ path: screenshotPath("account-result-actions-1440") });

  await page.getByRole("button", { name: "Watch HEX" }).click();
  await toast(page, "Added to watchlist", "The coin has been added to your watchlist.");
  // Toasts replace each other and this one reads the same, so wait for the answer instead.
  const added = posted(page, "/api/watchlist");
  await page.getByRole("button", { name: "Watch PLSX" }).click();
  assert.equal((await added).status(), 201);

  // A second comparison to keep after removing the first.
  await compare(page, "PLS", "HEX");
  const saved = posted(page, "/api/saved-comparisons");
  await save.click();
  assert.equal((await saved).status(), 201);

  // Watchlist: both coins, with the figures of the coin list.
  await openFromMenu(page, "Watchlist", "/watchlist");
  await page.getByTestId("watchlist-card").nth(1).waitFor();
  assert.deepEqual((await watchlistSymbols(page)).sort(), ["HEX", "PLSX"]);
  const hexCard = page.getByTestId("watchlist-card").filter({ hasText: "HEX" }).filter({ hasNotText: "PLSX" });
  assert.match(await hexCard.innerText(), new RegExp(`Rank #${coin("hex").rank}\\b`));
  assert.ok((await hexCard.innerText()).includes(formatPrice(coin("hex").currentPrice)));
  await page.screenshot({ path: screenshotPath("account-watchlist-1440"), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `/watchlist is ${overflow}px too wide at 360px`);
  await page.screenshot({ path: screenshotPath("account-watchlist-360"), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Saved: both comparisons, projected from today's prices; a card links back to its comparison.
  await openFromMenu(page, "Saved Comparisons", "/saved");
  const cards = page.getByTestId("saved-card");
  await cards.nth(1).waitFor();
  const hexAtPlsx = cards.filter({ has: page.locator(`a[href="${comparisonHref("hex", "plsx")}"]`) });
  assert.equal(await hexAtPlsx.count(), 1);
  const expected = computeComparison(coin("hex"), coin("plsx"));
  assert.ok(expected.comparable);
  const text = await hexAtPlsx.innerText();
  assert.ok(text.includes(`Saved ${format(new Date(), "MMM d, yyyy")}`), text);
  assert.ok(text.includes(formatMultiplier(expected.multiplier)), text);
  assert.ok(text.includes(formatPrice(expected.projectedPrice)), text);
  await page.screenshot({ path: screenshotPath("account-saved-1440"), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 0, "/saved fits 360px");
  await page.screenshot({ path: screenshotPath("account-saved-360"), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Remove HEX at PLSX, from the keyboard; the remove buttons wait while it is pending.
  const releaseDelete = await holdRequests(page, `/api/saved-comparisons/${await savedId(page, "hex", "plsx")}`);
  await hexAtPlsx.getByRole("button", { name: "Remove saved comparison HEX vs PLSX" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLButtonElement>("[data-testid=saved-card] button[aria-label^='Remove saved comparison']")].every((button) => button.disabled),
  );
  await releaseDelete();
  await toast(page, "Removed from saved", "The comparison has been removed from your saved list.");
  await hexAtPlsx.waitFor({ state: "detached" });

  await openFromMenu(page, "Watchlist", "/watchlist");
  await page.getByRole("button", { name: "Remove HEX from watchlist" }).click();
  await toast(page, "Removed from watchlist", "The coin has been removed from your watchlist.");
  await page.getByRole("button", { name: "Remove HEX from watchlist" }).waitFor({ state: "detached" });

  // After a reload, what remains: PLSX on the watchlist, PLS at HEX's market cap saved.
  await page.reload();
  await page.getByTestId("watchlist-card").first().waitFor();
  assert.deepEqual(await watchlistSymbols(page), ["PLSX"]);
  await page.goto("/saved");
  await cards.first().waitFor();
  assert.equal(await cards.count(), 1);
  assert.equal(await cards.first().getByRole("link").getAttribute("href"), comparisonHref("pls", "hex"));

  // The saved card opens its comparison.
  await cards.first().getByRole("link").click();
  await page.getByTestId("comparison-sentence").waitFor();
  assert.match(await page.getByTestId("comparison-sentence").innerText(), /^When PLS reaches the market cap of HEX/);
  await close(context, problems);
});

async function savedId(page: Page, coin1Id: string, coin2Id: string): Promise<number> {
  const list = (await page.evaluate(async () => (await fetch("/api/saved-comparisons")).json())) as {
    id: number;
    coin1Id: string;
    coin2Id: string;
  }[];
  const row = list.find((saved) => saved.coin1Id === coin1Id && saved.coin2Id === coin2Id);
  assert.ok(row, `saved ${coin1Id}/${coin2Id}`);
  return row.id;
}
