// Pure arithmetic on V2 pair reserves (no I/O): token prices in WPLS, WPLS in USD from the
// stablecoin pairs, and the circulating supply. Amounts arrive as raw integers with decimals.

/** A raw on-chain amount as a number of whole tokens. */
export function toUnits(raw: bigint, decimals: number): number {
  return Number(raw) / 10 ** decimals;
}

export type PoolReserves = {
  /** Whole tokens of the coin being priced (the token, or the stablecoin). */
  tokenReserve: number;
  /** Whole WPLS in the pool. */
  wplsReserve: number;
};

/** The pool with the most WPLS in it, ignoring empty ones; null when none has both reserves. */
export function deepestPool<P extends PoolReserves>(pools: readonly P[]): P | null {
  let best: P | null = null;
  for (const pool of pools) {
    if (!(pool.tokenReserve > 0 && pool.wplsReserve > 0)) continue;
    if (!best || pool.wplsReserve > best.wplsReserve) best = pool;
  }
  return best;
}

/** WPLS per token in a pool. */
export function priceInWpls(pool: PoolReserves): number {
  return pool.wplsReserve / pool.tokenReserve;
}

/**
 * WPLS in USD from its pools with the stablecoins (each stablecoin taken as $1): the average of
 * the pools' prices weighted by the dollars in each, so one small or skewed pool moves it little.
 * Null when no pool has reserves.
 */
export function wplsUsdFromStablePools(pools: readonly PoolReserves[]): { price: number; liquidityUsd: number } | null {
  let dollars = 0;
  let weighted = 0;
  for (const pool of pools) {
    if (!(pool.tokenReserve > 0 && pool.wplsReserve > 0)) continue;
    weighted += pool.tokenReserve * (pool.tokenReserve / pool.wplsReserve);
    dollars += pool.tokenReserve;
  }
  if (dollars === 0) return null;
  // Both sides of each pool hold the same value, so the pools' USD liquidity is twice the dollars.
  return { price: weighted / dollars, liquidityUsd: 2 * dollars };
}

/** totalSupply minus the balances held at burn addresses, in whole tokens (never below 0). */
export function circulatingSupply(totalSupply: bigint, burnedBalances: readonly bigint[], decimals: number): number {
  const burned = burnedBalances.reduce((sum, balance) => sum + balance, 0n);
  return toUnits(totalSupply > burned ? totalSupply - burned : 0n, decimals);
}
