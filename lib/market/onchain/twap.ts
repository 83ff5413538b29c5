// Time-weighted pool prices (pure), as Uniswap V2's oracle computes them. A V2 pair (PulseX's
// are V2 pairs) keeps two price accumulators: before any change to its reserves, in the first
// transaction of a block, it adds the price it held until then times the seconds it held it. The
// difference between two readings of an accumulator, divided by the seconds between them, is the
// pair's average price over that time; a push must be held against every arbitrageur for the
// whole window to move it, and a push made in the block being read counts for no time at all.
// Each pass reads the accumulators at its pinned block, brings them up to the block's time with
// the current reserves (UniswapV2OracleLibrary.currentCumulativePrices: the pair has not updated
// since its last trade), and keeps that as the next pass's starting observation.

const Q112 = 2n ** 112n;
const U256 = 2n ** 256n;
const U32 = 2n ** 32n;

/** A previous observation older than this is no window: the price falls back to the spot rules. */
export const MAX_OBSERVATION_AGE_S = 30 * 60;

/**
 * Which accumulator: 0 is price0CumulativeLast (token1 per token0, reserve1/reserve0), 1 is
 * price1CumulativeLast (token0 per token1).
 */
export type PriceIndex = 0 | 1;

/** An accumulator brought up to a block's time (seconds), as stored between passes. */
export type Observation = { cumulative: bigint; time: number };

/** The key an observation is stored under: the pair and the accumulator. */
export const observationKey = (pair: string, index: PriceIndex) => `${pair.toLowerCase()}:${index}`;

/**
 * The accumulator as it would read at `blockTime` had the pair updated then: the stored value
 * plus the current price (as UQ112x112) times the seconds since the pair's own last update. The
 * pair's timestamp is a uint32 and wraps, as the subtraction does in the pair.
 */
export function cumulativeAt(input: { last: bigint; reserve0: bigint; reserve1: bigint; pairTime: number; blockTime: number; index: PriceIndex }): bigint {
  const { last, reserve0, reserve1, index } = input;
  const elapsed = (((BigInt(input.blockTime) % U32) - BigInt(input.pairTime)) % U32 + U32) % U32;
  const [numerator, denominator] = index === 0 ? [reserve1, reserve0] : [reserve0, reserve1];
  if (elapsed === 0n || denominator === 0n || numerator === 0n) return last % U256;
  return (last + ((numerator * Q112) / denominator) * elapsed) % U256;
}

/**
 * The average raw price between two observations (raw units of the price's numerator token per
 * raw unit of the other), and the seconds it covers; null when none can be taken: no time passed,
 * the earlier one is older than MAX_OBSERVATION_AGE_S, or the later one is not later.
 */
export function averageBetween(earlier: Observation, later: Observation, maxAgeS = MAX_OBSERVATION_AGE_S): { rawPrice: number; seconds: number } | null {
  const seconds = later.time - earlier.time;
  if (!(seconds > 0) || seconds > maxAgeS) return null;
  // The accumulators overflow by design (uint256); differences are taken modulo 2^256.
  const delta = (((later.cumulative - earlier.cumulative) % U256) + U256) % U256;
  const rawPrice = Number(delta) / seconds / 2 ** 112;
  return Number.isFinite(rawPrice) && rawPrice > 0 ? { rawPrice, seconds } : null;
}

/** The accumulator that prices `of` in the other token of its pair. */
export function indexPricing(ofIsToken0: boolean): PriceIndex {
  return ofIsToken0 ? 0 : 1;
}

/** How many of these accumulators have no average this pass (no usable earlier observation): they price at spot. */
export function countUnaveraged(keys: Iterable<string>, previous: ReadonlyMap<string, Observation>, current: ReadonlyMap<string, Observation>): number {
  let count = 0;
  for (const key of keys) {
    const earlier = previous.get(key);
    const later = current.get(key);
    if (!earlier || !later || !averageBetween(earlier, later)) count++;
  }
  return count;
}
