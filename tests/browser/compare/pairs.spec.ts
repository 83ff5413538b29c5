// The pair pages (/compare/{coin1}/{coin2}) as crawlers and link previews read them: server HTML
// with its metadata, the share image, the sitemap and robots.txt, and every bad address.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createPrismaClient } from "@/lib/db/create-client";
import { computeComparison } from "@/lib/compare/comparison";
import { formatDay, formatMarketCap, formatPrice, formatResultMultiplier } from "@/lib/shared/format";
import { coinListSchema } from "@/lib/coins/schemas";
import { historySchema, type HistoryPoint } from "@/lib/history/schemas";
import { assertMalformedAddress, operatorEdit, waitWithinCeiling } from "@/tests/browser/cache-steps";
import { newContext, screenshotPath, SITE_URL, watchForErrors } from "@/tests/browser/harness";
import { waitUntilHydrated } from "@/tests/browser/keyboard";
import { assertSharePng } from "@/tests/browser/share-image-steps";
import { suite } from "@/tests/browser/suite";

const decode = (text: string) => text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

/** The content of `<meta {attr}="{name}" content="…">` in server HTML, decoded. */
function meta(html: string, attr: "name" | "property", name: string): string | undefined {
  const match = html.match(new RegExp(`<meta ${attr}="${name.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`));
  return match ? decode(match[1]!) : undefined;
}

async function get(path: string): Promise<Response> {
  return fetch(`${suite().baseUrl}${path}`, { redirect: "manual" });
}

test("a pair page's server HTML answers the question in its title, description, canonical, Open Graph and X tags", async () => {
  const coins = coinListSchema.parse(await (await get("/api/cryptocurrencies?ids=hex,btc")).json());
  const [hex, btc] = [coins.find((coin) => coin.id === "hex"), coins.find((coin) => coin.id === "btc")];
  const result = computeComparison(hex!, btc!);
  assert.ok(result.comparable);
  const answer = `${formatPrice(result.projectedPrice)} (${formatResultMultiplier(result.multiplier)})`;

  const res = await get("/compare/hex/btc");
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.equal(decode(html.match(/<title>([^<]*)<\/title>/)![1]!), `HEX at BTC's market cap: ${answer} | PulseCompare`);
  const description = meta(html, "name", "description")!;
  assert.ok(description.includes(formatMarketCap(hex!.marketCap)) && description.includes(formatMarketCap(btc!.marketCap)), description);
  assert.match(html, new RegExp(`<link rel="canonical" href="${SITE_URL}/compare/hex/btc"/>`));
  assert.equal(meta(html, "property", "og:title"), `HEX at BTC's market cap: ${answer}`);
  assert.equal(meta(html, "property", "og:description"), description);
  assert.equal(meta(html, "property", "og:url"), `${SITE_URL}/compare/hex/btc`);
  assert.equal(meta(html, "name", "twitter:card"), "summary_large_image");
  assert.equal(meta(html, "name", "twitter:title"), `HEX at BTC's market cap: ${answer}`);
  assert.ok(meta(html, "property", "og:image")?.startsWith(`${SITE_URL}/compare/hex/btc/opengraph-image`));
  assert.equal(meta(html, "name", "robots"), undefined);
  // The answer is in the page itself, not only in its tags.
  assert.ok(html.includes(formatPrice(result.projectedPrice)));
});

test("the share image is a 1200×630 PNG, cached like the page", async () => {
  const html = await (await get("/compare/hex/btc")).text();
  const image = new URL(meta(html, "property", "og:image")!);
  const res = await get(`${image.pathname}${image.search}`);
  await assertSharePng(res);
  assert.equal((await get(`${image.pathname}${image.search}`)).headers.get("x-nextjs-cache"), "HIT");
});

test("bad addresses: unknown or repeated coins are 404, near misses redirect for good", async () => {
  for (const path of ["/compare/no-such-coin/btc", "/compare/hex/no-such-coin", "/compare/hex/hex", "/compare/hex/HEX", "/compare/hex", "/compare/%3Cscript%3E/btc"]) {
    const res = await get(path);
    assert.equal(res.status, 404, path);
    assert.match(await res.text(), /404 Page Not Found/, path);
  }
  for (const path of ["/compare/%E0%A4%A/btc", "/compare/hex/%"]) await assertMalformedAddress(get, path);
  for (const [path, location] of [
    ["/compare/HEX/BTC", "/compare/hex/btc"],
    ["/compare/pTGC/btc", "/compare/ptgc/btc"],
    ["/?coin1=hex&coin2=btc", "/compare/hex/btc"],
    ["/?coin2=btc&coin1=HEX", "/compare/HEX/btc"],
  ] as const) {
    const res = await get(path);
    assert.equal(res.status, 308, path);
    // One Location header, exactly the canonical path (fetch would join two with ", ").
    assert.equal(new URL(res.headers.get("location")!, suite().baseUrl).href, `${suite().baseUrl}${location}`, path);
  }
  // One coin only, or junk, is no comparison: the home page answers it as before.
  for (const path of ["/?coin1=hex", "/?coin1=hex&coin2=%3Cb%3E"]) assert.equal((await get(path)).status, 200, path);
});

test("a coin without market cap data gets a page that says so, kept out of search; a unique symbol redirects to its id", async () => {
  const { baseUrl, databaseUrl } = suite();
  const db = createPrismaClient({ url: databaseUrl });
  const id = "zero-cap-test";
  try {
    await db.coin.create({
      data: { id, symbol: "ZCAPT", name: "Zero Cap Test", currentPrice: 0.01, marketCap: 0, rank: 9999, chain: "pulsechain", priceSource: "snapshot" },
    });
    // An operator's edit is how the app hears of a change: it drops the cached coin list.
    assert.equal((await operatorEdit(baseUrl, id, { tags: [] })).status, 200);
    await waitWithinCeiling("the new coin", async () => (await get(`/compare/${id}/btc`)).status === 200);

    const html = await (await get(`/compare/${id}/btc`)).text();
    assert.match(html, /ZCAPT has no market cap data, so it can&#x27;t be compared\./);
    assert.match(meta(html, "name", "robots") ?? "", /noindex/);
    assert.equal(decode(html.match(/<title>([^<]*)<\/title>/)![1]!), "ZCAPT at BTC's market cap | PulseCompare");

    // The symbol as people type it: it names one coin, whose id is not the symbol.
    await waitWithinCeiling("the symbol's redirect", async () => (await get("/compare/ZCAPT/btc")).status === 308);
    assert.equal(new URL((await get("/compare/ZCAPT/btc")).headers.get("location")!, baseUrl).href, `${baseUrl}/compare/${id}/btc`);

    const context = await newContext(suite().browser, baseUrl, { width: 360, height: 780 });
    const page = await context.newPage();
    await page.goto(`/compare/${id}/btc`);
    await page.screenshot({ path: screenshotPath("pair-not-comparable-360"), fullPage: true });
    await context.close();
  } finally {
    await db.coin.delete({ where: { id } }).catch(() => {});
    await operatorEdit(baseUrl, "btc", { tags: [] });
    await db.$disconnect();
  }
});

test("sitemap.xml is well-formed XML of absolute URLs on the configured origin, and robots.txt names it", async () => {
  const res = await get("/sitemap.xml");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /xml/);
  const xml = await res.text();
  // Chromium's own XML parser decides well-formedness.
  const context = await newContext(suite().browser, suite().baseUrl);
  const page = await context.newPage();
  const parsed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "application/xml");
    const error = doc.getElementsByTagName("parsererror")[0]?.textContent ?? null;
    const urls = [...doc.getElementsByTagNameNS("http://www.sitemaps.org/schemas/sitemap/0.9", "url")];
    return { error, root: doc.documentElement.localName, locs: urls.map((url) => url.getElementsByTagNameNS(url.namespaceURI, "loc")[0]?.textContent ?? ""), lastmods: urls.map((url) => url.getElementsByTagNameNS(url.namespaceURI, "lastmod")[0]?.textContent ?? "") };
  }, xml);
  await context.close();
  assert.equal(parsed.error, null);
  assert.equal(parsed.root, "urlset");
  assert.ok(parsed.locs.length > 2_000 && parsed.locs.length <= 50_000, `${parsed.locs.length} URLs`);
  assert.ok(parsed.locs.every((loc) => loc === SITE_URL || loc.startsWith(`${SITE_URL}/`)), "every URL is absolute on the site's origin");
  assert.ok(parsed.locs.includes(`${SITE_URL}/compare/hex/btc`));
  assert.ok(parsed.lastmods.every((lastmod) => !Number.isNaN(Date.parse(lastmod))));
  assert.equal(new Set(parsed.locs).size, parsed.locs.length);

  const robots = await (await get("/robots.txt")).text();
  assert.match(robots, new RegExp(`^Sitemap: ${SITE_URL}/sitemap.xml$`, "m"));
  for (const path of ["/api/", "/admin", "/watchlist", "/saved", "/alerts"]) assert.match(robots, new RegExp(`^Disallow: ${path}$`, "m"));
});

test("a pair page in Chromium: swap, copy link, related pairs; nothing overflows at 360 px", async () => {
  const { browser, baseUrl } = suite();
  for (const viewport of [{ width: 360, height: 780 }, { width: 1440, height: 900 }]) {
    const context = await newContext(browser, baseUrl, viewport);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    const page = await context.newPage();
    const problems = watchForErrors(page, baseUrl);
    await page.goto("/compare/hex/btc");
    await page.getByRole("heading", { name: "HEX at BTC's market cap", level: 1 }).waitFor();
    assert.match(await page.getByTestId("comparison-sentence").innerText(), /When HEX reaches the market cap of BTC, it will be at \$/);
    // The ladder of targets (issue 43): 10% to 500% of BTC's market cap, and how far HEX is today.
    // The seed's prices are no pass's, so no pools: nothing is said of what a target would take.
    const ladder = page.getByRole("table", { name: "HEX at shares of BTC's market cap" });
    assert.deepEqual(await ladder.getByTestId("ladder-step").locator("td:first-child").allInnerTexts(), ["10%", "25%", "50%", "100%", "200%", "500%"]);
    assert.match(await page.getByTestId("ladder-progress").innerText(), /^Today HEX's market cap is [\d,.]+% of BTC's\.$/);
    assert.equal(await page.getByTestId("what-it-takes").count(), 0);
    assert.equal(await ladder.getByRole("columnheader", { name: "Would take" }).count(), 0);
    await page.screenshot({ path: screenshotPath(`pair-${viewport.width}`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than ${viewport.width}px`);

    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByText("Link copied").waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${baseUrl}/compare/hex/btc`);
    const x = new URL((await page.getByRole("link", { name: "Share on X" }).getAttribute("href"))!);
    assert.equal(x.origin + x.pathname, "https://x.com/intent/tweet");
    assert.equal(x.searchParams.get("url"), `${SITE_URL}/compare/hex/btc`);
    const telegram = new URL((await page.getByRole("link", { name: "Share on Telegram" }).getAttribute("href"))!);
    assert.equal(telegram.origin + telegram.pathname, "https://t.me/share/url");
    assert.equal(telegram.searchParams.get("url"), `${SITE_URL}/compare/hex/btc`);

    await page.getByRole("link", { name: /^Swap/ }).click();
    await page.waitForURL(`${baseUrl}/compare/btc/hex`);
    await page.getByRole("heading", { name: "BTC at HEX's market cap", level: 1 }).waitFor();
    await page.getByRole("link", { name: "BTC at ETH's market cap" }).click();
    await page.waitForURL(`${baseUrl}/compare/btc/eth`);
    await page.getByRole("heading", { name: "BTC at ETH's market cap", level: 1 }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  }
});

/** BTC's market cap on `day` from the history API's own answer: that UTC day's last point with a cap. */
function capThatDay(points: readonly HistoryPoint[], day: string): HistoryPoint {
  const ofDay = points.filter((point) => new Date(point.t).toISOString().slice(0, 10) === day && point.marketCap > 0);
  assert.ok(ofDay.length > 0, `a point on ${day}`);
  return ofDay.reduce((last, point) => (point.t > last.t ? point : last));
}

test("'On a date' (issue 43): chosen with the keyboard, a day picked, the figures from BTC's history; kept on reload; sample marked; 360 and 1440 px", async () => {
  const { browser, baseUrl } = suite();
  const coins = coinListSchema.parse(await (await get("/api/cryptocurrencies?ids=hex,btc")).json());
  const hex = coins.find((coin) => coin.id === "hex")!;
  const history = historySchema.parse(await (await get("/api/cryptocurrencies/btc/history?range=all")).json());
  const days = [...new Set(history.filter((point) => point.marketCap > 0).map((point) => new Date(point.t).toISOString().slice(0, 10)))];
  const [first, last] = [days[0]!, days.at(-1)!];
  // A fresh install's BTC history is the seed's sample: pick a sample day about a month back.
  const sampleDays = days.filter((day) => capThatDay(history, day).sample);
  assert.ok(sampleDays.length > 0, "the seed's sample history for BTC");
  const day = sampleDays[Math.max(0, sampleDays.length - 30)]!;
  const point = capThatDay(history, day);
  const multiplier = point.marketCap / hex.marketCap!;
  const price = hex.currentPrice! * multiplier;

  for (const viewport of [{ width: 360, height: 780 }, { width: 1440, height: 900 }]) {
    const context = await newContext(browser, baseUrl, viewport);
    await context.addInitScript(() => { document.cookie = "cookie-consent=true; path=/"; });
    const page = await context.newPage();
    const problems = watchForErrors(page, baseUrl);
    const wholeHistoryReads: string[] = [];
    page.on("request", (request) => request.url().includes("/history?range=all") && wholeHistoryReads.push(request.url()));

    await page.goto("/compare/hex/btc");
    const today = page.getByRole("radio", { name: "Today's market cap" });
    const onDate = page.getByRole("radio", { name: "On a date" });
    await onDate.waitFor();
    // The page's first load shows today's market cap; BTC's whole history is read only once asked for.
    await page.getByTestId("comparison-sentence").waitFor();
    assert.deepEqual(wholeHistoryReads, []);

    // The keyboard: into the radio group, ArrowLeft wraps round to the last option, Tab to the day.
    await waitUntilHydrated(today);
    await today.focus();
    await page.keyboard.press("ArrowLeft");
    assert.equal(await onDate.getAttribute("aria-checked"), "true");
    assert.ok(await onDate.evaluate((element) => element === document.activeElement), "focus stays on the chosen radio");
    const input = page.getByLabel("BTC's market cap on");
    await page.waitForFunction(() => !(document.querySelector("[data-testid=on-date-input]") as HTMLInputElement | null)?.disabled);
    assert.equal(await input.inputValue(), last, "the last day with history by default");
    assert.equal(await input.getAttribute("min"), first);
    assert.equal(await input.getAttribute("max"), last);
    await page.keyboard.press("Tab");
    assert.ok(await input.evaluate((element) => element === document.activeElement), "Tab reaches the day field");
    await input.fill(day);

    const dayText = formatDay(`${day}T00:00:00Z`);
    await page.getByText(`BTC market cap on ${dayText}`).waitFor();
    assert.equal(await page.getByTestId("target-market-cap").innerText(), formatMarketCap(point.marketCap));
    assert.equal(await page.getByTestId("multiplier").innerText(), formatResultMultiplier(multiplier));
    assert.equal(await page.getByTestId("projected-price").innerText(), formatPrice(price));
    assert.equal(await page.getByTestId("comparison-sentence").innerText(), `When HEX reaches BTC's market cap on ${dayText}, it will be at ${formatPrice(price)}.`);
    assert.equal(await page.getByTestId("sample-marker").innerText(), "sample data, not a real price");
    assert.match(await page.getByTestId("on-date-sample-note").innerText(), /^BTC's market cap that day is sample data, not a real price: /);
    assert.equal(new URL(page.url()).search, `?on=${day}`);
    assert.equal(wholeHistoryReads.length, 1);

    // The address is the shared link: a reload opens on the same day.
    await page.reload();
    await page.getByText(`BTC market cap on ${dayText}`).waitFor();
    assert.equal(await onDate.getAttribute("aria-checked"), "true");
    assert.equal(await input.inputValue(), day);
    assert.equal(await page.getByTestId("projected-price").innerText(), formatPrice(price));
    await page.screenshot({ path: screenshotPath(`pair-on-date-${viewport.width}`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than ${viewport.width}px`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});
