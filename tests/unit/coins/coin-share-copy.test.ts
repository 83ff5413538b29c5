import { coinShareCopy } from "@/lib/coins/share-copy";

const coin = { symbol: "HEX", name: "HEX", currentPrice: 0.0055, marketCap: 3.2e9, athPrice: 0.55, athAt: "2021-09-15T12:00:00.000Z" };

test("the image's lines", () => {
  expect(coinShareCopy(coin)).toEqual({
    price: "$0.0055",
    marketCap: "Market cap $3.20B",
    high: "-99.0% from its all-time high of $0.5500 (Sep 15, 2021)",
  });
  // At the high, and a high with no date.
  expect(coinShareCopy({ ...coin, currentPrice: 0.55 }).high).toBe("At its all-time high of $0.5500 (Sep 15, 2021)");
  expect(coinShareCopy({ ...coin, athAt: null }).high).toBe("-99.0% from its all-time high of $0.5500");
  expect(coinShareCopy({ ...coin, athPrice: null, athAt: null }).high).toBe("No all-time high recorded yet");
});

test("the high's date is the UTC day, whatever the server's zone", () => {
  // 23:30 UTC on Dec 31 is already Jan 1 east of UTC: the image says Dec 31.
  expect(coinShareCopy({ ...coin, athAt: "2024-12-31T23:30:00.000Z" }).high).toMatch(/\(Dec 31, 2024\)$/);
});
