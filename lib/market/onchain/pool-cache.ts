// What the on-chain reader remembers between passes, per token: its pools against the base
// tokens (found by getPair, so later passes skip discovery), its decimals, and its last
// circulating-supply reading. An interface so the refresh pass can keep it in the database
// (prisma-pool-cache.ts) while the listing preview keeps it in memory and writes nothing.
import type { Address } from "viem";

export type CachedPool = {
  pair: Address;
  factory: Address;
  base: Address;
  /** The token being priced is the pair's token0 (so reserve0 is its side). */
  tokenIsToken0: boolean;
};

export type SupplyReading = {
  /** totalSupply minus the burn addresses' balances, raw. */
  raw: bigint;
  /** The burn addresses' balances, raw (so totalSupply is raw + burnedRaw); absent on readings from before it was kept. */
  burnedRaw?: bigint | null;
  /** The burn addresses it was read with (sorted, joined): another list needs a new reading. */
  burnKey: string;
  readAt: Date;
};

export type TokenPools = {
  token: Address;
  decimals: number;
  pools: CachedPool[];
  discoveredAt: Date;
  supply: SupplyReading | null;
};

export interface PoolCache {
  /** The rows held for these tokens (absent: never discovered). */
  load(tokens: readonly Address[]): Promise<Map<Address, TokenPools>>;
  /** Inserts or replaces these rows whole. */
  save(rows: readonly TokenPools[]): Promise<void>;
}

/** A cache that lives as long as the object: for previews, tests, and a source with no database. */
export function createMemoryPoolCache(): PoolCache {
  const rows = new Map<Address, TokenPools>();
  return {
    async load(tokens) {
      return new Map(tokens.flatMap((token) => (rows.has(token) ? [[token, rows.get(token)!] as const] : [])));
    },
    async save(saved) {
      for (const row of saved) rows.set(row.token, row);
    },
  };
}
