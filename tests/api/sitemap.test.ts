// app/sitemap.ts on a real seeded database: every coin's page is listed, by rank, with the time
// its price last changed, beside the pair pages.
import sitemap from "@/app/sitemap";
import { getSiteUrl } from "@/lib/config/site";
import { useTestDatabase } from "../helpers/test-database";

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
