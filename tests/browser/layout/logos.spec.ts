// Issue 53: the logos of a page's lists (ListCoinLogo) are fetched only as they come near the
// screen (components/shell/logos-in-view-script.tsx), from the server HTML and after a
// client navigation alike, each in the place held for it: nothing moves when one arrives.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { LOGO_MARGIN_PX } from "@/components/shell/logos-in-view-script";
import { newContext, screenshotPath, watchForErrors } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";

const PHONE = { width: 360, height: 780 };

type ListLogo = { file: string; src: string | null; top: number; width: number; height: number; size: number; loaded: boolean };

/** Every list logo of the page: its file, whether it has been given it, and its box in the document. */
function listLogos(page: Page): Promise<ListLogo[]> {
  return page.locator("img.coin-logo[data-src]").evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => {
      const box = img.getBoundingClientRect();
      return {
        file: img.dataset.src!,
        src: img.getAttribute("src"),
        top: Math.round(box.top + window.scrollY),
        width: box.width,
        height: box.height,
        size: Number(img.getAttribute("width")),
        loaded: img.complete && img.naturalWidth > 0,
      };
    }),
  );
}

/** Scrolls to the bottom a screen at a time, then waits until every list logo has loaded. */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += PHONE.height / 2) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>("img.coin-logo[data-src]")].every((img) => img.complete && img.naturalWidth > 0 && img.src.endsWith(img.dataset.src!)));
}

/** A phone-sized page, the cookie notice accepted earlier (it would cover the lists), its errors watched. */
async function openPhone() {
  const { browser, baseUrl } = suite();
  const context = await newContext(browser, baseUrl, PHONE);
  await context.addInitScript(() => { document.cookie = "cookie-consent=true; path=/"; });
  const page = await context.newPage();
  return { context, page, problems: watchForErrors(page, baseUrl) };
}

test("at 360 px the home page fetches no list logo below the screen while it loads; scrolled to, each loads in its held place", async () => {
  const { context, page, problems } = await openPhone();
  const fetched: string[] = [];
  page.on("request", (request) => { if (new URL(request.url()).pathname.startsWith("/logos/")) fetched.push(new URL(request.url()).pathname); });
  await page.goto("/", { waitUntil: "load" });
  await page.waitForTimeout(500);

  const before = await listLogos(page);
  const below = before.filter((logo) => logo.top > PHONE.height + LOGO_MARGIN_PX);
  assert.ok(below.length >= 20, `the home page's lists should hold many logos below a phone's screen (${below.length})`);
  assert.deepEqual(below.filter((logo) => logo.src !== null).map((logo) => logo.file), [], "list logos below the screen were given their file while the page loaded");
  // Files only list logos below the screen use were not fetched (others may share a file with a logo in view).
  const inViewFiles = new Set((await page.locator("img[src^='/logos/']").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")))));
  const onlyBelow = [...new Set(below.map((logo) => logo.file))].filter((file) => !inViewFiles.has(file));
  assert.ok(onlyBelow.length >= 10, `expected files used only below the screen (${onlyBelow.length})`);
  assert.deepEqual(fetched.filter((file) => onlyBelow.includes(file)), [], "logo files used only below the screen were fetched while the page loaded");
  // A logo not yet given its file holds its box: the muted disc of its size.
  for (const logo of below) assert.deepEqual([logo.width, logo.height], [logo.size, logo.size], `${logo.file}: an unloaded logo's box`);

  await scrollThrough(page);
  const after = await listLogos(page);
  assert.deepEqual(after.map((logo) => [logo.file, logo.top, logo.width, logo.height]), before.map((logo) => [logo.file, logo.top, logo.width, logo.height]), "a logo moved or resized when it loaded");
  assert.ok(after.every((logo) => logo.loaded));
  await page.getByRole("table", { name: "Top Meme Coins" }).screenshot({ path: screenshotPath("home-memes-logos-360") });

  // A logo whose coin changes in place (its data-src set again) shows the new coin's file.
  const changed = await page.locator("img.coin-logo[data-src]").first().evaluate(async (img: HTMLImageElement) => {
    const next = img.dataset.src === "/logos/hex.webp" ? "/logos/btc.webp" : "/logos/hex.webp";
    img.dataset.src = next;
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { next, src: img.getAttribute("src") };
  });
  assert.equal(changed.src, changed.next);
  assert.deepEqual(problems, []);
  await context.close();
});

test("after a client navigation to the home page, its list logos load as they come near the screen", async () => {
  const { context, page, problems } = await openPhone();
  await page.goto("/get-listed");
  await page.getByRole("heading", { name: "GET LISTED", exact: true }).waitFor();
  const documents: string[] = [];
  page.on("request", (request) => { if (request.resourceType() === "document") documents.push(request.url()); });
  await page.getByRole("link", { name: "PulseCompare home" }).click();
  await page.getByRole("heading", { name: "Compare Market Caps" }).waitFor();
  assert.deepEqual(documents, [], "the home page was loaded as a document, not rendered by the client");

  const before = await listLogos(page);
  assert.ok(before.filter((logo) => logo.top > PHONE.height + LOGO_MARGIN_PX).every((logo) => logo.src === null), "logos below the screen were given their file");
  await scrollThrough(page);
  assert.ok((await listLogos(page)).every((logo) => logo.loaded));
  assert.deepEqual(problems, []);
  await context.close();
});
