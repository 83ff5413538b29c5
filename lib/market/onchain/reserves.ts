// Pure arithmetic on V2 pair reserves and their average prices (no I/O): WPLS in USD from the
// stablecoin pools, the best route for a token through the base tokens, and the circulating
// supply. Amounts arrive as raw integers with decimals and are turned into whole tokens first.

/** A raw on-chain amount as a number of whole tokens. */
export function toUnits(raw: bigint, decimals: number): number {
  return Number(raw) / 10 ** decimals;
}

/** A pool seen from the token being priced: its reserve and the base token's, in whole tokens. */
export type BasePool = {
  pair: string;
  factory: string;
  base: string;
  /** Whole tokens in the pool at the pinned block: its spot price and its depth. */
  tokenReserve: number;
  baseReserve: number;
  /**
   * The pool's time-weighted average prices since the previous pass (twap.ts), in whole tokens,
   * and the seconds they cover; absent when there is no usable earlier observation, and then the
   * spot price at the pinned block serves.
   */
  average?: { basePerToken: number | null; tokenPerBase: number | null; seconds: number };
};

/** The pool's price of the token in its base: the time-weighted average, else the spot price. */
export const basePerToken = (pool: BasePool): number => pool.average?.basePerToken ?? pool.baseReserve / pool.tokenReserve;
/** The pool's price of its base in the token (a stablecoin pool's WPLS price), likewise. */
export const tokenPerBase = (pool: BasePool): number => pool.average?.tokenPerBase ?? pool.tokenReserve / pool.baseReserve;
/** The pool's price of the token in its base at the pinned block: "the pool now". */
export const spotBasePerToken = (pool: BasePool): number => pool.baseReserve / pool.tokenReserve;

/**
 * How far apart two stablecoins' WPLS prices (or a stablecoin's pools) may sit and still agree.
 */
export const MAX_STABLE_DEVIATION = 0.02;

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

/** One stablecoin's pools against WPLS, each seen from the stablecoin (token) with WPLS as the base. */
export type StableGroup = { stable: string; pools: BasePool[] };

export type StableCheck = {
  /** WPLS in USD. */
  price: number;
  /** Tracked USD liquidity of the pools kept: twice the stablecoins in them. */
  liquidityUsd: number;
  /** The stablecoins whose WPLS prices agree, each with its price: the price is theirs alone. */
  agreeing: { stable: string; price: number }[];
  kept: BasePool[];
  /** Pools above the floor left out: skewed within their stablecoin, or of a stablecoin that disagrees. */
  dropped: (BasePool & { stable: string; impliedPrice: number; deviation: number })[];
  /** Pools under the liquidity floor: too cheap to move to count at all. */
  shallow: (BasePool & { stable: string; liquidityUsd: number })[];
};

/**
 * WPLS in USD from its pools with the stablecoins, each stablecoin taken as $1. A pool implies
 * WPLS = stablecoins per WPLS (its time-weighted average when there is one); pools under the
 * liquidity floor are ignored. Each stablecoin gets its own price, the dollar-weighted median of
 * its pools, whose pools more than 2% from it are dropped. Then no single stablecoin decides: the
 * price is that of the largest group of stablecoins within 2% of each other (the deeper group on a
 * tie), dollar-weighted, and it needs at least `minAgreeing` of them (two, or one when only one
 * stablecoin is configured). So whoever moves one stablecoin's pools, however much of the
 * stablecoin liquidity they hold, moves WPLS not at all: that stablecoin just disagrees. Gives the
 * reason instead when no price can be had.
 */
export function checkStablePools(
  groups: readonly StableGroup[],
  options: { floorUsd?: number; minAgreeing?: number; maxDeviation?: number } = {},
): StableCheck | { failure: string } {
  const floorUsd = options.floorUsd ?? 0;
  const maxDeviation = options.maxDeviation ?? MAX_STABLE_DEVIATION;
  const minAgreeing = options.minAgreeing ?? Math.min(2, groups.length);
  const dropped: StableCheck["dropped"] = [];
  const shallow: StableCheck["shallow"] = [];
  const implied = (pool: BasePool) => tokenPerBase(pool);

  // Each stablecoin's own price from its pools above the floor.
  const prices: { stable: string; price: number; dollars: number; kept: BasePool[] }[] = [];
  for (const { stable, pools } of groups) {
    const live: BasePool[] = [];
    for (const pool of pools) {
      if (!(pool.tokenReserve > 0 && pool.baseReserve > 0) || !(implied(pool) > 0)) continue;
      if (2 * pool.tokenReserve < floorUsd) shallow.push({ ...pool, stable, liquidityUsd: 2 * pool.tokenReserve });
      else live.push(pool);
    }
    const median = weightedMedian(live.map((pool) => ({ value: implied(pool), weight: pool.tokenReserve })));
    if (median === null) continue;
    const kept = live.filter((pool) => {
      const deviation = Math.abs(implied(pool) - median) / median;
      if (deviation > maxDeviation) dropped.push({ ...pool, stable, impliedPrice: implied(pool), deviation });
      return deviation <= maxDeviation;
    });
    const dollars = kept.reduce((sum, pool) => sum + pool.tokenReserve, 0);
    prices.push({ stable, price: kept.reduce((sum, pool) => sum + pool.tokenReserve * implied(pool), 0) / dollars, dollars, kept });
  }
  if (prices.length === 0) return { failure: `no WPLS/stablecoin pair ${floorUsd > 0 ? `holds $${floorUsd} or more` : "has reserves"}, so WPLS has no USD price` };

  // The largest group within maxDeviation of one of its members (the deeper group on a tie).
  let best: typeof prices = [];
  for (const anchor of prices) {
    const group = prices.filter((other) => Math.abs(other.price - anchor.price) / anchor.price <= maxDeviation);
    const depth = (members: typeof prices) => members.reduce((sum, member) => sum + member.dollars, 0);
    if (group.length > best.length || (group.length === best.length && depth(group) > depth(best))) best = group;
  }
  const described = prices.map((entry) => `${entry.stable} $${entry.price.toPrecision(4)}`).join(", ");
  if (best.length < minAgreeing) return { failure: `fewer than ${minAgreeing} stablecoins agree on WPLS's price within ${maxDeviation * 100}% (${described})` };

  const kept = best.flatMap((member) => member.kept);
  const dollars = kept.reduce((sum, pool) => sum + pool.tokenReserve, 0);
  const price = kept.reduce((sum, pool) => sum + pool.tokenReserve * implied(pool), 0) / dollars;
  for (const other of prices) {
    if (best.includes(other)) continue;
    for (const pool of other.kept) dropped.push({ ...pool, stable: other.stable, impliedPrice: implied(pool), deviation: Math.abs(implied(pool) - price) / price });
  }
  // Both sides of each pool hold the same value, so the pools' USD liquidity is twice the dollars.
  return { price, liquidityUsd: 2 * dollars, agreeing: best.map(({ stable, price: own }) => ({ stable, price: own })), kept, dropped, shallow };
}

export type Route = { pool: BasePool; price: number; liquidityUsd: number };

/**
 * The pool with the most tracked USD liquidity (2 × base reserve × the base's USD price) among
 * those whose base has a USD price (and, for a base's own pools, that hold at least `floorUsd`);
 * the token's price is the pool's base-per-token price (its time-weighted average, else spot)
 * times that price. Null when no pool has both reserves and a priced base.
 */
export function bestRoute(pools: readonly BasePool[], baseUsd: ReadonlyMap<string, number>, floorUsd = 0): Route | null {
  let best: Route | null = null;
  for (const pool of pools) {
    const usd = baseUsd.get(pool.base);
    if (usd === undefined || !(usd > 0) || !(pool.tokenReserve > 0 && pool.baseReserve > 0)) continue;
    const liquidityUsd = 2 * pool.baseReserve * usd;
    if (liquidityUsd < floorUsd) continue;
    if (!best || liquidityUsd > best.liquidityUsd) best = { pool, price: basePerToken(pool) * usd, liquidityUsd };
  }
  return best;
}

/** totalSupply minus the balances held at burn addresses, as a raw integer (never below 0). */
export function circulatingRaw(totalSupply: bigint, burnedBalances: readonly bigint[]): bigint {
  const burned = burnedBalances.reduce((sum, balance) => sum + balance, 0n);
  return totalSupply > burned ? totalSupply - burned : 0n;
}
