// Smoke test of the production build: the home page, the 404 page and the public API.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { apiErrorSchema, coinListSchema } from "@/lib/coins/schemas";
import { newContext, screenshotPath, watchForErrors } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";

const VIEWPORTS = [
  { name: "360", width: 360, height: 780 },
  { name: "1440", width: 1440, height: 900 },
];

test("home renders the header, its sections from the database, the snapshot label and the footer", async () => {
  const { browser, baseUrl } = suite();
  for (const viewport of VIEWPORTS) {
    const context = await newContext(browser, baseUrl, viewport);
    const page = await context.newPage();
    const problems = watchForErrors(page, baseUrl);
    const response = await page.goto("/");
    assert.equal(response?.status(), 200);
    assert.equal(response?.headers()["x-content-type-options"], "nosniff");

    await page.getByRole("heading", { name: "Compare Market Caps" }).waitFor();
    await page.screenshot({ path: screenshotPath(`home-${viewport.name}`), fullPage: false });
    const topBar = await page.getByTestId("pls-top-bar").innerText();
    assert.match(topBar, /PLS\s+\$0\.\d{6}/);
    assert.match(topBar, /Prices: snapshot of Nov 20, 2026/);
    assert.equal(await page.getByTestId("featured-card").count(), 2);
    assert.ok(await page.getByText("Advertise your coin's comparison here!").isVisible());
    assert.equal(await page.getByRole("table", { name: "Top Gaining Coins" }).getByTestId("coin-row").count(), 10);
    assert.equal(await page.getByRole("table", { name: "Top Meme Coins" }).getByTestId("coin-row").count(), 5);
    // A change's arrow is the stylesheet's (components/shell/price-change.tsx): drawn, and turned for a fall.
    const arrows = await page.locator(".coin-table .price-change:is(.text-gain, .text-loss)").evaluateAll((changes) =>
      changes.map((change) => {
        const arrow = getComputedStyle(change, "::before");
        return { loss: change.classList.contains("text-loss"), width: arrow.width, shape: arrow.clipPath.startsWith("polygon("), rotate: arrow.rotate };
      }),
    );
    assert.ok(arrows.length > 0 && arrows.every((a) => a.width === "14px" && a.shape && a.rotate === (a.loss ? "180deg" : "none")), JSON.stringify(arrows));
    // Its logos load as it comes near the screen (components/shell/logos-in-view-script.tsx).
    const gainers = page.getByRole("table", { name: "Top Gaining Coins" });
    await gainers.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>("table[aria-label='Top Gaining Coins'] img.coin-logo")].every((img) => img.complete && img.naturalWidth > 0));
    await gainers.screenshot({ path: screenshotPath(`home-gainers-${viewport.name}`) });
    // The columns' alignment is the table's: figures to the right, the rank muted.
    const price = await page.getByRole("table", { name: "Top Gaining Coins" }).getByTestId("coin-row").first().locator("td").nth(2).evaluate((cell) => getComputedStyle(cell).textAlign);
    assert.equal(price, "right");
    assert.ok(await page.getByText("From PulseChain community to PulseChain community").isVisible());
    // The header's PLS price shows at every width (header.spec.ts checks every page).
    assert.ok(await page.getByTestId("header-pls-price").isVisible());
    assert.match(await page.getByTestId("header-pls-price").innerText(), /^PLS \$0\.\d{6}$/);
    // Nothing may overflow sideways on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the ${viewport.width}px viewport`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("an unknown path shows the 404 page with header and footer", async () => {
  const { browser, baseUrl } = suite();
  const context = await newContext(browser, baseUrl);
  const page = await context.newPage();
  const response = await page.goto("/this/page/does-not-exist");
  assert.equal(response?.status(), 404);
  assert.equal(await page.title(), "404 Page Not Found");
  await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
  assert.ok(await page.getByText("Did you forget to add the page to the router?").isVisible());
  assert.ok(await page.getByRole("navigation", { name: "Main" }).isVisible());
  assert.ok(await page.getByText("From PulseChain community to PulseChain community").isVisible());
  // The header shows the PLS price here too, so the snapshot label must be on this page as well.
  assert.equal(await page.getByTestId("footer-price-source").innerText(), "Prices: snapshot of Nov 20, 2026");
  await page.screenshot({ path: screenshotPath("not-found-1440") });

  await page.getByRole("link", { name: "Back to Compare" }).click();
  await page.waitForURL(`${baseUrl}/`);
  await context.close();
});

test("GET /api/cryptocurrencies answers the seeded coins as JSON", async () => {
  const { baseUrl } = suite();
  const res = await fetch(`${baseUrl}/api/cryptocurrencies`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  // next.config.mjs sets the security headers on every response, the API's included.
  assert.equal(res.headers.get("x-frame-options"), "DENY");
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  const coins = coinListSchema.parse(await res.json());
  assert.ok(coins.length >= 60);
});

test("bad API input is a 4xx JSON error from the running server, never HTML", async () => {
  const { baseUrl } = suite();
  for (const [path, status] of [
    ["/api/no-such-endpoint", 404],
    ["/api", 404],
    ["/api/trending/top-gainers?limit=abc", 400],
    ["/api/cryptocurrencies?ids=pls,unknown-coin", 404],
    ["/api/cryptocurrencies/unknown-coin", 404],
    ["/api/cryptocurrencies?%zz=1", 400],
    ["/api/cryptocurrencies/%", 400],
    ["/api/cryptocurrencies/%E0%A4%A", 400],
    ["/api/%", 400],
  ] as const) {
    const res = await fetch(`${baseUrl}${path}`);
    assert.equal(res.status, status, path);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/, path);
    apiErrorSchema.parse(await res.json());
  }
});

test("generated junk in API paths and query strings never gets a 500 or an HTML page", async () => {
  const { baseUrl } = suite();
  const endpoints = [
    "/api/cryptocurrencies",
    "/api/cryptocurrencies/pls",
    "/api/trending/top-gainers",
    "/api/trending/recently-listed",
    "/api/comparisons/featured",
  ];
  // Percent-encoded strings, sometimes cut mid-escape ("%E0%A4%A") as a sloppy client would.
  const junk = fc
    .tuple(fc.string({ unit: "binary", maxLength: 40 }), fc.nat(3))
    .map(([s, cut]) => encodeURIComponent(s).slice(0, cut ? -cut : undefined));
  const request = fc.record({
    endpoint: fc.constantFrom(...endpoints),
    suffix: fc.oneof(fc.constant(""), junk.map((s) => `/${s}`)),
    query: fc.array(fc.tuple(fc.oneof(fc.constantFrom("ids", "limit"), junk), junk), { maxLength: 3 }),
  });
  await fc.assert(
    fc.asyncProperty(request, async ({ endpoint, suffix, query }) => {
      const qs = query.map(([k, v]) => `${k}=${v}`).join("&");
      const url = `${baseUrl}${endpoint}${suffix}${qs ? `?${qs}` : ""}`;
      const res = await fetch(url);
      const body = await res.text();
      assert.ok(res.status < 500, `${res.status} for ${url}`);
      assert.match(res.headers.get("content-type") ?? "", /application\/json/, url);
      if (!res.ok) apiErrorSchema.parse(JSON.parse(body));
    }),
    { numRuns: 300 },
  );
});
