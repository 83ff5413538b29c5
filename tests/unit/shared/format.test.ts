import fc from "fast-check";
import {
  changeDirection,
  formatAbsolutePercentChange,
  formatFeaturedPrice,
  formatCompactPls,
  formatMarketCap,
  formatMultiplier,
  formatPercentChange,
  formatPlsPrice,
  formatWholeUsd,
  formatPrice,
  formatResultMultiplier,
  MISSING,
  shortenAddress,
} from "@/lib/shared/format";

/** Inputs every number formatter must show as the missing mark. */
const MISSING_INPUTS: [string, number | null | undefined][] = [
  ["null", null],
  ["undefined", undefined],
  ["NaN", NaN],
  ["Infinity", Infinity],
  ["-Infinity", -Infinity],
];

const anyNumber = fc.oneof(
  fc.double(),
  fc.double({ min: -1e-6, max: 1e-6 }),
  fc.double({ min: 0, max: 2, noNaN: true }),
  fc.constantFrom(null, undefined, 0, -0, 0.01, 1, 1000, 999.995, 999_999),
);

test("MISSING is the spec's missing-value mark", () => {
  expect(MISSING).toBe("-");
});

describe("formatPrice", () => {
  test.each<[string, number, string]>([
    ["zero", 0, "$0.00"],
    ["negative zero", -0, "$0.00"],
    ["below 0.01: two digits after 4 leading zeros", 0.00001234, "$0.000012"],
    ["below 0.01: 0.001 keeps a trailing digit", 0.001, "$0.0010"],
    ["below 0.01: two leading zeros", 0.0056, "$0.0056"],
    ["below 0.01: three leading zeros", 0.000456, "$0.00046"],
    ["below 0.01: 9 decimals needed, capped at 8", 0.000000012, "$0.00000001"],
    ["below 0.01: exactly the cap's step", 0.00000001, "$0.00000001"],
    ["below 0.01: rounds up to the cap's step", 0.0000000051, "$0.00000001"],
    ["below 0.01: rounds to zero at the cap", 0.0000000049, "<$0.00000001"],
    ["below 0.01: far below the cap", 1e-12, "<$0.00000001"],
    ["below 0.01: smallest double", Number.MIN_VALUE, "<$0.00000001"],
    ["just below 0.01 rounds like 0.01", 0.0099999, "$0.0100"],
    ["just below 0.001 rounds like 0.001", 0.00099999, "$0.0010"],
    ["0.01 boundary: 4 decimals", 0.01, "$0.0100"],
    ["below 1: 4 decimals", 0.012345, "$0.0123"],
    ["below 1: 4 decimals, half rounds up", 0.12345, "$0.1235"],
    ["below 1: just below", 0.99994, "$0.9999"],
    ["below 1: band picked from the value", 0.99996, "$1.0000"],
    ["1 boundary: 2 decimals", 1, "$1.00"],
    ["2 decimals", 1.005, "$1.01"],
    ["thousands separators", 1234.5678, "$1,234.57"],
    ["999.995 rounds to a grouped thousand", 999.995, "$1,000.00"],
    ["1000 boundary", 1000, "$1,000.00"],
    ["large", 68_123_456.789, "$68,123,456.79"],
  ])("%s: %p → %p", (_, value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });

  test.each(MISSING_INPUTS)("%s → -", (_, value) => {
    expect(formatPrice(value)).toBe("-");
  });

  test.each([-0.5, -1, -0.0000001, -1234])("negative price %p is invalid → -", (value) => {
    expect(formatPrice(value)).toBe("-");
  });

  test("never prints NaN/Infinity/-0, always $…, - or <$0.00000001", () => {
    fc.assert(
      fc.property(anyNumber, (value) => {
        const text = formatPrice(value);
        expect(text).not.toMatch(/NaN|Infinity|\$-|e[+-]?\d/);
        expect(text === "-" || text === "<$0.00000001" || /^\$\d{1,3}(,\d{3})*\.\d{2,8}$/.test(text)).toBe(true);
      }),
    );
  });

  test("below 0.01, shows two significant digits unless capped", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-7, max: 0.0099, noNaN: true }), (value) => {
        const digits = formatPrice(value).replace(/^\$0\.0*/, "");
        expect(digits).toMatch(/^\d{2}$/);
      }),
    );
  });
});

describe("formatFeaturedPrice", () => {
  test.each<[string, number, string]>([
    ["zero, as in formatPrice", 0, "$0.00"],
    ["under 0.01: 4 decimals", 0.0056, "$0.0056"],
    ["under 0.01: 4 decimals, rounded", 0.00123456, "$0.0012"],
    ["under 0.0001: falls back to formatPrice", 0.00001234, "$0.000012"],
    ["tiny: formatPrice's floor", 1e-12, "<$0.00000001"],
    ["4 decimals round up to 0.0001", 0.00005, "$0.0001"],
    ["just under 0.01", 0.0099999, "$0.0100"],
    ["0.01 boundary: 2 decimals", 0.01, "$0.01"],
    ["below 1: 2 decimals", 0.456, "$0.46"],
    ["just below 1 rounds up", 0.999, "$1.00"],
    ["1 boundary", 1, "$1.00"],
    ["≥ 1: same as formatPrice", 1234.5678, "$1,234.57"],
  ])("%s: %p → %p", (_, value, expected) => {
    expect(formatFeaturedPrice(value)).toBe(expected);
  });

  test.each(MISSING_INPUTS)("%s → -", (_, value) => {
    expect(formatFeaturedPrice(value)).toBe("-");
  });

  test("negative → -", () => {
    expect(formatFeaturedPrice(-0.01)).toBe("-");
  });

  test("matches formatPrice from 1 up", () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e15, noNaN: true }), (value) => {
        expect(formatFeaturedPrice(value)).toBe(formatPrice(value));
      }),
    );
  });
});

describe("formatWholeUsd", () => {
  test.each<[number, string]>([
    [100, "$100"],
    [475, "$475"],
    [1000, "$1,000"],
    [0, "$0"],
    [99.6, "$100"],
  ])("%p → %p", (value, expected) => {
    expect(formatWholeUsd(value)).toBe(expected);
  });

  test.each([[null], [undefined], [Number.NaN], [-5]])("%p → -", (value) => {
    expect(formatWholeUsd(value)).toBe("-");
  });
});

describe("formatPlsPrice", () => {
  test.each<[string, number, string]>([
    ["typical PLS price", 0.000031, "$0.000031"],
    ["rounded to 6 decimals", 0.0000312345, "$0.000031"],
    ["half rounds up", 0.0000315, "$0.000032"],
    ["zero", 0, "$0.000000"],
    ["rounds to zero", 0.0000004, "<$0.000001"],
    ["≥ 1 keeps 6 decimals", 1234.5, "$1,234.500000"],
  ])("%s: %p → %p", (_, value, expected) => {
    expect(formatPlsPrice(value)).toBe(expected);
  });

  test.each([...MISSING_INPUTS, ["negative", -0.000031] as [string, number]])("%s → -", (_, value) => {
    expect(formatPlsPrice(value)).toBe("-");
  });
});

test("formatCompactPls: market cap's units, in PLS", () => {
  expect(formatCompactPls(3_702_000_000)).toBe("3.70B PLS");
  expect(formatCompactPls(999_999)).toBe("1.00M PLS");
  expect(formatCompactPls(12.345)).toBe("12.35 PLS");
  expect(formatCompactPls(-1)).toBe(MISSING);
  expect(formatCompactPls(Number.NaN)).toBe(MISSING);
});

describe("formatMarketCap", () => {
  test.each<[string, number, string]>([
    ["zero", 0, "$0.00"],
    ["negative zero", -0, "$0.00"],
    ["below 1,000: plain", 999, "$999.00"],
    ["below 1,000: 2 decimals", 12.345, "$12.35"],
    ["just below 1,000", 999.994, "$999.99"],
    ["999.995 rolls up to K", 999.995, "$1.00K"],
    ["1e3 boundary", 1000, "$1.00K"],
    ["K", 456_000, "$456.00K"],
    ["just below 1e6", 999_994, "$999.99K"],
    ["999,999 rolls up to M", 999_999, "$1.00M"],
    ["1e6 boundary", 1e6, "$1.00M"],
    ["M", 12_345_678, "$12.35M"],
    ["999,999,999 rolls up to B", 999_999_999, "$1.00B"],
    ["1e9 boundary", 1e9, "$1.00B"],
    ["B", 1.23e9, "$1.23B"],
    ["just below 1e12 rolls up to T", 999_999_000_000, "$1.00T"],
    ["1e12 boundary", 1e12, "$1.00T"],
    ["T", 1.2345e12, "$1.23T"],
    ["beyond 1,000T keeps T with separators", 1.5e15, "$1,500.00T"],
  ])("%s: %p → %p", (_, value, expected) => {
    expect(formatMarketCap(value)).toBe(expected);
  });

  test.each([...MISSING_INPUTS, ["negative", -5e6] as [string, number]])("%s → -", (_, value) => {
    expect(formatMarketCap(value)).toBe("-");
  });

  test("never shows 1000.00 or more of a unit below T", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (value) => {
        const match = /^\$([\d,]+\.\d{2})([KMBT]?)$/.exec(formatMarketCap(value));
        expect(match).not.toBeNull();
        expect(Number(match![1]!.replace(/,/g, ""))).toBeLessThan(1000);
      }),
    );
  });
});

describe("formatResultMultiplier", () => {
  test.each<[string, number, string]>([
    ["whole number with separators", 1234.5, "1,235x"],
    ["1 boundary: whole", 1, "1x"],
    ["rounds down", 1.4, "1x"],
    ["half rounds up", 2.5, "3x"],
    ["large", 1_234_567.89, "1,234,568x"],
    ["below 1: 2 decimals instead of 0x", 0.25, "0.25x"],
    ["below 1: just below rounds to 1.00x", 0.999, "1.00x"],
    ["below 1: rounds to 0.01", 0.005, "0.01x"],
    ["below 1: rounds to zero", 0.004, "<0.01x"],
    ["zero", 0, "0.00x"],
  ])("%s: %p → %p", (_, value, expected) => {
    expect(formatResultMultiplier(value)).toBe(expected);
  });

  test.each([...MISSING_INPUTS, ["negative", -2] as [string, number]])("%s → -", (_, value) => {
    expect(formatResultMultiplier(value)).toBe("-");
  });

  test("never reads 0x", () => {
    fc.assert(
      fc.property(anyNumber, (value) => {
        expect(formatResultMultiplier(value)).not.toBe("0x");
      }),
    );
  });
});

describe("formatMultiplier", () => {
  test.each<[string, number, string]>([
    ["2 decimals", 12.345, "12.35x"],
    ["thousands separators", 1234.567, "1,234.57x"],
    ["1", 1, "1.00x"],
    ["below 1", 0.25, "0.25x"],
    ["rounds to zero", 0.001, "<0.01x"],
    ["zero", 0, "0.00x"],
  ])("%s: %p → %p", (_, value, expected) => {
    expect(formatMultiplier(value)).toBe(expected);
  });

  test.each([...MISSING_INPUTS, ["negative", -0.5] as [string, number]])("%s → -", (_, value) => {
    expect(formatMultiplier(value)).toBe("-");
  });
});

describe("formatPercentChange (tables)", () => {
  test.each<[number, 1 | 2, string]>([
    [2.345, 1, "2.3%"],
    [-2.345, 1, "-2.3%"],
    [0, 1, "0.0%"],
    [10, 1, "10.0%"],
    [0.05, 1, "0.1%"],
    [-0.04, 1, "0.0%"],
    [-0, 1, "0.0%"],
    [12345.67, 1, "12345.7%"],
    [2.3456, 2, "2.35%"],
    [-2.3456, 2, "-2.35%"],
    [-0.004, 2, "0.00%"],
  ])("%p with %p decimals → %p", (value, decimals, expected) => {
    expect(formatPercentChange(value, decimals)).toBe(expected);
  });

  test.each(MISSING_INPUTS)("%s → -", (_, value) => {
    expect(formatPercentChange(value, 1)).toBe("-");
  });

  test("is the value rounded to the given decimals, unsigned when it rounds to zero", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom<1 | 2>(1, 2), (value, decimals) => {
        const text = formatPercentChange(value, decimals);
        expect(text).toMatch(decimals === 1 ? /^-?\d+\.\d%$/ : /^-?\d+\.\d{2}%$/);
        const shown = Number(text.slice(0, -1));
        expect(Math.abs(shown - value)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
        if (shown === 0) expect(text.startsWith("-")).toBe(false);
      }),
    );
  });
});

describe("formatAbsolutePercentChange (watchlist)", () => {
  test.each<[number, string]>([
    [-2.3456, "2.35%"],
    [2.3456, "2.35%"],
    [-2.345, "2.35%"],
    [0, "0.00%"],
    [-0.001, "0.00%"],
    [150, "150.00%"],
  ])("%p → %p", (value, expected) => {
    expect(formatAbsolutePercentChange(value)).toBe(expected);
  });

  test.each(MISSING_INPUTS)("%s → -", (_, value) => {
    expect(formatAbsolutePercentChange(value)).toBe("-");
  });

  test("never has a sign", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(formatAbsolutePercentChange(value)).toMatch(/^[\d,]+\.\d{2}%$/);
      }),
    );
  });
});

describe("changeDirection", () => {
  test.each<[number | null | undefined, "up" | "down" | null]>([
    [2.3, "up"],
    [0, "up"],
    [-0, "up"],
    [-0.001, "down"],
    [-50, "down"],
    [null, null],
    [undefined, null],
    [NaN, null],
    [Infinity, null],
  ])("%p → %p", (value, expected) => {
    expect(changeDirection(value)).toBe(expected);
  });
});

describe("shortenAddress", () => {
  test.each<[string | null | undefined, string]>([
    ["0x71C7656EC7ab88b098defB751B7401B5f6d8976F", "0x71...976F"],
    ["  0x71C7656EC7ab88b098defB751B7401B5f6d8976F  ", "0x71...976F"],
    ["0x123456789", "0x123456789"],
    ["0x1234567890", "0x12...7890"],
    ["0xAB", "0xAB"],
    ["", "-"],
    ["   ", "-"],
    [null, "-"],
    [undefined, "-"],
  ])("%p → %p", (address, expected) => {
    expect(shortenAddress(address)).toBe(expected);
  });
});
