// The held price (lib/market/pass/held-highs.ts): the lowest published price over the last 3 passes
// and at least 10 minutes, whichever reaches further back; and the highest held over a record.
import { heldFigures, highestHeld, type PricePoint } from "@/lib/market/pass/held-highs";

const T = Date.parse("2026-11-24T12:00:00Z");
const at = (minutes: number, price: number, marketCap = price * 100): PricePoint => ({ price, marketCap, takenAt: new Date(T + minutes * 60_000) });

describe("heldFigures", () => {
  test("5-minute passes: the last 3 passes (10 minutes); fewer is not held", () => {
    expect(heldFigures(at(10, 4), [at(5, 3), at(0, 2), at(-5, 1)])).toEqual({ price: 2, marketCap: 200 });
    expect(heldFigures(at(10, 4), [at(5, 3)])).toBeNull();
    expect(heldFigures(at(10, 4), [])).toBeNull();
  });

  test("1-minute passes: 3 passes are not enough, the window reaches back 10 minutes", () => {
    const minutely = Array.from({ length: 12 }, (_, i) => at(-i - 1, i === 9 ? 1 : 5)); // a dip 10 minutes ago
    expect(heldFigures(at(0, 9), minutely)).toEqual({ price: 1, marketCap: 100 });
    // Only 5 minutes of passes: not held yet.
    expect(heldFigures(at(0, 9), minutely.slice(0, 5))).toBeNull();
  });

  test("passes far apart: the 3 passes reach back further than 10 minutes", () => {
    expect(heldFigures(at(120, 8), [at(60, 7), at(0, 6)])).toEqual({ price: 6, marketCap: 600 });
  });

  test("price and market cap are held each on its own; later points are ignored", () => {
    expect(heldFigures(at(10, 3, 900), [at(5, 2, 800), at(0, 4, 700), at(20, 0.1, 1)])).toEqual({ price: 2, marketCap: 700 });
  });
});

describe("highestHeld", () => {
  test("over a record, the highest held price and cap with the time they had held by; a one-pass spike is not it", () => {
    const record = [at(0, 1), at(5, 1), at(10, 1), at(15, 50), at(20, 1), at(25, 3), at(30, 3), at(35, 3), at(40, 2)];
    expect(highestHeld(record)).toEqual({ athPrice: 3, athAt: new Date(T + 35 * 60_000), athMarketCap: 300, athMarketCapAt: new Date(T + 35 * 60_000) });
    expect(highestHeld(record.slice(0, 2))).toBeNull();
  });

  test("daily closes (the backfill's, or thinned old days) count as held as they are", () => {
    const days = [1, 4, 3, 2].map((price, i) => ({ price, marketCap: price, takenAt: new Date(T + i * 86_400_000) }));
    expect(highestHeld(days)).toMatchObject({ athPrice: 4, athMarketCap: 4, athAt: new Date(T + 86_400_000) });
  });
});
