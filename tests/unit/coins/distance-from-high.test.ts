import { distanceFromHigh, formatDistanceFromHigh } from "@/lib/coins/distance-from-high";

test("the distance is the percent from the high to today's value", () => {
  // 0.0047738 / 0.0555 = 0.086014…, minus 1 = -0.913986…, so -91.4%.
  expect(distanceFromHigh(0.0047738, 0.0555)).toBeCloseTo(-91.3986, 3);
  expect(formatDistanceFromHigh(distanceFromHigh(0.0047738, 0.0555))).toBe("-91.4% from high");
  // 2.87B against a 60B high: 2.87 / 60 = 0.047833…, so -95.2%.
  expect(formatDistanceFromHigh(distanceFromHigh(2_870_000_000, 60_000_000_000))).toBe("-95.2% from high");
  // Half the high: exactly -50%.
  expect(distanceFromHigh(50, 100)).toBe(-50);
  expect(formatDistanceFromHigh(-50)).toBe("-50.0% from high");
});

test("at the high, a hair below it, or above a high not yet raised: 'At its high'", () => {
  expect(distanceFromHigh(100, 100)).toBe(0);
  // 99.96 / 100 − 1 = -0.04%: rounds to 0.0, so no "-0.0% from high".
  expect(formatDistanceFromHigh(distanceFromHigh(99.96, 100))).toBe("At its high");
  // Today's price beats the recorded high until the next refresh pass raises it.
  expect(distanceFromHigh(120, 100)).toBe(0);
  expect(formatDistanceFromHigh(distanceFromHigh(120, 100))).toBe("At its high");
});

test("no high, a zero high or bad numbers: no distance", () => {
  for (const [current, high] of [
    [1, null],
    [null, 1],
    [1, 0],
    [1, -5],
    [-1, 5],
    [Number.NaN, 5],
    [1, Number.POSITIVE_INFINITY],
  ] as const) {
    expect(distanceFromHigh(current, high)).toBeNull();
  }
  expect(formatDistanceFromHigh(null)).toBeNull();
});
