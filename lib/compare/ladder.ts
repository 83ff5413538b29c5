// A ladder of targets on the pair page: coin 1's price and multiplier at shares of coin 2's
// market cap, each with what it would take through coin 1's pools, and how far coin 1 is today.
// Pure: the same maths as the comparison (coin 1 at a market cap is its price times the ratio).
import { netBuyingToReach, type DepthPool } from "../coins/what-it-takes";
import type { Comparison, ComparableCoin } from "./comparison";

/** The shares of coin 2's market cap the ladder shows (10% to 500%). */
export const LADDER_SHARES = [0.1, 0.25, 0.5, 1, 2, 5] as const;

export type LadderStep = {
  /** The share of coin 2's market cap: 0.1 for 10%. */
  share: number;
  marketCap: number;
  price: number;
  multiplier: number;
  /** Net buying (positive) or selling (negative) in USD through coin 1's pools; null without pools. */
  buyingUsd: number | null;
};

/** Coin 1's market cap as a share of coin 2's today (0.0052 for 0.52%), and the steps. */
export type Ladder = { progress: number; steps: LadderStep[] };

export function targetLadder<C1 extends ComparableCoin, C2 extends ComparableCoin>(
  result: Extract<Comparison<C1, C2>, { comparable: true }>,
  pools: readonly DepthPool[] | null,
): Ladder {
  // A comparable result had a usable market cap for coin 2 (computeComparison checked it).
  const targetCap = Number(result.coin2.marketCap);
  return {
    progress: 1 / result.multiplier,
    steps: LADDER_SHARES.map((share) => {
      const price = result.projectedPrice * share;
      return { share, marketCap: targetCap * share, price, multiplier: result.multiplier * share, buyingUsd: netBuyingToReach(pools ?? [], price) };
    }),
  };
}

/** "0.52%", "<0.01%", "1,234.50%": a share as a percentage with 2 decimals. */
export function formatShare(share: number): string {
  if (!(share >= 0) || !Number.isFinite(share)) return "-";
  const percent = share * 100;
  if (percent > 0 && percent < 0.005) return "<0.01%";
  return `${percent.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
}
