import * as featured from "@/app/api/comparisons/featured/route";
import { featuredComparisonListSchema } from "@/lib/coins/schemas";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db, wroteBehindTheCache } = useTestDatabase();

async function getFeatured() {
  const res = await call(featured.GET, "/api/comparisons/featured");
  expect(res.status).toBe(200);
  return featuredComparisonListSchema.parse(res.body);
}

const HOUR = 3_600_000;

test("the two seeded comparisons, promoted first, computed on the server", async () => {
  const list = await getFeatured();
  expect(list).toHaveLength(2);
  expect(list[0]!.isPromoted).toBe(true);
  for (const item of list) {
    expect(item.coin1.id).not.toBe(item.coin2.id);
    expect(item.multiplier).toBeCloseTo(item.coin2.marketCap / item.coin1.marketCap, 10);
    expect(item.projectedPrice).toBeCloseTo(item.coin1.currentPrice * item.multiplier, 10);
    expect(item.isAdvertise).toBe(false);
  }
});

test("only slots running now are shown, at most two", async () => {
  const now = Date.now();
  await db().featuredComparison.deleteMany();
  await db().featuredComparison.createMany({
    data: [
      { coin1Id: "hex", coin2Id: "btc", startsAt: new Date(now - 48 * HOUR), endsAt: new Date(now - HOUR) }, // ended
      { coin1Id: "plsx", coin2Id: "eth", startsAt: new Date(now + HOUR), endsAt: null }, // not started
      { coin1Id: "pls", coin2Id: "eth", startsAt: new Date(now - HOUR), endsAt: new Date(now + HOUR) },
    ],
  });
  wroteBehindTheCache("featured");
  expect((await getFeatured()).map((f) => `${f.coin1.id}/${f.coin2.id}`)).toEqual(["pls/eth"]);

  await db().featuredComparison.createMany({
    data: [
      { coin1Id: "hex", coin2Id: "eth", startsAt: new Date(now - 2 * HOUR), isPromoted: true },
      { coin1Id: "pcock", coin2Id: "doge", startsAt: new Date(now - 3 * HOUR) },
    ],
  });
  wroteBehindTheCache("featured");
  expect((await getFeatured()).map((f) => `${f.coin1.id}/${f.coin2.id}`)).toEqual(["hex/eth", "pls/eth"]);
});

test("a slot whose coin has no market cap is skipped instead of showing Infinity", async () => {
  await db().featuredComparison.deleteMany();
  await db().coin.update({ where: { id: "most" }, data: { marketCap: 0 } });
  await db().featuredComparison.createMany({
    data: [
      { coin1Id: "most", coin2Id: "eth", startsAt: new Date(Date.now() - HOUR) },
      { coin1Id: "hex", coin2Id: "btc", startsAt: new Date(Date.now() - 2 * HOUR) },
    ],
  });
  wroteBehindTheCache("coins", "featured");
  const list = await getFeatured();
  expect(list.map((f) => f.coin1.id)).toEqual(["hex"]);
  expect(JSON.stringify(list)).not.toMatch(/Infinity|NaN|null,"projectedPrice"/);
});

test("a query string is refused with 400 JSON", async () => {
  const res = await call(featured.GET, "/api/comparisons/featured?all=1");
  expect(res.status).toBe(400);
});
