// The words for what a target would take (lib/coins/what-it-takes.ts), on the pair page's result and
// the coin page. Pure, so the server's card and the browser's typed-market-cap view say the same.
import { amountOf, netBuyingToReach, poolDepthOf, type PoolsForTargets } from "../coins/what-it-takes";
import { formatCompactPls, formatMarketCap, formatPrice } from "../shared/format";

/** A target within this fraction of today's price takes nothing worth a sentence. */
const ALREADY_THERE = 0.001;

/** "$125.00M (about 41.67B PLS)", or the dollars alone while the PLS price is unknown. */
function usdAndPls(usd: number, plsUsd: number | null): string {
  const { pls } = amountOf(usd, plsUsd);
  return pls === null ? formatMarketCap(usd) : `${formatMarketCap(usd)} (about ${formatCompactPls(pls)})`;
}

/**
 * "Reaching $3.23 would take about $125.00M (about 41.67B PLS) of net buying through PulseX at
 * today's liquidity.", or "Falling to …" with the selling; null when there is nothing to say: no
 * pools, no usable target, or a target at today's price.
 */
export function whatItTakesSentence(targetPrice: number, currentPrice: number, depth: PoolsForTargets | null): string | null {
  if (!depth || !(targetPrice > 0) || !(currentPrice > 0)) return null;
  if (Math.abs(targetPrice / currentPrice - 1) < ALREADY_THERE) return null;
  const usd = netBuyingToReach(depth.pools, targetPrice);
  if (usd === null) return null;
  const amount = usdAndPls(Math.abs(usd), depth.plsUsd);
  return usd > 0
    ? `Reaching ${formatPrice(targetPrice)} would take about ${amount} of net buying through PulseX at today's liquidity.`
    : `Falling to ${formatPrice(targetPrice)} would take about ${amount} of net selling through PulseX at today's liquidity.`;
}

/** What the figure assumes, with the pools it counts: said beside it every time. */
export function whatItTakesAssumptions(depth: PoolsForTargets): string {
  const counted = poolDepthOf(depth.pools, depth.plsUsd);
  const pools = counted ? `${counted.pools} PulseX pool${counted.pools === 1 ? "" : "s"} holding ${formatMarketCap(counted.poolLiquidity.usd)}` : "its PulseX pools";
  return `At today's reserves in ${pools}: no liquidity added or taken out, no other venue, fees on top.`;
}
