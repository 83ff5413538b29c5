// Keyboard steps the specs share.
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";

/** Presses Tab until the focused element's accessible name (aria-label or text) is `name`. */
export async function tabTo(page: Page, name: string, limit = 60) {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "";
    });
    if (focused === name) return;
  }
  assert.fail(`no "${name}" within ${limit} Tab presses`);
}

/**
 * Waits until React has hydrated the element (it keeps its fiber on every element it took over).
 * A key pressed on server HTML before that does nothing: on a loaded CI machine the first key of a
 * test could land there (issue 53's session saw 'On a date' miss its ArrowLeft once).
 */
export async function waitUntilHydrated(element: Locator, timeoutMs = 15_000): Promise<void> {
  const node = await element.elementHandle();
  await element.page().waitForFunction((el) => el !== null && Object.keys(el).some((key) => key.startsWith("__reactFiber")), node, { timeout: timeoutMs });
}
