// The bases in USD (pure). WPLS: the liquidity-weighted median of the stablecoin pools (each
// stable taken as $1), pools more than 2% from it dropped (onchain/reserves.ts); a stablecoin whose
// pools were all dropped is off its peg and counts at its WPLS price. Another base: its deepest
// pool against WPLS or a stablecoin. What was dropped or found off its peg becomes a note.
import type { Address } from "viem";
import type { DiscoveryFailure } from "../../onchain/read-miss";
import type { TokenPools } from "../../onchain/pool-cache";
import { bestRoute, checkStablePools, type Route, type StableCheck } from "../../onchain/reserves";
import { basePoolsOf, type Bases, type Labels } from "./bases";
import type { ChainReads } from "./chain-reads";

export type PricedBases = {
  /** WPLS's price, from the stablecoin pools kept. */
  check: StableCheck;
  /** USD per whole token of each base that has a price. */
  baseUsd: Map<string, number>;
  /** The pool each stablecoin and other base was priced from. */
  baseRoutes: Map<Address, Route>;
  /** Other bases whose discovery or pool reads did not happen: coins priced through them fail with it. */
  baseMiss: Map<Address, DiscoveryFailure>;
  notes: string[];
};

/** The bases' prices, or why WPLS has none (then nothing can be priced: the pass fails every coin). */
export function priceBases(input: {
  bases: Bases;
  rows: ReadonlyMap<Address, TokenPools>;
  discoveryFailed: ReadonlyMap<Address, DiscoveryFailure>;
  reads: Pick<ChainReads, "pools">;
  labels: Labels;
}): PricedBases | { failure: DiscoveryFailure } {
  const { bases, rows, discoveryFailed, reads, labels } = input;
  const stableReads = new Map(bases.stables.map((stable) => [stable, reads.pools(stable, basePoolsOf(bases, stable, rows))]));
  const stableMiss = [...stableReads.values()].find((read) => read.miss)?.miss;
  if (stableMiss) return { failure: { reason: `a stablecoin pool could not be read, so WPLS has no checked USD price: ${stableMiss.reason}`, kind: stableMiss.kind } };
  const check = checkStablePools([...stableReads.values()].flatMap((read) => read.pools));
  if (!check) return { failure: { reason: "no WPLS/stablecoin pair with reserves, so WPLS has no USD price" } };

  const notes: string[] = [];
  const baseUsd = new Map<string, number>([[bases.wpls, check.price]]);
  const baseRoutes = new Map<Address, Route>();
  const baseMiss = new Map<Address, DiscoveryFailure>();
  for (const stable of bases.stables) {
    const pools = stableReads.get(stable)!.pools;
    const route = bestRoute(pools, baseUsd);
    if (!route) continue;
    baseRoutes.set(stable, route);
    if (check.kept.some((pool) => pool.base === bases.wpls && pools.includes(pool))) {
      baseUsd.set(stable, 1);
    } else {
      // Every pool of this stablecoin was dropped: it is off its peg, so it counts at what it trades for.
      baseUsd.set(stable, route.price);
      notes.push(`pulsex: ${labels.of(stable)} is off its peg: valued at $${route.price.toPrecision(4)} (its WPLS price × WPLS in USD), not $1`);
    }
  }
  for (const pool of check.dropped) {
    const stable = [...stableReads].find(([, read]) => read.pools.some((candidate) => candidate.pair === pool.pair))?.[0];
    notes.push(
      `pulsex: dropped the ${stable ? labels.of(stable) : "stablecoin"} pool ${pool.pair} on ${labels.of(pool.factory)}: it prices WPLS at $${pool.impliedPrice.toPrecision(4)}, ` +
        `${(pool.deviation * 100).toFixed(1)}% from the median $${check.median.toPrecision(4)}`,
    );
  }
  for (const base of bases.others) {
    const discoveryMiss = discoveryFailed.get(base);
    if (discoveryMiss?.kind) {
      baseMiss.set(base, discoveryMiss);
      continue;
    }
    const read = reads.pools(base, basePoolsOf(bases, base, rows));
    if (read.miss) {
      baseMiss.set(base, read.miss);
      continue;
    }
    const route = bestRoute(read.pools, baseUsd);
    if (route) baseRoutes.set(base, route);
  }
  for (const base of bases.others) if (baseRoutes.has(base)) baseUsd.set(base, baseRoutes.get(base)!.price);
  return { check, baseUsd, baseRoutes, baseMiss, notes };
}
