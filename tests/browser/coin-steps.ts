import type { Locator, Page } from "playwright-core";

/**
 * Opens the coin selector named `trigger` inside `scope` (default: the page), searches for
 * `query`, and picks the option whose text starts with `symbol`.
 */
export async function chooseCoin(page: Page, trigger: RegExp, symbol: string, { scope = page as Page | Locator, query = symbol } = {}) {
  await scope.getByRole("button", { name: trigger }).click();
  await page.getByRole("combobox").fill(query);
  await page.getByRole("option", { name: new RegExp(`^${symbol}\\b`) }).click();
}
