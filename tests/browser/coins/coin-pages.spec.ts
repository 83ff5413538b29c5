// The coin pages (/coins/{id}) and the charts in Chromium: server HTML with its metadata, the
// facts and the all-time highs, a market-cap chart that loads only near the viewport and switches
// ranges, the pair page's ratio chart, bad addresses, and 360 px without sideways scrolling.
// First the fresh install's sample history (the seed's), which the charts draw with a note. Then
// history is inserted into the app's database as the refresh pass and the backfill would write
// it (40 daily points and 24 hourly ones for HEX and BTC, in place of their sample history); the
// app hears of it through an operator's edit, and the spec puts the sample back afterwards.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { createPrismaClient } from "@/lib/db/create-client";
import { assertMalformedAddress, operatorEdit, servedFromCache, waitWithinCeiling } from "@/tests/browser/cache-steps";
import { newContext, screenshotPath, SITE_URL, watchForErrors } from "@/tests/browser/harness";
import { restoreSampleHistory, saveSampleHistory } from "@/tests/browser/sample-history-steps";
import { assertSharePng } from "@/tests/browser/share-image-steps";
import { suite } from "@/tests/browser/suite";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const insertedIds: number[] = [];
let savedSamples: Awaited<ReturnType<typeof saveSampleHistory>> = [];

/** HEX: 3B − d × 20M on day d back (d = 40 → 2.20B, d = 30 → 2.40B), 3.10B every hour of the last day. BTC: 2T throughout. */
function historyRows(now: number) {
  const rows: { coinId: string; price: number; marketCap: number; takenAt: Date }[] = [];
  for (let d = 1; d <= 40; d++) {
    // One hour past the day's mark: inside a range that reaches back d days even a minute later.
    const takenAt = new Date(now - d * DAY + HOUR);
    rows.push({ coinId: "hex", price: 0.004, marketCap: 3e9 - d * 2e7, takenAt });
    rows.push({ coinId: "btc", price: 100_000, marketCap: 2e12, takenAt });
  }
  for (let h = 0; h < 24; h++) {
    const takenAt = new Date(now - h * HOUR - 5 * 60_000);
    rows.push({ coinId: "hex", price: 0.0045, marketCap: 3.1e9, takenAt });
    rows.push({ coinId: "btc", price: 100_000, marketCap: 2e12, takenAt });
  }
  return rows;
}

async function get(path: string): Promise<Response> {
  return fetch(`${suite().baseUrl}${path}`, { redirect: "manual" });
}

const decode = (text: string) => text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

function meta(html: string, attr: "name" | "property", name: string): string | undefined {
  const match = html.match(new RegExp(`<meta ${attr}="${name.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`));
  return match ? decode(match[1]!) : undefined;
}

/**
 * The element's box. At 1440 px the chart is in view at once, so the shell's box can be swapped
 * for the loaded panel's (the same size) while it is measured: a detached element has no box,
 * and the measure is taken again from the one now there.
 */
async function boxOf(locator: ReturnType<Page["locator"]>) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const box = await locator.boundingBox();
    if (box) return box;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the chart's box never settled");
}

/** Scrolls the chart into view and waits for its canvas; returns the canvas's size. */
async function drawnChart(page: Page, chart: ReturnType<Page["locator"]>) {
  await chart.scrollIntoViewIfNeeded();
  const canvas = chart.locator("[data-testid=chart-canvas] canvas").first();
  await canvas.waitFor();
  return page.evaluate((element) => ({ width: element.clientWidth, height: element.clientHeight }), await canvas.elementHandle());
}

/** The history requests the page makes, as "coin:range". */
function historyRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const match = /\/api\/cryptocurrencies\/([a-z0-9-]+)\/history\?range=([a-z0-9]+)/.exec(request.url());
    if (match) seen.push(`${match[1]}:${match[2]}`);
  });
  return seen;
}

async function expectNoOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${what} is ${overflow}px wider than the window`);
}

describe("a fresh install's sample history", () => {
  test("/coins/hex and /compare/hex/btc chart the seed's sample history and say it is one; 360 px and 1440 px", async () => {
    const { browser, baseUrl } = suite();
    const note = "Sample history — replaced by live prices after the first refresh.";
    for (const viewport of [{ width: 360, height: 780 }, { width: 1440, height: 900 }]) {
      const context = await newContext(browser, baseUrl, viewport);
      const page = await context.newPage();
      const problems = watchForErrors(page, baseUrl);
      const hexYear = page.waitForResponse((res) => res.url().endsWith("/api/cryptocurrencies/hex/history?range=1y"));
      await page.goto("/coins/hex");
      const chart = page.getByTestId("history-chart");
      await drawnChart(page, chart);
      // A point a day over the last year, each marked sample: more than one point to draw.
      const points = (await (await hexYear).json()) as { sample?: boolean }[];
      assert.ok(points.length > 300 && points.every((point) => point.sample === true), `${points.length} points`);
      assert.equal(await chart.getByTestId("chart-sample-note").innerText(), note);
      await page.waitForFunction(() => document.querySelector("[data-testid=chart-summary]")?.textContent?.startsWith("Over 1 year"));
      // High and low on different days and a change: a line, not the one point of before.
      const summary = await chart.getByTestId("chart-summary").innerText();
      const [, highDay, lowDay] = summary.match(/^Over 1 year: high \S+ \((.+?)\), low \S+ \((.+?)\), change [+-][\d.]+%\.$/) ?? [];
      assert.ok(highDay && lowDay && highDay !== lowDay, summary);
      await chart.screenshot({ path: screenshotPath(`coin-hex-sample-chart-${viewport.width}`) });

      await page.goto("/compare/hex/btc");
      const section = page.getByRole("region", { name: "HEX's market cap as a multiple of BTC's" });
      const ratio = section.getByTestId("history-chart");
      await drawnChart(page, ratio);
      assert.equal(await ratio.getByTestId("chart-sample-note").innerText(), note);
      await page.waitForFunction(() =>
        [...document.querySelectorAll("[data-testid=chart-summary]")].some((element) => element.textContent?.startsWith("Over 1 year")),
      );
      assert.doesNotMatch(await ratio.getByTestId("chart-summary").innerText(), /change 0\.0%/);
      await expectNoOverflow(page, `/compare/hex/btc at ${viewport.width}px`);
      await section.screenshot({ path: screenshotPath(`pair-sample-chart-${viewport.width}`) });
      assert.deepEqual(problems, []);
      await context.close();
    }
  });
});

// Scoped to this file: the inserted history must not reach the other specs (24h references).
describe("coin pages and charts", () => {
  before(async () => {
    const { baseUrl, databaseUrl } = suite();
    const db = createPrismaClient({ url: databaseUrl });
    try {
      // Real history replaces the sample, as the first live price does.
      savedSamples = await saveSampleHistory(db, ["hex", "btc"]);
      await db.priceSnapshot.deleteMany({ where: { coinId: { in: ["hex", "btc"] }, sample: true } });
      for (const data of historyRows(Date.now())) insertedIds.push((await db.priceSnapshot.create({ data, select: { id: true } })).id);
      const hex = await db.coin.findUniqueOrThrow({ where: { id: "hex" } });
      // The edit drops the cached coin data, histories included (tag "coins").
      assert.equal((await operatorEdit(baseUrl, "hex", { tags: hex.tags ? hex.tags.split(",") : [] })).status, 200);
      await waitWithinCeiling("the inserted history", async () => {
        const body = (await (await fetch(`${baseUrl}/api/cryptocurrencies/hex/history?range=1d`)).json()) as unknown[];
        return body.length >= 20;
      });
    } finally {
      await db.$disconnect();
    }
  });

  after(async () => {
    const { baseUrl, databaseUrl } = suite();
    const db = createPrismaClient({ url: databaseUrl });
    await db.priceSnapshot.deleteMany({ where: { id: { in: insertedIds } } });
    await restoreSampleHistory(db, savedSamples);
    await db.$disconnect();
    await operatorEdit(baseUrl, "btc", { tags: [] });
  });

  test("a coin page's server HTML: title, description, canonical, Open Graph and X tags, and the figures", async () => {
    const res = await get("/coins/hex");
    assert.equal(res.status, 200);
    const html = await res.text();
    const title = "HEX (HEX): price, market cap and all-time high";
    assert.equal(decode(html.match(/<title>([^<]*)<\/title>/)![1]!), `${title} | PulseCompare`);
    // Seed: HEX $0.004762, market cap $2,870,533,600; high $33.215B on 2024-03-06.
    // 2.8705336 / 33.215 = 0.086423, so 91.4% below the high.
    const description = meta(html, "name", "description")!;
    assert.equal(
      description,
      "HEX costs $0.0048 with a market cap of $2.87B. Its all-time-high market cap was $33.22B on Mar 6, 2024 (-91.4% from high).",
    );
    assert.match(html, new RegExp(`<link rel="canonical" href="${SITE_URL}/coins/hex"/>`));
    assert.equal(meta(html, "property", "og:title"), title);
    assert.equal(meta(html, "property", "og:url"), `${SITE_URL}/coins/hex`);
    assert.equal(meta(html, "name", "twitter:card"), "summary_large_image");
    // No chart code in the server HTML's scripts: it is fetched when the chart nears the viewport.
    assert.ok(!/lightweight-charts|TradingView/i.test(html), "the page's first load carries no chart code");
    // Served from a cache after the first render, like the pair pages.
    assert.ok(servedFromCache((await get("/coins/hex")).headers));
  });

  test("the coin's share image is a 1200×630 PNG, named by the page's og:image and cached like it", async () => {
    const html = await (await get("/coins/hex")).text();
    const image = new URL(meta(html, "property", "og:image")!);
    assert.equal(image.pathname, "/coins/hex/opengraph-image");
    const res = await get(`${image.pathname}${image.search}`);
    await assertSharePng(res);
    assert.equal((await get(`${image.pathname}${image.search}`)).headers.get("x-nextjs-cache"), "HIT");
    assert.equal((await get("/coins/no-such-coin/opengraph-image")).status, 404);
  });

  test("bad coin addresses: unknown is 404, an upper-case id or a symbol redirects for good", async () => {
    for (const path of ["/coins/unknown", "/coins/no-such-coin", "/coins/%3Cscript%3E"]) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      assert.match(await res.text(), /404 Page Not Found/, path);
    }
    await assertMalformedAddress(get, "/coins/%E0%A4%A");
    for (const [path, location] of [
      ["/coins/HEX", "/coins/hex"],
      ["/coins/pTGC", "/coins/ptgc"],
    ] as const) {
      const res = await get(path);
      assert.equal(res.status, 308, path);
      assert.equal(new URL(res.headers.get("location")!, suite().baseUrl).href, `${suite().baseUrl}${location}`, path);
    }
  });

  test("/coins/hex in Chromium: facts, highs, a lazily loaded chart that switches ranges; 360 px and 1440 px", async () => {
    const { browser, baseUrl } = suite();
    for (const viewport of [{ width: 360, height: 780 }, { width: 1440, height: 900 }]) {
      const context = await newContext(browser, baseUrl, viewport);
      const page = await context.newPage();
      const problems = watchForErrors(page, baseUrl);
      const requests = historyRequests(page);
      const scripts: string[] = [];
      page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
      await page.goto("/coins/hex");
      await page.getByRole("heading", { name: "HEX (HEX)", level: 1 }).waitFor();

      const facts = await page.getByTestId("coin-facts").innerText();
      for (const text of ["$0.0048", "$2.87B", "602.8B HEX", "snapshot of Nov 20, 2026"]) assert.ok(facts.includes(text), `facts show ${text}: ${facts}`);
      // 0.004762 / 0.0551 = 0.086425 and 2.8705336 / 33.215 = 0.086423: both 91.4% below the high.
      assert.equal(await page.getByTestId("ath-price-distance").innerText(), "-91.4% from high");
      assert.equal(await page.getByTestId("ath-market-cap-distance").innerText(), "-91.4% from high");
      assert.match(await page.getByTestId("ath-market-cap").innerText(), /^\$33\.22B\s+on Mar 6, 2024/);
      assert.match(await page.getByTestId("ath-market-cap-note").innerText(), /today's supply; the supply then is unknown/);

      const chart = page.getByTestId("history-chart");
      const boxBefore = await boxOf(chart.getByTestId("chart-box"));
      const scriptsBefore = scripts.length;
      if (viewport.width === 360) {
        // Below the fold on a phone: nothing of the chart is fetched until it is scrolled to.
        await page.waitForTimeout(1_000);
        const top = await page.evaluate(() => document.querySelector("[data-testid=history-chart]")!.getBoundingClientRect().top);
        assert.deepEqual(requests, [], `no history before the chart nears the viewport (chart at ${top}px)`);
        assert.equal(await chart.getByTestId("chart-skeleton").count(), 1);
      }
      const size = await drawnChart(page, chart);
      assert.ok(size.width > 200 && size.height > 200, `canvas is ${size.width}×${size.height}`);
      if (viewport.width === 360) assert.ok(scripts.length > scriptsBefore, "the chart's code came when scrolled to");
      // The box holds its place: the same size before the chart came and after.
      const boxAfter = await boxOf(chart.getByTestId("chart-box"));
      assert.equal(boxAfter.height, boxBefore.height);
      assert.equal(boxAfter.width, boxBefore.width);

      assert.equal(await page.getByRole("button", { name: "1Y" }).getAttribute("aria-pressed"), "true");
      const summary = chart.getByTestId("chart-summary");
      // 1 year: low 2.20B (40 days back), high 3.10B (the last day); 3.1 / 2.2 = 1.40909: +40.9%.
      await page.waitForFunction(() => document.querySelector("[data-testid=chart-summary]")?.textContent?.startsWith("Over 1 year"));
      assert.match(await summary.innerText(), /^Over 1 year: high \$3\.10B \([A-Z][a-z]{2} \d{1,2}, 2026\), low \$2\.20B \([A-Z][a-z]{2} \d{1,2}, 2026\), change \+40\.9%\.$/);
      assert.deepEqual(requests, ["hex:1y"]);

      await page.getByRole("button", { name: "30D" }).click();
      assert.equal(await page.getByRole("button", { name: "30D" }).getAttribute("aria-pressed"), "true");
      assert.equal(await page.getByRole("button", { name: "1Y" }).getAttribute("aria-pressed"), "false");
      // 30 days: the low is 30 days back, 2.40B; 3.1 / 2.4 = 1.29167: +29.2%.
      await page.waitForFunction(() => document.querySelector("[data-testid=chart-summary]")?.textContent?.startsWith("Over 30 days"));
      assert.match(await summary.innerText(), /^Over 30 days: high \$3\.10B \(.+\), low \$2\.40B \(.+\), change \+29\.2%\.$/);
      assert.deepEqual(requests, ["hex:1y", "hex:30d"]);
      const redrawn = await drawnChart(page, chart);
      assert.ok(redrawn.width > 200 && redrawn.height > 200);

      // The buttons work from the keyboard.
      await page.getByRole("button", { name: "1D" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.querySelector("[data-testid=chart-summary]")?.textContent?.startsWith("Over 24 hours"));
      assert.deepEqual(requests, ["hex:1y", "hex:30d", "hex:1d"]);

      await expectNoOverflow(page, `/coins/hex at ${viewport.width}px`);
      await page.screenshot({ path: screenshotPath(`coin-hex-${viewport.width}`), fullPage: true });
      await chart.screenshot({ path: screenshotPath(`coin-hex-chart-${viewport.width}`) });
      // The compare links go to the pair pages.
      assert.equal(await page.getByRole("link", { name: "HEX at BTC's market cap" }).getAttribute("href"), "/compare/hex/btc");
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  test("a coin with no history in the range says so", async () => {
    const { browser, baseUrl } = suite();
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    const problems = watchForErrors(page, baseUrl);
    // PLSX has only the seed's sample history (to Nov 20): nothing within the last 24 hours.
    await page.goto("/coins/plsx");
    const chart = page.getByTestId("history-chart");
    await chart.scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "1D" }).click();
    await chart.getByText("No price history for this range yet.").waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a failed history read shows an error with a retry that works", async () => {
    const { browser, baseUrl } = suite();
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    // Not watched for errors: the failed read is the point. The first read fails, the retry passes.
    let failures = 0;
    await page.route("**/api/cryptocurrencies/btc/history?range=1y", (route) => {
      if (failures++ > 0) return route.continue();
      return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "Try again." } }) });
    });
    await page.goto("/coins/btc");
    const chart = page.getByTestId("history-chart");
    await chart.scrollIntoViewIfNeeded();
    await chart.getByRole("alert").getByText("Couldn't load the chart.").waitFor();
    await chart.getByRole("button", { name: "Try again" }).click();
    const size = await drawnChart(page, chart);
    assert.ok(size.width > 200 && size.height > 200);
    assert.equal(failures, 2);
    await context.close();
  });

  test("the pair page's ratio chart draws A's market cap over B's and switches ranges", async () => {
    const { browser, baseUrl } = suite();
    for (const viewport of [{ width: 360, height: 780 }, { width: 1440, height: 900 }]) {
      const context = await newContext(browser, baseUrl, viewport);
      const page = await context.newPage();
      const problems = watchForErrors(page, baseUrl);
      const requests = historyRequests(page);
      await page.goto("/compare/hex/btc");
      const section = page.getByRole("region", { name: "HEX's market cap as a multiple of BTC's" });
      const chart = section.getByTestId("history-chart");
      const size = await drawnChart(page, chart);
      assert.ok(size.width > 200 && size.height > 200, `canvas is ${size.width}×${size.height}`);
      assert.deepEqual([...requests].sort(), ["btc:1y", "hex:1y"]);

      await section.getByRole("button", { name: "7D" }).click();
      assert.equal(await section.getByRole("button", { name: "7D" }).getAttribute("aria-pressed"), "true");
      // 7 days, hourly steps: lowest 2.86B / 2T = 0.00143 (7 days back), highest 3.1B / 2T = 0.00155
      // (the last day); 0.00155 / 0.00143 = 1.08392: +8.4%.
      await page.waitForFunction(() =>
        [...document.querySelectorAll("[data-testid=chart-summary]")].some((element) => element.textContent?.startsWith("Over 7 days")),
      );
      assert.match(await chart.getByTestId("chart-summary").innerText(), /^Over 7 days: high 0\.00155 \(.+\), low 0\.00143 \(.+\), change \+8\.4%\.$/);
      assert.deepEqual([...requests].sort(), ["btc:1y", "btc:7d", "hex:1y", "hex:7d"]);
      await drawnChart(page, chart);
      await expectNoOverflow(page, `/compare/hex/btc at ${viewport.width}px`);
      await section.screenshot({ path: screenshotPath(`pair-ratio-chart-${viewport.width}`) });
      assert.deepEqual(problems, []);
      await context.close();
    }
  });
});
