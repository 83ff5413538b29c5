import { formatRatio, ratioSeries } from "@/lib/history/ratio-series";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const nov1 = Date.UTC(2026, 10, 1);
const point = (t: number, marketCap: number) => ({ t, price: 1, marketCap });

test("points in the same step meet at the step's start, A's market cap over B's", () => {
  // Daily steps. A is taken 00:00:03 and B 00:00:07 after midnight on Nov 1: same step.
  const a = [point(nov1 + 3_000, 300), point(nov1 + DAY + 3_000, 500)];
  const b = [point(nov1 + 7_000, 1_200), point(nov1 + DAY + 7_000, 1_000)];
  // 300 / 1,200 = 0.25; 500 / 1,000 = 0.5.
  expect(ratioSeries(a, b, DAY)).toEqual([
    { t: nov1, value: 0.25 },
    { t: nov1 + DAY, value: 0.5 },
  ]);
});

test("a step only one coin has is left out, and so is B at zero", () => {
  const a = [point(nov1, 10), point(nov1 + HOUR, 20), point(nov1 + 2 * HOUR, 30), point(nov1 + 3 * HOUR, 40)];
  // B has no point at 01:00, and a zero market cap at 02:00.
  const b = [point(nov1, 5), point(nov1 + 2 * HOUR, 0), point(nov1 + 3 * HOUR, 80)];
  // 10 / 5 = 2; 40 / 80 = 0.5.
  expect(ratioSeries(a, b, HOUR)).toEqual([
    { t: nov1, value: 2 },
    { t: nov1 + 3 * HOUR, value: 0.5 },
  ]);
});

test("within a step the last point of each coin counts (its closing value)", () => {
  const step = 4 * HOUR;
  const a = [point(nov1 + HOUR, 100), point(nov1 + 3 * HOUR, 90)];
  const b = [point(nov1 + 2 * HOUR, 50), point(nov1 + 3 * HOUR + 30 * 60_000, 60)];
  // 90 / 60 = 1.5.
  expect(ratioSeries(a, b, step)).toEqual([{ t: nov1, value: 1.5 }]);
});

test("no history on either side: no ratio", () => {
  expect(ratioSeries([], [point(nov1, 1)], DAY)).toEqual([]);
  expect(ratioSeries([point(nov1, 1)], [], DAY)).toEqual([]);
});

test("ratios print with four significant digits", () => {
  // HEX 2.8705B over BTC 1,944.08B: 1,944.08 × 0.001476 = 2.86946, 0.00107 short of 2.87053, and
  // 0.00107 / 1,944.08 = 0.00000055, so 0.00147655…: four digits round up to 0.001477.
  expect(formatRatio(2_870_533_600 / 1_944_078_335_894)).toBe("0.001477");
  expect(formatRatio(12.3456)).toBe("12.35");
  expect(formatRatio(1476.2)).toBe("1,476");
  expect(formatRatio(0)).toBe("0");
  expect(formatRatio(1.234e-9)).toBe("1.23E-9");
  expect(formatRatio(Number.NaN)).toBe("-");
});
