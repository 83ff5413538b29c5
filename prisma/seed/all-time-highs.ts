import type { SeedCoin } from "./coins";

type SeedHigh = { athPrice: number; athAt: string; athMarketCap: number; athMarketCapAt: string; athMarketCapEstimated: boolean };

/**
 * All-time highs for the seed's best-known coins, illustrative like the rest of the snapshot, so a
 * fresh clone can show "HEX at BTC's all-time-high market cap" before `npm run market:backfill`
 * has run. The majors' market-cap highs are recorded caps; the PulseChain tokens' are the high
 * price times today's supply (`athMarketCapEstimated`), as the backfill writes them from price-only
 * history. Every other seed coin starts with its snapshot figures as its highs, which refresh
 * passes and the backfill raise. Highs only rise: a backfill never lowers these.
 */
const HIGHS: Record<string, SeedHigh> = {
  btc: { athPrice: 126_080, athAt: "2025-10-06", athMarketCap: 2_512_000_000_000, athMarketCapAt: "2025-10-06", athMarketCapEstimated: false },
  eth: { athPrice: 4_946, athAt: "2025-08-24", athMarketCap: 597_000_000_000, athMarketCapAt: "2025-08-24", athMarketCapEstimated: false },
  pls: { athPrice: 0.0001829, athAt: "2023-12-09", athMarketCap: 24_722_000_000, athMarketCapAt: "2023-12-09", athMarketCapEstimated: true },
  plsx: { athPrice: 0.0000702, athAt: "2023-12-09", athMarketCap: 9_154_000_000, athMarketCapAt: "2023-12-09", athMarketCapEstimated: true },
  hex: { athPrice: 0.0551, athAt: "2024-03-06", athMarketCap: 33_215_000_000, athMarketCapAt: "2024-03-06", athMarketCapEstimated: true },
};

/** A seed coin's all-time-high columns. */
export function seedAllTimeHigh(coin: SeedCoin, snapshotTakenAt: Date) {
  const high = HIGHS[coin.id];
  if (!high) {
    return { athPrice: coin.currentPrice, athAt: snapshotTakenAt, athMarketCap: coin.marketCap, athMarketCapAt: snapshotTakenAt, athMarketCapEstimated: false };
  }
  const day = (date: string) => new Date(`${date}T00:00:00.000Z`);
  return { ...high, athAt: day(high.athAt), athMarketCapAt: day(high.athMarketCapAt) };
}
