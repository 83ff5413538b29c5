import { STALE_AFTER_MINUTES, formatPriceAge, newestLivePriceAt, staleBefore, staleMinutes } from "@/lib/shared/freshness";

// All times on 2026-11-23; NOW is 12:00:00 UTC.
const NOW = Date.parse("2026-11-23T12:00:00.000Z");
const at = (time: string) => `2026-11-23T${time}.000Z`;
const context = (newestLivePriceAt: string | null) => ({ newestLivePriceAt, now: NOW });

test("the threshold is the issue's 15 minutes", () => {
  expect(STALE_AFTER_MINUTES).toBe(15);
});

describe("newestLivePriceAt", () => {
  test("the newest price among coins a live source priced; snapshot coins do not count", () => {
    const coins = [
      { priceSource: "snapshot", priceUpdatedAt: at("11:59:00") }, // newest of all, but the seed's
      { priceSource: "pulsex", priceUpdatedAt: at("11:50:00") },
      { priceSource: "coingecko", priceUpdatedAt: at("11:55:00") },
    ];
    expect(newestLivePriceAt(coins)).toBe(at("11:55:00"));
  });

  test("before any live price: null", () => {
    expect(newestLivePriceAt([{ priceSource: "snapshot", priceUpdatedAt: at("11:59:00") }])).toBeNull();
    expect(newestLivePriceAt([])).toBeNull();
  });
});

describe("staleMinutes", () => {
  test("a price older than 15 minutes while the freshest is younger: stale, with its age in whole minutes", () => {
    // 12:00:00 - 11:44:30 = 15.5 min -> 15 whole minutes; 12:00 - 10:13 = 107 min.
    expect(staleMinutes({ priceUpdatedAt: at("11:44:30") }, context(at("11:58:00")))).toBe(15);
    expect(staleMinutes({ priceUpdatedAt: at("10:13:00") }, context(at("11:58:00")))).toBe(107);
  });

  test("a price exactly 15 minutes old is not yet older than 15 minutes", () => {
    expect(staleMinutes({ priceUpdatedAt: at("11:45:00") }, context(at("11:58:00")))).toBeNull();
    expect(staleMinutes({ priceUpdatedAt: at("11:44:59") }, context(at("11:58:00")))).toBe(15);
  });

  test("a fresh price is not stale", () => {
    expect(staleMinutes({ priceUpdatedAt: at("11:58:00") }, context(at("11:58:00")))).toBeNull();
  });

  test("when even the freshest live price is 15 minutes old (the refresh is down for everyone), nothing is singled out", () => {
    expect(staleMinutes({ priceUpdatedAt: at("09:00:00") }, context(at("11:45:00")))).toBeNull();
    // One second younger, and the sources count as working again.
    expect(staleMinutes({ priceUpdatedAt: at("09:00:00") }, context(at("11:45:01")))).toBe(180);
  });

  test("before any live price nothing is stale (the label already says 'snapshot')", () => {
    expect(staleMinutes({ priceUpdatedAt: "2026-11-20T00:00:00.000Z" }, context(null))).toBeNull();
  });

  test("a coin still on the snapshot's price while others are live is stale", () => {
    // 2026-11-20 00:00 to 2026-11-23 12:00 is 3.5 days = 5,040 minutes.
    expect(staleMinutes({ priceUpdatedAt: "2026-11-20T00:00:00.000Z" }, context(at("11:59:00")))).toBe(5_040);
  });
});

test("staleBefore: the cutoff is 15 minutes before now, or null", () => {
  expect(staleBefore(at("11:59:00"), NOW)).toBe(Date.parse(at("11:45:00")));
  expect(staleBefore(new Date(at("11:59:00")), NOW)).toBe(Date.parse(at("11:45:00")));
  expect(staleBefore(at("11:40:00"), NOW)).toBeNull();
  expect(staleBefore(null, NOW)).toBeNull();
});

test.each([
  [1, "1 minute"],
  [16, "16 minutes"],
  [119, "119 minutes"],
  [120, "2 hours"],
  [179, "2 hours"],
  [47 * 60 + 59, "47 hours"],
  [48 * 60, "2 days"],
  [5_040, "3 days"],
])("formatPriceAge(%i) is %s", (minutes, text) => {
  expect(formatPriceAge(minutes)).toBe(text);
});
