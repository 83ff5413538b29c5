// Keyboard steps the specs share.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";

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
