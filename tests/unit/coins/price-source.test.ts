import { describePriceSource } from "@/lib/coins/price-source";

test("snapshot prices are labelled with the snapshot's date", () => {
  expect(
    describePriceSource([
      { priceSource: "snapshot", priceUpdatedAt: "2026-11-20T00:00:00.000Z" },
      { priceSource: "snapshot", priceUpdatedAt: "2026-11-20T00:00:00.000Z" },
    ]),
  ).toEqual({ kind: "snapshot", asOf: "2026-11-20T00:00:00.000Z", label: "Prices: snapshot of Nov 20, 2026" });
});

test("once some prices are live, the label gives their update time and says the rest are the snapshot's", () => {
  expect(
    describePriceSource([
      { priceSource: "snapshot", priceUpdatedAt: "2026-11-20T00:00:00.000Z" },
      { priceSource: "pulsex", priceUpdatedAt: "2026-11-21T10:00:00.000Z" },
      { priceSource: "coingecko", priceUpdatedAt: "2026-11-21T10:01:00.000Z" },
    ]),
  ).toEqual({
    kind: "live",
    asOf: "2026-11-21T10:00:00.000Z",
    label: "Prices updated Nov 21, 2026, 10:00 UTC (some from the snapshot of Nov 20, 2026)",
  });
});

test("live prices give the oldest update time, in UTC", () => {
  expect(
    describePriceSource([
      { priceSource: "live", priceUpdatedAt: "2026-11-21T10:05:00.000Z" },
      { priceSource: "live", priceUpdatedAt: "2026-11-21T09:58:00.000Z" },
    ])?.label,
  ).toBe("Prices updated Nov 21, 2026, 09:58 UTC");
});

test("no coins, no label", () => {
  expect(describePriceSource([])).toBeNull();
});

test("the time is each price's own, not when the row last changed (a re-rank or an edit moves updatedAt)", () => {
  const coins = [
    { priceSource: "pulsex", priceUpdatedAt: "2026-11-21T09:30:00.000Z", updatedAt: "2026-11-21T10:07:00.000Z" },
    { priceSource: "pulsex", priceUpdatedAt: "2026-11-21T10:05:00.000Z", updatedAt: "2026-11-21T10:05:00.000Z" },
  ];
  expect(describePriceSource(coins)?.label).toBe("Prices updated Nov 21, 2026, 09:30 UTC");
});
