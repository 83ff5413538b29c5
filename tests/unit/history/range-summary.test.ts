import { describeRange, summarizeRange } from "@/lib/history/range-summary";
import { formatMarketCap } from "@/lib/shared/format";

const DAY = 86_400_000;
const nov1 = Date.UTC(2026, 10, 1);

test("high, low and change over the range, worked by hand", () => {
  const points = [
    { t: nov1, value: 200 },
    { t: nov1 + DAY, value: 350 }, // the high
    { t: nov1 + 2 * DAY, value: 120 }, // the low
    { t: nov1 + 3 * DAY, value: 250 },
  ];
  const summary = summarizeRange(points)!;
  expect(summary.high).toEqual({ t: nov1 + DAY, value: 350 });
  expect(summary.low).toEqual({ t: nov1 + 2 * DAY, value: 120 });
  // 250 / 200 = 1.25: +25%.
  expect(summary.changePercent).toBeCloseTo(25, 10);
  expect(describeRange(summary, "30 days", (value) => `$${value}`)).toBe(
    "Over 30 days: high $350 (Nov 2, 2026), low $120 (Nov 3, 2026), change +25.0%.",
  );
});

test("a fall prints its minus sign; market caps print as the site prints them", () => {
  // 1.5B down to 0.6B: 0.6 / 1.5 = 0.4, so -60%.
  const summary = summarizeRange([
    { t: nov1, value: 1_500_000_000 },
    { t: nov1 + DAY, value: 600_000_000 },
  ])!;
  expect(summary.changePercent).toBeCloseTo(-60, 10);
  expect(describeRange(summary, "7 days", formatMarketCap)).toBe(
    "Over 7 days: high $1.50B (Nov 1, 2026), low $600.00M (Nov 2, 2026), change -60.0%.",
  );
});

test("ties keep the first time; one point is its own high and low with no change", () => {
  const summary = summarizeRange([
    { t: nov1, value: 5 },
    { t: nov1 + DAY, value: 5 },
  ])!;
  expect(summary.high.t).toBe(nov1);
  expect(summary.low.t).toBe(nov1);
  expect(summary.changePercent).toBe(0);
  const single = summarizeRange([{ t: nov1, value: 7 }])!;
  expect(single.high).toEqual(single.low);
  expect(describeRange(single, "24 hours", String)).toBe("Over 24 hours: high 7 (Nov 1, 2026), low 7 (Nov 1, 2026), change 0.0%.");
});

test("nothing to summarise: no points, or none finite; a zero start has no change", () => {
  expect(summarizeRange([])).toBeNull();
  expect(summarizeRange([{ t: nov1, value: Number.NaN }])).toBeNull();
  const fromZero = summarizeRange([
    { t: nov1, value: 0 },
    { t: nov1 + DAY, value: Number.POSITIVE_INFINITY },
    { t: nov1 + 2 * DAY, value: 10 },
  ])!;
  expect(fromZero.changePercent).toBeNull();
  expect(fromZero.high.value).toBe(10); // the infinite point is skipped
  expect(describeRange(fromZero, "1 year", String)).toMatch(/change unknown\.$/);
});
