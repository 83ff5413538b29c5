// Invented price history for a seed coin, so a fresh install's charts have a line to draw before
// any live price or backfill. Pure and deterministic (a seeded PRNG, no Math.random): the same
// coin always gets the same curve, so tests and screenshots are stable. The rows it becomes are
// marked `sample` (lib/db-setup/seed.ts) and are replaced by the coin's first live or backfilled rows.
import { seedAllTimeHigh } from "./all-time-highs";
import type { SeedCoin } from "./coins";

const DAY_MS = 86_400_000;

/** Daily points for this long before the end: the charts' "1 year" range is full. */
export const SAMPLE_DAILY_DAYS = 365;
/** Before that, one point a week: an older high is reached without thousands of rows. */
export const SAMPLE_OLDER_STEP_DAYS = 7;

/** Daily moves of about this size (standard deviation of the log price): a plausible crypto chart. */
const DAILY_VOLATILITY = 0.035;
/** Every point but the high's stays at least this far (log) below it, so the high is the only peak. */
const BELOW_HIGH = 0.002;

export type SampleFigures = { price: number; marketCap: number };
export type SamplePoint = SampleFigures & { takenAt: Date };

export type SampleHistoryInput = {
  /** Seeds the curve (the coin's id): each coin has its own, the same every time. */
  key: string;
  /** The last point: the seed snapshot's time and figures. */
  end: SampleFigures & { at: Date };
  /** The all-time high: the curve's one peak, on this date (at or before `end.at`). */
  high: SampleFigures & { at: Date };
};

/**
 * Points oldest first, from a year before `end.at` (or from the high, when that is older) to
 * `end.at`: daily over the last year, weekly before it. The price ends at `end.price` and peaks at
 * `high.price` on `high.at` and nowhere else; so does the market cap, at `high.marketCap`. The
 * market cap is the price times a supply that moves in a straight line from the high's to the end's.
 */
export function sampleHistory({ key, end, high }: SampleHistoryInput): SamplePoint[] {
  const endAt = end.at.getTime();
  const highAt = high.at.getTime();
  if (highAt > endAt) throw new Error(`sampleHistory(${key}): the high is after the end`);
  if (!(end.price > 0 && end.marketCap > 0 && high.price >= end.price && high.marketCap >= end.marketCap)) {
    throw new Error(`sampleHistory(${key}): the high must be at least the end's figures, all positive`);
  }
  if (highAt === endAt && (high.price !== end.price || high.marketCap !== end.marketCap)) {
    throw new Error(`sampleHistory(${key}): a high at the end must be the end's figures`);
  }
  const times = sampleTimes(endAt, highAt);
  const logs = pinnedWalk(times, prng(hashKey(key)), { endAt, highAt, endLog: Math.log(end.price / high.price) });
  const supplyAtHigh = high.marketCap / high.price;
  const supplyAtEnd = end.marketCap / end.price;
  return times.map((t, i) => {
    if (t === highAt) return { takenAt: new Date(t), price: high.price, marketCap: high.marketCap };
    if (t === endAt) return { takenAt: new Date(t), price: end.price, marketCap: end.marketCap };
    const price = high.price * Math.exp(logs[i]!);
    const share = t <= highAt ? 0 : (t - highAt) / (endAt - highAt);
    const supply = supplyAtHigh + (supplyAtEnd - supplyAtHigh) * share;
    // A rising supply could lift a cap just after the high above it: keep the high the one peak.
    const marketCap = Math.min(price * supply, high.marketCap * Math.exp(-BELOW_HIGH));
    return { takenAt: new Date(t), price, marketCap };
  });
}

/** Weekly back from a year before the end to the high (when older), then daily to the end. */
function sampleTimes(endAt: number, highAt: number): number[] {
  const dailyFrom = endAt - SAMPLE_DAILY_DAYS * DAY_MS;
  const older: number[] = [];
  for (let t = dailyFrom - SAMPLE_OLDER_STEP_DAYS * DAY_MS; t > highAt; t -= SAMPLE_OLDER_STEP_DAYS * DAY_MS) older.push(t);
  if (highAt < dailyFrom) older.push(highAt);
  const daily = Array.from({ length: SAMPLE_DAILY_DAYS + 1 }, (_, i) => dailyFrom + i * DAY_MS);
  const times = [...older.reverse(), ...daily];
  // A high inside the last year on a time off the daily grid gets its own point.
  if (!times.includes(highAt)) times.splice(times.findIndex((t) => t > highAt), 0, highAt);
  return times;
}

/**
 * The log of price / high at each time: a random walk pinned (a Brownian bridge between pins) to
 * 0 at the high, `endLog` at the end and a random level at the start, then folded under 0, so it
 * wanders like a chart yet never reaches the high anywhere else.
 */
function pinnedWalk(times: readonly number[], random: () => number, pins: { endAt: number; highAt: number; endLog: number }): number[] {
  const walk = [0];
  for (let i = 1; i < times.length; i++) {
    const days = (times[i]! - times[i - 1]!) / DAY_MS;
    walk.push(walk[i - 1]! + gaussian(random) * DAILY_VOLATILITY * Math.sqrt(days));
  }
  const anchors = new Map<number, number>([
    [times[0]!, -(0.3 + random() * 0.9)],
    [pins.highAt, 0],
    [pins.endAt, pins.endLog],
  ]);
  const anchorIndexes = times.flatMap((t, i) => (anchors.has(t) ? [i] : []));
  const out = new Array<number>(times.length);
  for (let k = 0; k < anchorIndexes.length; k++) {
    const a = anchorIndexes[k]!;
    const b = anchorIndexes[k + 1] ?? a;
    const [ta, tb] = [times[a]!, times[b]!];
    const [va, vb] = [anchors.get(ta)!, anchors.get(tb)!];
    for (let i = a; i <= b; i++) {
      const share = tb === ta ? 0 : (times[i]! - ta) / (tb - ta);
      const bridge = walk[i]! - walk[a]! - share * (walk[b]! - walk[a]!);
      out[i] = va + share * (vb - va) + bridge;
    }
  }
  return out.map((value, i) => (times[i] === pins.highAt ? 0 : Math.min(-Math.abs(value), -BELOW_HIGH)));
}

/** A standard normal draw (Box-Muller). */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** mulberry32: small and fast, good enough for a chart's wiggles (and the bench's test data). */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of the key: a 32-bit seed per coin. */
function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** A seed coin's sample history: ending at its snapshot figures, peaking at its seed high. */
export function seedCoinSampleHistory(coin: SeedCoin, snapshotTakenAt: Date): SamplePoint[] {
  const high = seedAllTimeHigh(coin, snapshotTakenAt);
  return sampleHistory({
    key: coin.id,
    end: { at: snapshotTakenAt, price: coin.currentPrice, marketCap: coin.marketCap },
    high: { at: high.athAt, price: high.athPrice, marketCap: high.athMarketCap },
  });
}
