// The embeddable cards (issue 54; docs/pages.md, "Embedding") as another site uses them: a page on
// a second local origin frames the pair and coin cards in both themes at 300 and 600 px, the
// frames' figures are the pair API's, each card tells the page its height, and the same page is
// refused when it frames the site's own pages. With scripting off the card still shows every
// figure, and no card response sets a cookie.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { formatMarketCap, formatPrice, formatResultMultiplier } from "@/lib/shared/format";
import { HEIGHT_MESSAGE_TYPE } from "@/lib/embed/embed-path";
import { newContext, screenshotPath } from "@/tests/browser/harness";
import { contextFor, startOtherOrigin, type OtherOrigin } from "@/tests/browser/other-origin";
import { suite } from "@/tests/browser/suite";

const FRAMES = [
  { id: "pair-dark-600", path: "/embed/plsx/hex", width: 600 },
  { id: "pair-light-300", path: "/embed/plsx/hex?theme=light", width: 300 },
  { id: "coin-dark-300", path: "/embed/hex", width: 300 },
  { id: "coin-light-600", path: "/embed/hex?theme=light", width: 600 },
  { id: "ladder-dark-600", path: "/embed/plsx/hex/ladder", width: 600 },
];
const REFUSED = [
  { id: "pair-page", path: "/compare/plsx/hex" },
  { id: "home-page", path: "/" },
];

/** Another site's page: the iframes, and a record of the heights the cards post (applied, as a host would). */
function hostPage(appOrigin: string): string {
  const frame = ({ id, path, width }: { id: string; path: string; width?: number }) =>
    `<iframe id="${id}" src="${appOrigin}${path}" width="${width ?? 600}" height="120" style="border:0;display:block;margin:8px 0;max-width:100%" title="${id}"></iframe>`;
  return `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>A forum post</title></head>
<body style="font-family:sans-serif;background:#eee;margin:8px">
<p>Look at this:</p>${FRAMES.map(frame).join("")}
<p>And as an image, where a page takes no iframes:</p>
<a href="${appOrigin}/compare/plsx/hex"><img id="card-image" src="${appOrigin}/embed/plsx/hex/card.png" width="600" alt="PLSX at HEX's market cap" style="max-width:100%;height:auto;display:block"></a>
<div id="refused">${REFUSED.map(frame).join("")}</div>
<script>
  window.heights = {};
  addEventListener("message", function (event) {
    if (event.origin !== ${JSON.stringify(appOrigin)} || !event.data || event.data.type !== ${JSON.stringify(HEIGHT_MESSAGE_TYPE)}) return;
    document.querySelectorAll("iframe").forEach(function (iframe) {
      if (iframe.contentWindow === event.source) { window.heights[iframe.id] = event.data.height; iframe.height = event.data.height; }
    });
  });
</script></body></html>`;
}

let host: OtherOrigin | undefined;
let hostOrigin = "";

/** The other site's page, started on first use (the suite starts the app first). */
async function startHost(): Promise<void> {
  host ??= await startOtherOrigin(hostPage(new URL(suite().baseUrl).origin));
  hostOrigin = host.origin;
}

after(() => host?.close());

/** A context that reaches the app and the host page (two local origins) and nothing else. */
const twoOriginContext = (browser: Browser, viewport: { width: number; height: number }, javaScriptEnabled = true): Promise<BrowserContext> =>
  contextFor(browser, [new URL(suite().baseUrl).origin, hostOrigin], { viewport, javaScriptEnabled });

async function figure(page: Page, frameId: string, name: string): Promise<string> {
  return (await page.frameLocator(`#${frameId}`).locator(`[data-figure="${name}"]`).textContent())?.trim() ?? "";
}

type PairAnswer = { today: { projectedPrice: number; multiplier: number; targetMarketCap: number } };
type CoinAnswer = { currentPrice: number; marketCap: number };

async function apiJson<T>(path: string): Promise<T> {
  const response = await fetch(`${suite().baseUrl}${path}`);
  assert.equal(response.status, 200, path);
  return (await response.json()) as T;
}

for (const viewport of [
  { name: "360", width: 360, height: 1600 },
  { name: "1440", width: 1440, height: 1600 },
]) {
  test(`another site frames the cards at ${viewport.name} px: the API's figures, the height posted, the site's pages refused`, async () => {
    await startHost();
    const context = await twoOriginContext(suite().browser, viewport);
    const consoleLines: string[] = [];
    try {
      const page = await context.newPage();
      page.on("console", (message) => consoleLines.push(message.text()));
      await page.goto(`${hostOrigin}/`);
      // Every card posted its height, and the host applied it.
      await page.waitForFunction((count) => Object.keys((window as unknown as { heights: object }).heights).length >= count, FRAMES.length, { timeout: 15_000 });
      const heights = await page.evaluate(() => (window as unknown as { heights: Record<string, number> }).heights);
      for (const { id } of FRAMES) {
        const inside = await page.frameLocator(`#${id}`).locator("html").evaluate((html) => html.scrollHeight);
        assert.equal(heights[id], inside, `${id}: the posted height is the card's`);
        assert.ok(inside > 60, `${id}: a card's height, not an empty frame's (${inside})`);
      }

      const pair = await apiJson<PairAnswer>("/api/pairs/plsx/hex");
      for (const id of ["pair-dark-600", "pair-light-300"]) {
        assert.equal(await figure(page, id, "projected-price"), formatPrice(pair.today.projectedPrice), id);
        assert.equal(await figure(page, id, "multiplier"), formatResultMultiplier(pair.today.multiplier), id);
        assert.equal(await figure(page, id, "target-cap"), formatMarketCap(pair.today.targetMarketCap), id);
        assert.match(await figure(page, id, "prices-age"), /^Prices/);
      }
      const coin = await apiJson<CoinAnswer>("/api/cryptocurrencies/hex");
      for (const id of ["coin-dark-300", "coin-light-600"]) {
        assert.equal(await figure(page, id, "price"), formatPrice(coin.currentPrice), id);
        assert.equal(await figure(page, id, "market-cap"), formatMarketCap(coin.marketCap), id);
      }
      assert.equal(await page.frameLocator("#ladder-dark-600").locator("[data-step]").count(), 6);
      // The image card, as a README or forum signature shows it.
      await page.waitForFunction(() => (document.getElementById("card-image") as HTMLImageElement).complete);
      assert.equal(await page.locator("#card-image").evaluate((image: HTMLImageElement) => image.naturalWidth), 1200);

      // The card's link opens the pair page in a new tab, never inside the frame or over the host.
      const link = page.frameLocator("#pair-dark-600").getByRole("link", { name: "PLSX at HEX's market cap" });
      assert.equal(await link.getAttribute("target"), "_blank");
      assert.equal(new URL((await link.getAttribute("href"))!, suite().baseUrl).pathname, "/compare/plsx/hex");

      // The site's own pages refuse to be framed: Chromium puts its error page in those frames.
      for (const { id } of REFUSED) {
        const frame = await (await page.locator(`#${id}`).elementHandle())!.contentFrame();
        assert.ok(frame && !frame.url().startsWith(suite().baseUrl), `${id} rendered inside another site's frame (${frame?.url()})`);
      }
      assert.ok(
        consoleLines.filter((line) => /^Framing '.*' violates .*"frame-ancestors 'none'"/.test(line)).length >= REFUSED.length,
        `Chromium's refusals: ${consoleLines.join(" | ")}`,
      );
      assert.deepEqual(consoleLines.filter((line) => /Content Security Policy/.test(line) && !/frame-ancestors 'none'/.test(line)), [], "the cards violate nothing of their own policy");

      await page.evaluate(() => document.getElementById("refused")!.remove());
      await page.screenshot({ path: screenshotPath(`embed-cards-${viewport.name}`), fullPage: true });
    } finally {
      await context.close();
    }
  });
}

test("with scripting off the card shows every figure, and no card response sets a cookie", async () => {
  await startHost();
  const context = await twoOriginContext(suite().browser, { width: 600, height: 400 }, false);
  try {
    const page = await context.newPage();
    const response = await page.goto(`${suite().baseUrl}/embed/plsx/hex?hold=1.5m&theme=light`);
    assert.equal(response?.status(), 200);
    for (const name of ["projected-price", "multiplier", "target-cap", "holding", "prices-age"]) {
      assert.ok(await page.locator(`[data-figure="${name}"]`).isVisible(), `${name} shown without scripts`);
    }
    assert.match((await page.locator('[data-figure="holding"]').textContent()) ?? "", /^1,500,000 PLSX: \$/);
    await page.screenshot({ path: screenshotPath("embed-no-script-600") });
  } finally {
    await context.close();
  }
  // A malformed percent-escape is the caller's mistake (proxy.ts), not Next's plain-text 500.
  const malformed = await fetch(`${suite().baseUrl}/embed/%E0%A4%A/hex`);
  assert.equal(malformed.status, 400);
  assert.equal(((await malformed.json()) as { error: { code: string } }).error.code, "bad_request");
  for (const path of ["/embed/plsx/hex", "/embed/hex?theme=light", "/embed/plsx/hex/ladder", "/embed/plsx/hex/card.png", "/embed/hex/card.png", "/embed/nope/hex"]) {
    const response = await fetch(`${suite().baseUrl}${path}`);
    assert.equal(response.headers.get("set-cookie"), null, `${path} sets no cookie`);
    assert.equal(response.headers.get("x-frame-options"), null, `${path} may be framed`);
    if (!path.endsWith(".png")) {
      assert.match(response.headers.get("content-security-policy") ?? "", /frame-ancestors \*/, path);
      continue;
    }
    // The PNG as the production build draws it (jest cannot run next/og): 1200 x 630 in its IHDR chunk.
    assert.equal(response.status, 200, path);
    assert.equal(response.headers.get("content-type"), "image/png", path);
    const png = Buffer.from(await response.arrayBuffer());
    assert.equal(png.subarray(1, 4).toString("latin1"), "PNG", path);
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630], path);
  }
});

for (const viewport of [
  { name: "360", width: 360, height: 800 },
  { name: "1440", width: 1440, height: 900 },
]) {
  test(`"Embed" on the pair and coin pages at ${viewport.name} px: the live preview, theme, width and card choices, three snippets to copy`, async () => {
    const { browser, baseUrl } = suite();
    const context = await newContext(browser, baseUrl, viewport);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await context.addInitScript(`document.cookie = "cookie-consent=true; path=/";`);
    try {
      const page = await context.newPage();
      await page.goto("/compare/plsx/hex?hold=1.5m");
      await page.getByRole("button", { name: "Embed" }).click();
      const dialog = page.getByRole("dialog", { name: "Embed this comparison" });
      await dialog.waitFor();
      const preview = dialog.frameLocator("iframe");
      // The page's own choice (the amount held) travels into the card.
      await preview.locator('[data-figure="holding"]').waitFor();
      const iframeSnippet = dialog.getByTestId("embed-snippet-iframe");
      assert.match(await iframeSnippet.inputValue(), new RegExp(`^<iframe src="${baseUrl}/embed/plsx/hex\\?hold=1\\.5m" width="600" height="260" `));

      await dialog.getByRole("radio", { name: "Light" }).click();
      await dialog.getByRole("radio", { name: "300 px" }).click();
      assert.match(await iframeSnippet.inputValue(), /\/embed\/plsx\/hex\?hold=1\.5m&amp;theme=light" width="300" /);
      assert.equal(
        await dialog.getByTestId("embed-snippet-markdown").inputValue(),
        `[![PLSX at HEX's market cap](${baseUrl}/embed/plsx/hex/card.png?hold=1.5m&theme=light)](${baseUrl}/compare/plsx/hex?hold=1.5m)`,
      );
      assert.equal(await dialog.getByTestId("embed-snippet-link").inputValue(), `${baseUrl}/compare/plsx/hex?hold=1.5m`);
      await preview.locator("html.light").waitFor();
      // The preview is sized by the height the card posts.
      await page.waitForFunction(() => {
        const frame = document.querySelector<HTMLIFrameElement>('[data-testid="embed-preview"] iframe');
        return frame !== null && frame.height !== "260" && Number(frame.height) > 100;
      });
      await dialog.getByRole("button", { name: "Copy HTML (iframe)" }).click();
      await dialog.getByText("Copied").waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await iframeSnippet.inputValue());
      await page.screenshot({ path: screenshotPath(`embed-dialog-pair-${viewport.name}`) });

      await dialog.getByRole("radio", { name: "Ladder" }).click();
      await preview.locator("[data-step]").first().waitFor();
      assert.match(await iframeSnippet.inputValue(), /\/embed\/plsx\/hex\/ladder\?theme=light" width="300" height="480" /);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      // Keyboard users land back on the button that opened it (the dialog has no Radix trigger).
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Embed");

      await page.goto("/coins/hex");
      await page.getByRole("button", { name: "Embed" }).click();
      const coinDialog = page.getByRole("dialog", { name: "Embed this coin" });
      await coinDialog.frameLocator("iframe").locator('[data-figure="price"]').waitFor();
      assert.equal(await coinDialog.getByRole("radio", { name: "Ladder" }).count(), 0);
      assert.equal(await coinDialog.getByTestId("embed-snippet-link").inputValue(), `${baseUrl}/coins/hex`);
      await page.screenshot({ path: screenshotPath(`embed-dialog-coin-${viewport.name}`) });
    } finally {
      await context.close();
    }
  });
}
