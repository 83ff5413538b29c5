// A source's daily history as one shape: a price per day (stamped at the day's 00:00 UTC, as both
// sources stamp daily points) and the market cap when the source knows it. Pure: no I/O.
import { DAY_MS } from "../../shared/utc-day";

export type DayPoint = { day: Date; price: number; marketCap: number | null };

const usable = (value: number | null | undefined): value is number => value != null && Number.isFinite(value) && value > 0;

/**
 * Points in time order, one per day: stamps that are not a day's 00:00 UTC are dropped (CoinGecko
 * ends its daily series with a point for "now", a day still running), as are prices that are not
 * positive numbers; a day given twice keeps its first point.
 */
function oneADay(points: readonly DayPoint[]): DayPoint[] {
  const byDay = new Map<number, DayPoint>();
  for (const point of points) {
    const ms = point.day.getTime();
    if (!Number.isFinite(ms) || ms % DAY_MS !== 0 || !usable(point.price) || byDay.has(ms)) continue;
    byDay.set(ms, { day: point.day, price: point.price, marketCap: usable(point.marketCap) ? point.marketCap : null });
  }
  return [...byDay.values()].sort((a, b) => a.day.getTime() - b.day.getTime());
}

/** CoinGecko `market_chart`: `prices` and `market_caps` as [unix ms, usd] pairs. */
export function daysFromMarketChart(body: {
  prices: ReadonlyArray<readonly [number, number | null]>;
  market_caps: ReadonlyArray<readonly [number, number | null]>;
}): DayPoint[] {
  const caps = new Map(body.market_caps.map(([ms, cap]) => [ms, cap]));
  return oneADay(body.prices.map(([ms, price]) => ({ day: new Date(ms), price: price ?? NaN, marketCap: caps.get(ms) ?? null })));
}

/** GeckoTerminal OHLCV: [unix seconds, open, high, low, close, volume], newest first; the close is the day's price. */
export function daysFromOhlcv(list: ReadonlyArray<readonly number[]>): DayPoint[] {
  return oneADay(list.map((candle) => ({ day: new Date((candle[0] ?? NaN) * 1000), price: candle[4] ?? NaN, marketCap: null })));
}
