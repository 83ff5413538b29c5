// Database rows -> API shapes (dates as ISO strings). Shared by route handlers and server pages.
import type { Coin as CoinRow } from "../generated/prisma/client";
import type { Coin } from "./schemas";

/** The columns `toCoin` reads: a read that needs only the API shape selects these (COIN_API_COLUMNS). */
export const COIN_API_COLUMNS = {
  id: true,
  symbol: true,
  name: true,
  logoUrl: true,
  currentPrice: true,
  marketCap: true,
  priceChange24h: true,
  rank: true,
  chain: true,
  contractAddress: true,
  circulatingSupply: true,
  priceSource: true,
  tags: true,
  listedAt: true,
  updatedAt: true,
  priceUpdatedAt: true,
  lowLiquidity: true,
  liquidityUsd: true,
  athPrice: true,
  athAt: true,
  athMarketCap: true,
  athMarketCapAt: true,
  athMarketCapEstimated: true,
  forkOf: true,
} as const satisfies Partial<Record<keyof CoinRow, true>>;

export type CoinApiRow = Pick<CoinRow, keyof typeof COIN_API_COLUMNS>;

export function toCoin(row: CoinApiRow): Coin {
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
