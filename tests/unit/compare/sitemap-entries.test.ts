import { SITEMAP_MAX_URLS, SITEMAP_PAGES, SITEMAP_TOP_COINS, sitemapEntries } from "@/lib/compare/sitemap-entries";

const SITE = "https://pulsecompare.example";
// updatedAt is always later than the price: lastmod must not follow it.
const coin = (id: string, marketCap = 1e6, priceUpdatedAt = "2026-11-20T00:00:00.000Z") => ({
  id,
  currentPrice: 1,
  marketCap,
  priceUpdatedAt,
  updatedAt: "2026-11-22T09:00:00.000Z",
});
const coins = Array.from({ length: 80 }, (_, i) => coin(`c${i}`, 1e9 - i, `2026-11-2${i % 2}T00:00:00.000Z`));

test("the public pages, then every coin's page by rank, then every ordered pair among the top coins, each once, absolute", () => {
  const entries = sitemapEntries(SITE, { coinsByRank: coins, featured: [{ coin1: coins[70]!, coin2: coins[0]! }], mostCompared: [{ coin1: coins[1]!, coin2: coins[0]! }] });
  const urls = entries.map((entry) => entry.url);
  expect(urls.slice(0, SITEMAP_PAGES.length)).toEqual([SITE, `${SITE}/playground`, `${SITE}/get-listed`, `${SITE}/developers`]);
  // All 80 coins, in rank order (c0 first), whatever their market cap.
  const coinPages = urls.slice(SITEMAP_PAGES.length, SITEMAP_PAGES.length + 80);
  expect(coinPages[0]).toBe(`${SITE}/coins/c0`);
  expect(coinPages[79]).toBe(`${SITE}/coins/c79`);
  expect(coinPages.every((url, i) => url === `${SITE}/coins/c${i}`)).toBe(true);
  // The featured pair (coin 70 is outside the top 50) comes first among the pairs.
  expect(urls[SITEMAP_PAGES.length + 80]).toBe(`${SITE}/compare/c70/c0`);
  expect(new Set(urls).size).toBe(urls.length);
  // 4 pages + 80 coins + the featured pair + 50 × 49 = 2,450 top pairs (most compared c1/c0 is one of them).
  expect(urls.length).toBe(4 + 80 + 1 + 2450);
  expect(urls.length).toBe(SITEMAP_PAGES.length + 80 + 1 + SITEMAP_TOP_COINS * (SITEMAP_TOP_COINS - 1));
  expect(urls.every((url) => url.startsWith(`${SITE}/`) || url === SITE)).toBe(true);
  expect(urls).not.toContain(`${SITE}/compare/c60/c0`);
});

test("a coin page's lastmod is its own priceUpdatedAt; a coin without a market cap still has its page", () => {
  const list = [coin("a", 5e6, "2026-11-22T10:00:00.000Z"), coin("zero", 0, "2026-11-19T00:00:00.000Z")];
  const entries = sitemapEntries(SITE, { coinsByRank: list, featured: [], mostCompared: [] });
  expect(entries.filter((entry) => entry.url.includes("/coins/"))).toEqual([
    { url: `${SITE}/coins/a`, lastModified: "2026-11-22T10:00:00.000Z" },
    { url: `${SITE}/coins/zero`, lastModified: "2026-11-19T00:00:00.000Z" },
  ]);
});

test("lastmod is when the prices last changed (priceUpdatedAt, not updatedAt): the newest coin for pages, the newer of the two for a pair", () => {
  const entries = sitemapEntries(SITE, { coinsByRank: coins, featured: [], mostCompared: [] });
  expect(entries[0]!.lastModified).toBe("2026-11-21T00:00:00.000Z");
  expect(entries.find((entry) => entry.url === `${SITE}/compare/c0/c2`)!.lastModified).toBe("2026-11-20T00:00:00.000Z");
  expect(entries.find((entry) => entry.url === `${SITE}/compare/c0/c1`)!.lastModified).toBe("2026-11-21T00:00:00.000Z");
});

test("pairs without an answer are left out", () => {
  const withZero = [coin("zero", 0), ...coins.slice(0, 3)];
  const urls = sitemapEntries(SITE, { coinsByRank: withZero, featured: [{ coin1: withZero[0]!, coin2: coins[0]! }], mostCompared: [] }).map((e) => e.url);
  expect(urls.some((url) => url.includes("/compare/") && url.includes("zero"))).toBe(false);
});

test("at the cap the coin pages stay and the pairs give way", () => {
  // 60,000 coins: 4 pages + 49,996 coin pages fill the file; no pair fits, coin 49,995 is the last.
  const crowd = Array.from({ length: 60_000 }, (_, i) => coin(`n${i}`, 1e9 - i));
  const urls = sitemapEntries(SITE, { coinsByRank: crowd, featured: [], mostCompared: [] }).map((e) => e.url);
  expect(urls).toHaveLength(50_000);
  expect(urls.at(-1)).toBe(`${SITE}/coins/n49995`);
  expect(urls.some((url) => url.includes("/compare/"))).toBe(false);
});

test("never more than the protocol's 50,000 URLs", () => {
  const many = Array.from({ length: 300 }, (_, i) => coin(`m${i}`));
  const featured = many.flatMap((coin1) => many.map((coin2) => ({ coin1, coin2 }))).filter((pair) => pair.coin1 !== pair.coin2);
  expect(featured.length).toBeGreaterThan(SITEMAP_MAX_URLS);
  expect(sitemapEntries(SITE, { coinsByRank: many, featured, mostCompared: [] })).toHaveLength(SITEMAP_MAX_URLS);
});
