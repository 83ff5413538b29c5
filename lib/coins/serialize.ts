// Database rows -> API shapes (dates as ISO strings). Shared by route handlers and server pages.
import type { Coin as CoinRow } from "../generated/prisma/client";
import type { Coin } from "./schemas";

export function toCoin(row: CoinRow): Coin {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    logoUrl: row.logoUrl,
    currentPrice: row.currentPrice,
    marketCap: row.marketCap,
    priceChange24h: row.priceChange24h,
    rank: row.rank,
    chain: row.chain,
    contractAddress: row.contractAddress,
    circulatingSupply: row.circulatingSupply,
    priceSource: row.priceSource,
    tags: parseTags(row.tags),
    listedAt: row.listedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // Null only for a coin listed before the column existed and never priced since: its figures
    // are the ones it was listed with.
    priceUpdatedAt: (row.priceUpdatedAt ?? row.listedAt).toISOString(),
    lowLiquidity: row.lowLiquidity,
    liquidityUsd: row.liquidityUsd,
    athPrice: row.athPrice,
    athAt: row.athAt?.toISOString() ?? null,
    athMarketCap: row.athMarketCap,
    athMarketCapAt: row.athMarketCapAt?.toISOString() ?? null,
    athMarketCapEstimated: row.athMarketCapEstimated,
    forkOf: row.forkOf,
  };
}

/** The stored comma-separated tags ("meme, Dog,,") as a clean list (["meme", "dog"]). */
export function parseTags(stored: string): string[] {
  const tags = stored.split(",").map((tag) => tag.trim().toLowerCase());
  return [...new Set(tags.filter(Boolean))];
}
