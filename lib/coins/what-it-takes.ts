// What a target price would take: the net buying (or selling) that moves a coin's PulseX pools to
// it at today's reserves. Pure: the caller brings the pools as the last refresh pass read them
// (OnchainProvenance.pools) and the target in USD.
//
// A PulseX pool is a constant-product pool: token reserve x and base reserve y with x·y = k, its
// price of the token y/x in the base. Buying the token with Δy of the base moves the price from
// p₀ to p₁ where √(k·p₁) = y + Δy, so Δy = √k·(√p₁ − √p₀) = √(x·y·p₁) − y. Arbitrage keeps the
// coin's pools level, so every pool is moved to the same USD price: in pool i, whose base is worth
// bᵢ dollars, the target is T / bᵢ in the base, and the buying is worth
// bᵢ·(√(xᵢ·yᵢ·T/bᵢ) − yᵢ) = √(xᵢ·yᵢ·T·bᵢ) − yᵢ·bᵢ dollars. A target below the pool's price gives a
// negative figure: the value the sellers would take out.
//
// What it assumes, and the pages say: today's reserves, no liquidity added or removed, no other
// venue, and the bases' USD prices unchanged. It is net of the pools' fee (0.29% on PulseX), which
// a buyer pays on top.

/** One pool of the coin as the pass read it: whole tokens of each side, and the base's USD price. */
export type DepthPool = { tokenReserve: number; baseReserve: number; baseUsd: number };

const usable = (pool: DepthPool) => pool.tokenReserve > 0 && pool.baseReserve > 0 && pool.baseUsd > 0;

/**
 * USD of net buying (positive) or selling (negative) that brings every pool to `targetUsd` per
 * token; null without a usable pool or target.
 */
export function netBuyingToReach(pools: readonly DepthPool[], targetUsd: number): number | null {
  if (!(targetUsd > 0)) return null;
  let total = 0;
  let counted = 0;
  for (const pool of pools) {
    if (!usable(pool)) continue;
    total += poolBuyingUsd(pool, targetUsd);
    counted++;
  }
  return counted ? total : null;
}

/** One pool's share: the USD of its base that goes in (positive) or comes out (negative). */
export function poolBuyingUsd(pool: DepthPool, targetUsd: number): number {
  return Math.sqrt(pool.tokenReserve * pool.baseReserve * targetUsd * pool.baseUsd) - pool.baseReserve * pool.baseUsd;
}

/** The pools' total liquidity in USD: both sides, valued by the base (2 × the base's reserve × its price). */
export function poolLiquidityUsd(pools: readonly DepthPool[]): number {
  return pools.filter(usable).reduce((sum, pool) => sum + 2 * pool.baseReserve * pool.baseUsd, 0);
}

/** The move data sites call depth: ±2%. */
export const DEPTH_MOVE = 0.02;

/**
 * The buying that lifts every pool's price by `move` (2%) from where it is, and the selling that
 * lowers it by as much, in USD. In one pool the buying is y·(√(1 + m) − 1) of the base whatever
 * its price, so both are fixed fractions of the base side: about 0.995% and 1.005% of it at 2%.
 */
export function depthUsd(pools: readonly DepthPool[], move = DEPTH_MOVE): { buyUsd: number; sellUsd: number } {
  const baseSideUsd = poolLiquidityUsd(pools) / 2;
  return { buyUsd: baseSideUsd * (Math.sqrt(1 + move) - 1), sellUsd: baseSideUsd * (1 - Math.sqrt(1 - move)) };
}

/** A coin's pools and the PLS price, for what its targets would take (lib/coins/queries.server.ts). */
export type PoolsForTargets = { pools: DepthPool[]; plsUsd: number | null };

/** A figure in dollars and in PLS (null while the PLS price is unknown). */
export type Amount = { usd: number; pls: number | null };

export function amountOf(usd: number, plsUsd: number | null): Amount {
  return { usd, pls: plsUsd && plsUsd > 0 ? usd / plsUsd : null };
}

/** What the coin's pools hold and what moves them 2%, as the coin page and the API give it. */
export type PoolDepth = { pools: number; poolLiquidity: Amount; buyToRise2Pct: Amount; sellToFall2Pct: Amount };

/** The depth of these pools; null without a usable one (say nothing rather than guess). */
export function poolDepthOf(pools: readonly DepthPool[], plsUsd: number | null): PoolDepth | null {
  const counted = pools.filter(usable);
  if (!counted.length) return null;
  const { buyUsd, sellUsd } = depthUsd(counted);
  return {
    pools: counted.length,
    poolLiquidity: amountOf(poolLiquidityUsd(counted), plsUsd),
    buyToRise2Pct: amountOf(buyUsd, plsUsd),
    sellToFall2Pct: amountOf(sellUsd, plsUsd),
  };
}
