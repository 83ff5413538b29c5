import { describePriceOrigin, formatSupply } from "@/lib/coins/coin-figures";
import { coinDescription, coinTitle } from "@/lib/coins/coin-page-copy";

test("supply in short form with the coin's symbol", () => {
  expect(formatSupply(173_411_000_000, "HEX")).toBe("173.41B HEX");
  expect(formatSupply(19_800_000, "BTC")).toBe("19.8M BTC");
  expect(formatSupply(950, "X")).toBe("950 X");
  expect(formatSupply(null, "X")).toBe("-");
});

test("the price's source and age; the seed snapshot by its date", () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  expect(describePriceOrigin({ priceSource: "pulsex", priceUpdatedAt: "2026-11-23T11:57:00.000Z" }, now)).toBe("pulsex, 3 minutes ago");
  expect(describePriceOrigin({ priceSource: "pulsex", priceUpdatedAt: "2026-11-23T11:59:30.000Z" }, now)).toBe("pulsex, under a minute ago");
  // 09:00 to 12:00 is 180 minutes: past 120, so in hours.
  expect(describePriceOrigin({ priceSource: "coingecko", priceUpdatedAt: "2026-11-23T09:00:00.000Z" }, now)).toBe("coingecko, 3 hours ago");
  expect(describePriceOrigin({ priceSource: "snapshot", priceUpdatedAt: "2026-11-20T00:00:00.000Z" }, now)).toBe("snapshot of Nov 20, 2026");
});

test("the page's title and description", () => {
  const hex = { symbol: "HEX", name: "HEX", currentPrice: 0.0047738, marketCap: 2_870_000_000, athMarketCap: 60_000_000_000, athMarketCapAt: "2021-09-27T00:00:00.000Z" };
  expect(coinTitle(hex)).toBe("HEX (HEX): price, market cap and all-time high");
  // 2.87 / 60 = 0.04783, so -95.2%.
  expect(coinDescription(hex)).toBe(
    "HEX costs $0.0048 with a market cap of $2.87B. Its all-time-high market cap was $60.00B on Sep 27, 2021 (-95.2% from high).",
  );
  expect(coinDescription({ ...hex, athMarketCap: null, athMarketCapAt: null })).toBe(
    "HEX costs $0.0048 with a market cap of $2.87B. See its market-cap history and compare it with the top coins.",
  );
});
