// Issue 53: the sections below a phone's first screen (components/shell/below-fold.tsx) are left
// out of the first style, layout and paint, and drawn as they come near the screen; what is in
// view never moves when one is drawn, and their links, headings and anchors work as before.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { fullPageScreenshot, newContext, watchForErrors } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";

/** Lighthouse's phone. */
const PHONE = { width: 412, height: 823 };

async function openPhone() {
  const { browser, baseUrl } = suite();
  const context = await newContext(browser, baseUrl, PHONE);
  await context.addInitScript(() => { document.cookie = "cookie-consent=true; path=/"; });
  const page = await context.newPage();
  return { context, page, problems: watchForErrors(page, baseUrl) };
}

/** Whether the browser draws the element now: false while a .below-fold section around it is skipped (the section's own box is always there). */
const drawn = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));

const region = (name: string) => `[role="region"][aria-labelledby="${name}-title"]`;

test("at 412 px the home page draws its first screens at once and what lies further down only near the screen, with nothing in view moving", async () => {
  const { context, page, problems } = await openPhone();
  await page.goto("/", { waitUntil: "load" });

  // Chromium draws what is within about one and a half screens below the screen with the first paint.
  assert.equal(await drawn(page, "#compare-title"), true);
  assert.equal(await drawn(page, region("recently-listed")), true);
  for (const selector of [region("top-meme-coins"), "footer > *"]) {
    assert.equal(await drawn(page, selector), false, `${selector} was drawn while the page loaded, far below the screen`);
  }

  // Scrolled to the gainers: the memes table below them is drawn and takes its own height, and the
  // gainers' heading stays at the top of the screen.
  await page.locator("#top-gaining-coins-title").evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.waitForFunction(() => document.querySelector('[aria-labelledby="top-meme-coins-title"]')!.checkVisibility({ contentVisibilityAuto: true }));
  await page.waitForTimeout(200);
  const headingTop = await page.locator("#top-gaining-coins-title").evaluate((element) => element.getBoundingClientRect().top);
  assert.ok(Math.abs(headingTop) < 1, `the gainers' heading moved to ${headingTop} px when the table below it was drawn`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => document.querySelector("footer > *")!.checkVisibility({ contentVisibilityAuto: true }));
  assert.equal(await page.getByRole("table", { name: "Top Meme Coins" }).getByRole("row").count() > 1, true);
  await fullPageScreenshot(page, "home-below-fold-412");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a link in a section not yet drawn takes focus from the keyboard and is drawn; an anchor below the fold brings its heading on screen", async () => {
  const { context, page, problems } = await openPhone();
  await page.goto("/compare/hex/btc", { waitUntil: "load" });
  assert.equal(await drawn(page, "footer a"), false);
  const footerLink = page.locator("footer a").first();
  await footerLink.focus();
  assert.equal(await footerLink.evaluate((element) => element === document.activeElement), true);
  await page.waitForFunction(() => document.querySelector("footer a")!.checkVisibility({ contentVisibilityAuto: true }));

  await page.goto("/get-listed#promotion", { waitUntil: "load" });
  await page.waitForTimeout(300);
  // The last section: the page scrolls as far as it goes, with the heading on the screen.
  const top = await page.locator("#promotion").evaluate((element) => element.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < PHONE.height - 40, `the Promotion heading is at ${top} px, off the screen`);
  assert.ok(await page.evaluate(() => window.scrollY > 0));
  assert.deepEqual(problems, []);
  await context.close();
});
