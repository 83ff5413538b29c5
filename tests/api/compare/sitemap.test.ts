// app/sitemap.ts on a real seeded database: every coin's page is listed, by rank, with the time
// its price last changed, beside the pair pages.
import robots from "@/app/robots";
import sitemap from "@/app/sitemap";
import { resetEnvCache } from "@/lib/config/env";
import { getSiteUrl } from "@/lib/config/site";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase();

test("every coin has its page in the sitemap, by rank, lastmod = priceUpdatedAt", async () => {
  const site = getSiteUrl();
  // A price published later for one coin moves that coin's lastmod only.
  await db().coin.update({ where: { id: "hex" }, data: { priceUpdatedAt: new Date("2026-11-22T08:05:00.000Z") } });
  const coins = await db().coin.findMany({ orderBy: { rank: "asc" }, select: { id: true, priceUpdatedAt: true } });
  const entries = await sitemap();

  const coinEntries = entries.filter((entry) => entry.url.startsWith(`${site}/coins/`));
  expect(coinEntries.map((entry) => entry.url)).toEqual(coins.map((coin) => `${site}/coins/${coin.id}`));
  expect(coinEntries.find((entry) => entry.url === `${site}/coins/hex`)!.lastModified).toBe("2026-11-22T08:05:00.000Z");
  // The seed publishes every other price at its snapshot time.
  expect(coinEntries.find((entry) => entry.url === `${site}/coins/btc`)!.lastModified).toBe("2026-11-20T00:00:00.000Z");
  expect(entries.some((entry) => entry.url === `${site}/compare/hex/btc`)).toBe(true);
  expect(new Set(entries.map((entry) => entry.url)).size).toBe(entries.length);
});

describe("with only AUTH_ORIGINS set", () => {
  const saved = { site: process.env.NEXT_PUBLIC_SITE_URL, origins: process.env.AUTH_ORIGINS };
  beforeAll(() => {
    delete process.env.NEXT_PUBLIC_SITE_URL;
    process.env.AUTH_ORIGINS = "https://only-auth.example, http://localhost:3000";
    resetEnvCache();
  });
  afterAll(() => {
    for (const [name, value] of [["NEXT_PUBLIC_SITE_URL", saved.site], ["AUTH_ORIGINS", saved.origins]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  });

  test("the sitemap and robots.txt are on AUTH_ORIGINS' first origin, as sign-in is, not on localhost", async () => {
    const entries = await sitemap();
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.url).toMatch(/^https:\/\/only-auth\.example(\/|$)/);
    expect(robots().sitemap).toBe("https://only-auth.example/sitemap.xml");
  });
});
