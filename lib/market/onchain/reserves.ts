// Pure arithmetic on V2 pair reserves (no I/O): WPLS in USD from the stablecoin pools, the best
// route for a token through the base tokens, and the circulating supply. Amounts arrive as raw
// integers with decimals and are turned into whole tokens first.

/** A raw on-chain amount as a number of whole tokens. */
export function toUnits(raw: bigint, decimals: number): number {
  return Number(raw) / 10 ** decimals;
}

/** A pool seen from the token being priced: its reserve and the base token's, in whole tokens. */
export type BasePool = {
  pair: string;
  factory: string;
  base: string;
  tokenReserve: number;
  baseReserve: number;
};

/** How far a stablecoin pool's implied WPLS price may sit from the median before it is dropped. */
export const MAX_STABLE_DEVIATION = 0.02;

export type StableCheck = {
  /** WPLS in USD. */
  price: number;
  /** Tracked USD liquidity of the pools kept: twice the stablecoins in them. */
  liquidityUsd: number;
  /** The liquidity-weighted median the pools were checked against. */
  median: number;
  kept: BasePool[];
  /** Pools more than MAX_STABLE_DEVIATION from the median, with their implied WPLS price. */
  dropped: (BasePool & { impliedPrice: number; deviation: number })[];
};

/**
 * The weighted median: the smallest value at which the weights sorted up to it reach half the
 * total. One deep pool outweighs several shallow ones, and a single skewed pool cannot drag it.
 */
export function weightedMedian(entries: readonly { value: number; weight: number }[]): number | null {
  const sorted = entries.filter((entry) => entry.weight > 0 && Number.isFinite(entry.value)).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, entry) => sum + entry.weight, 0);
  if (total === 0) return null;
  let running = 0;
  for (const entry of sorted) {
    running += entry.weight;
    if (running >= total / 2) return entry.value;
  }
  return sorted[sorted.length - 1]!.value;
}

/**
 * WPLS in USD from its pools with the stablecoins. Here `token` is the stablecoin (taken as $1)
 * and `base` is WPLS, so each pool implies WPLS = stable reserve / WPLS reserve, weighted by its
 * dollars. Pools more than 2% from the weighted median are dropped (a depegged stablecoin, or a
 * pool someone skewed); the price is the dollar-weighted average of the rest. Null when no pool
 * has reserves.
 */
export function checkStablePools(pools: readonly BasePool[], maxDeviation = MAX_STABLE_DEVIATION): StableCheck | null {
  const live = pools.filter((pool) => pool.tokenReserve > 0 && pool.baseReserve > 0);
  const implied = (pool: BasePool) => pool.tokenReserve / pool.baseReserve;
  const median = weightedMedian(live.map((pool) => ({ value: implied(pool), weight: pool.tokenReserve })));
  if (median === null) return null;
  const kept: BasePool[] = [];
  const dropped: StableCheck["dropped"] = [];
  for (const pool of live) {
    const deviation = Math.abs(implied(pool) - median) / median;
    if (deviation > maxDeviation) dropped.push({ ...pool, impliedPrice: implied(pool), deviation });
    else kept.push(pool);
  }
  // The median's own pool is always within 0% of it, so `kept` is never empty.
  const dollars = kept.reduce((sum, pool) => sum + pool.tokenReserve, 0);
  const weighted = kept.reduce((sum, pool) => sum + pool.tokenReserve * implied(pool), 0);
  // Both sides of each pool hold the same value, so the pools' USD liquidity is twice the dollars.
  return { price: weighted / dollars, liquidityUsd: 2 * dollars, median, kept, dropped };
}

export type Route = { pool: BasePool; price: number; liquidityUsd: number };

/**
 * The pool with the most tracked USD liquidity (2 × base reserve × the base's USD price) among
 * those whose base has a USD price; the token's price is the pool's base-per-token ratio times
 * that price. Null when no pool has both reserves and a priced base.
 */
export function bestRoute(pools: readonly BasePool[], baseUsd: ReadonlyMap<string, number>): Route | null {
  let best: Route | null = null;
  for (const pool of pools) {
    const usd = baseUsd.get(pool.base);
    if (usd === undefined || !(usd > 0) || !(pool.tokenReserve > 0 && pool.baseReserve > 0)) continue;
    const liquidityUsd = 2 * pool.baseReserve * usd;
    if (!best || liquidityUsd > best.liquidityUsd) best = { pool, price: (pool.baseReserve / pool.tokenReserve) * usd, liquidityUsd };
  }
  return best;
}

/** totalSupply minus the balances held at burn addresses, as a raw integer (never below 0). */
export function circulatingRaw(totalSupply: bigint, burnedBalances: readonly bigint[]): bigint {
  const burned = burnedBalances.reduce((sum, balance) => sum + balance, 0n);
  return totalSupply > burned ? totalSupply - burned : 0n;
}
