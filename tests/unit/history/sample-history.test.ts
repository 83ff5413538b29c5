// The seed's sample history (prisma/seed/sample-history.ts): a curve that ends at the seed price,
// peaks at the seed high on its date and nowhere else, covers the charts' year, and is the same
// every time.
import fc from "fast-check";
import { SNAPSHOT_TAKEN_AT } from "@/lib/db-setup/seed";
import { seedAllTimeHigh } from "@/prisma/seed/all-time-highs";
import { seedCoins } from "@/prisma/seed/coins";
import { sampleHistory, seedCoinSampleHistory, type SamplePoint } from "@/prisma/seed/sample-history";

const DAY = 86_400_000;

/** The point with the highest `field`; ties keep the earliest (as the charts' summary does). */
function peak(points: readonly SamplePoint[], field: "price" | "marketCap"): SamplePoint {
  return points.reduce((best, point) => (point[field] > best[field] ? point : best));
}

function expectShape(points: readonly SamplePoint[], end: { at: Date; price: number; marketCap: number }, high: { at: Date; price: number; marketCap: number }) {
  const last = points[points.length - 1]!;
  expect(last).toEqual({ takenAt: end.at, price: end.price, marketCap: end.marketCap });
  expect(end.at.getTime() - points[0]!.takenAt.getTime()).toBeGreaterThanOrEqual(365 * DAY);
  expect(points[0]!.takenAt.getTime()).toBeLessThanOrEqual(high.at.getTime());
  // One check over all points (an expect per point makes the property test slow).
  const misfits = points.filter(
    (point, i) =>
      (i > 0 && point.takenAt <= points[i - 1]!.takenAt) || !(point.price > 0 && point.marketCap > 0 && point.price <= high.price && point.marketCap <= high.marketCap),
  );
  expect(misfits).toEqual([]);
  // The one peak, on the high's date, at exactly the high.
  expect(peak(points, "price")).toMatchObject({ takenAt: high.at, price: high.price });
  expect(peak(points, "marketCap")).toMatchObject({ takenAt: high.at, marketCap: high.marketCap });
  const others = points.filter((point) => point.takenAt.getTime() !== high.at.getTime() && point.takenAt.getTime() !== end.at.getTime());
  expect(Math.max(...others.map((point) => point.price))).toBeLessThan(high.price);
}

test("every seed coin's sample ends at its seed figures and peaks at its seed high on the high's date", () => {
  for (const coin of seedCoins) {
    const high = seedAllTimeHigh(coin, SNAPSHOT_TAKEN_AT);
    const points = seedCoinSampleHistory(coin, SNAPSHOT_TAKEN_AT);
    // The seed's highs give the price and market-cap highs one date, which the curve peaks on.
    expect(high.athMarketCapAt).toEqual(high.athAt);
    expectShape(points, { at: SNAPSHOT_TAKEN_AT, price: coin.currentPrice, marketCap: coin.marketCap }, { at: high.athAt, price: high.athPrice, marketCap: high.athMarketCap });
  }
});

test("daily over the last year, weekly before it back to an older high (HEX's, March 2024)", () => {
  const hex = seedCoins.find((coin) => coin.id === "hex")!;
  const points = seedCoinSampleHistory(hex, SNAPSHOT_TAKEN_AT);
  const yearAgo = SNAPSHOT_TAKEN_AT.getTime() - 365 * DAY;
  const lastYear = points.filter((point) => point.takenAt.getTime() >= yearAgo);
  expect(lastYear).toHaveLength(366);
  const older = points.filter((point) => point.takenAt.getTime() < yearAgo);
  expect(older[0]!.takenAt).toEqual(new Date("2024-03-06T00:00:00Z"));
  for (let i = 2; i < older.length; i++) expect(older[i]!.takenAt.getTime() - older[i - 1]!.takenAt.getTime()).toBe(7 * DAY);
  // About 1,000 days in under 500 rows.
  expect(points.length).toBeLessThan(500);
});

test("the same coin gets the same curve every time; two coins get different ones", () => {
  const [btc, eth] = [seedCoins[0]!, seedCoins[1]!];
  expect(seedCoinSampleHistory(btc, SNAPSHOT_TAKEN_AT)).toEqual(seedCoinSampleHistory(btc, SNAPSHOT_TAKEN_AT));
  const input = (key: string) => ({ key, end: { at: SNAPSHOT_TAKEN_AT, price: 1, marketCap: 10 }, high: { at: SNAPSHOT_TAKEN_AT, price: 1, marketCap: 10 } });
  const prices = (key: string) => sampleHistory(input(key)).map((point) => point.price);
  expect(prices(btc.id)).not.toEqual(prices(eth.id));
});

test("a high inside the last year that is not on a day's start gets its own point", () => {
  const end = { at: SNAPSHOT_TAKEN_AT, price: 2, marketCap: 2_000 };
  const high = { at: new Date(SNAPSHOT_TAKEN_AT.getTime() - 40.5 * DAY), price: 5, marketCap: 4_900 };
  const points = sampleHistory({ key: "mid", end, high });
  expectShape(points, end, high);
  expect(points).toHaveLength(367);
});

test("any end at or under any earlier high: the same promises hold", () => {
  fc.assert(
    fc.property(
      fc.string({ minLength: 1, maxLength: 8 }),
      fc.integer({ min: 0, max: 2_000 }),
      fc.double({ min: 1e-9, max: 1e6, noNaN: true }),
      fc.double({ min: 1, max: 1_000, noNaN: true }),
      fc.double({ min: 1e3, max: 1e12, noNaN: true }),
      (key, daysBefore, endPrice, highOverEnd, supply) => {
        const end = { at: SNAPSHOT_TAKEN_AT, price: endPrice, marketCap: endPrice * supply };
        const at = new Date(SNAPSHOT_TAKEN_AT.getTime() - daysBefore * DAY);
        const high = daysBefore === 0 ? { ...end, at } : { at, price: endPrice * highOverEnd, marketCap: endPrice * highOverEnd * supply };
        if (daysBefore > 0 && highOverEnd === 1) return; // a tie with the end: not a single peak
        expectShape(sampleHistory({ key, end, high }), end, high);
      },
    ),
    { numRuns: 60 },
  );
});

test("a high after the end, or under the end's price, is refused", () => {
  const end = { at: SNAPSHOT_TAKEN_AT, price: 2, marketCap: 20 };
  expect(() => sampleHistory({ key: "x", end, high: { at: new Date(SNAPSHOT_TAKEN_AT.getTime() + DAY), price: 3, marketCap: 30 } })).toThrow(/after the end/);
  expect(() => sampleHistory({ key: "x", end, high: { at: new Date(SNAPSHOT_TAKEN_AT.getTime() - DAY), price: 1, marketCap: 30 } })).toThrow(/at least/);
});
