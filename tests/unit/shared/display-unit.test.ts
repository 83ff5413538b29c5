// The USD / PLS display unit (lib/shared/display-unit.ts): a dollar figure's text for the same
// amount in PLS. Worked by hand.
import { dollarTextInPls, usdToPls } from "@/lib/shared/display-unit";
import { formatMarketCap, formatPrice, MISSING } from "@/lib/shared/format";

test("dollars to PLS at the site's PLS price; nothing for an unusable amount or price", () => {
  expect(usdToPls(3, 0.00003)).toBeCloseTo(100_000, 6);
  expect(usdToPls(0, 0.00003)).toBe(0);
  expect([usdToPls(null, 0.00003), usdToPls(-1, 0.00003), usdToPls(Number.NaN, 0.00003), usdToPls(1, 0), usdToPls(1, null), usdToPls(1e308, 1e-300)]).toEqual([null, null, null, null, null, null]);
});

test("a dollar text in PLS keeps its format: the sign goes, the unit follows", () => {
  // HEX at $0.0123 is 410 PLS at $0.00003; a $4.08M cap is 136B PLS.
  expect(dollarTextInPls(formatPrice(0.0123 / 0.00003))).toBe("410.00 PLS");
  expect(dollarTextInPls(formatMarketCap(4_080_000 / 0.00003))).toBe("136.00B PLS");
  expect(dollarTextInPls(formatPrice(1e-12))).toBe("<0.00000001 PLS");
  expect(dollarTextInPls(MISSING)).toBe(MISSING);
});
