import type { SavedComparison, WatchlistEntry } from "@/lib/account/schemas";
import type { PriceContext } from "@/lib/shared/freshness";
import type { Coin } from "@/lib/coins/schemas";

export function makeCoin(overrides: Partial<Coin> & Pick<Coin, "id" | "symbol">): Coin {
  return {
    name: `${overrides.symbol} Token`,
    logoUrl: null,
    currentPrice: 1,
    marketCap: 1_000_000,
    priceChange24h: 0,
    rank: 1,
    chain: "pulsechain",
    contractAddress: null,
    circulatingSupply: null,
    priceSource: "snapshot",
    tags: [],
    listedAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-11-20T00:00:00.000Z",
    priceUpdatedAt: "2026-11-20T00:00:00.000Z",
    lowLiquidity: false,
    liquidityUsd: null,
    athPrice: null,
    athAt: null,
    athMarketCap: null,
    athMarketCapAt: null,
    athMarketCapEstimated: false,
    forkOf: null,
    ...overrides,
  };
}

/** A coin priced 0.00001234 with a $12.34M market cap, compared against a $1.234B one. */
export const tiny = makeCoin({ id: "tiny", symbol: "TINY", name: "Tiny Token", currentPrice: 0.00001234, marketCap: 12_340_000 });
export const big = makeCoin({ id: "big", symbol: "BIG", name: "Big Coin", logoUrl: "/logos/btc.svg", currentPrice: 50_000, marketCap: 1_234_000_000, rank: 2 });

/** The price badges' context before any live price (so nothing is stale), at the fixtures' date. */
export const seedPriceContext: PriceContext = { newestLivePriceAt: null, minLiquidityUsd: 5_000, now: Date.parse("2026-11-20T00:00:00.000Z") };

/** A GET /api/watchlist entry for `coin`. */
export function watchlistEntry(id: number, coin: Coin, addedAt = "2026-11-20T10:00:00.000Z"): WatchlistEntry {
  return { id, coinId: coin.id, addedAt, coin };
}

/** A GET /api/saved-comparisons entry for `coin1` vs `coin2`. */
export function savedComparison(id: number, coin1: Coin, coin2: Coin, savedAt = "2026-11-21T10:00:00.000Z"): SavedComparison {
  return { id, coin1Id: coin1.id, coin2Id: coin2.id, savedAt, coin1, coin2 };
}
