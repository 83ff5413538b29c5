// The bases in USD (pure). WPLS: from the stablecoin pools, priced by the stablecoins that agree
// with each other (onchain/reserves.ts checkStablePools: no one stablecoin decides it); a
// stablecoin that disagrees is off its peg and counts at its WPLS price. Another base: its deepest
// pool against WPLS or a stablecoin. Every base pool under the liquidity floor is ignored: a base
// priced only by such a pool has no price, and nothing is priced through it. Prices are the pools'
// time-weighted averages where the pass has them. What was dropped, ignored or found off its peg
// becomes a note.
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
  /** Bases with pools but none above the floor, and why: nothing is priced through them. */
  shallowBases: Map<Address, string>;
  notes: string[];
};

/** The bases' prices, or why WPLS has none (then nothing can be priced: the pass fails every coin). */
export function priceBases(input: {
  bases: Bases;
  rows: ReadonlyMap<Address, TokenPools>;
  discoveryFailed: ReadonlyMap<Address, DiscoveryFailure>;
  reads: Pick<ChainReads, "pools">;
  labels: Labels;
  /** MARKET_MIN_LIQUIDITY_USD: the least a base's pool must hold to price anything. */
  floorUsd?: number;
}): PricedBases | { failure: DiscoveryFailure } {
  const { bases, rows, discoveryFailed, reads, labels } = input;
  const floorUsd = input.floorUsd ?? 0;
  const stableReads = new Map(bases.stables.map((stable) => [stable, reads.pools(stable, basePoolsOf(bases, stable, rows))]));
  // A pool whose pair contract failed getReserves is left out with a note (kind "contract" is a
  // token's own failure, never to be pinned on every coin priced through WPLS or a base).
  const brokenPools = [...stableReads.values()].flatMap((read) => (read.miss?.kind === "contract" ? [read.miss] : []));
  const stableMiss = [...stableReads.values()].find((read) => read.miss && read.miss.kind !== "contract")?.miss;
  if (stableMiss) return { failure: { reason: `a stablecoin pool could not be read, so WPLS has no checked USD price: ${stableMiss.reason}`, kind: stableMiss.kind } };
  const check = checkStablePools(
    [...stableReads].map(([stable, read]) => ({ stable: labels.of(stable), pools: read.pools })),
    { floorUsd },
  );
  if ("failure" in check) return { failure: { reason: `${check.failure}: the last WPLS price is kept and nothing priced through WPLS is published this pass` } };

  const notes: string[] = brokenPools.map((miss) => `pulsex: left a pool out of the bases' prices: ${miss.reason}`);
  const baseUsd = new Map<string, number>([[bases.wpls, check.price]]);
  const baseRoutes = new Map<Address, Route>();
  const baseMiss = new Map<Address, DiscoveryFailure>();
  const shallowBases = new Map<Address, string>();
  const agreeing = new Set(check.agreeing.map((entry) => entry.stable));
  for (const stable of bases.stables) {
    const pools = stableReads.get(stable)!.pools;
    const route = bestRoute(pools, baseUsd, floorUsd);
    if (!route) {
      if (pools.length > 0) shallowBases.set(stable, `${labels.of(stable)} has no pool with WPLS holding $${floorUsd} or more`);
      continue;
    }
    baseRoutes.set(stable, route);
    if (agreeing.has(labels.of(stable))) {
      baseUsd.set(stable, 1);
    } else {
      // Its pools disagree with the other stablecoins: it is off its peg, so it counts at what it trades for.
      baseUsd.set(stable, route.price);
      notes.push(`pulsex: ${labels.of(stable)} is off its peg: valued at $${route.price.toPrecision(4)} (its WPLS price × WPLS in USD), not $1`);
    }
  }
  for (const pool of check.dropped) {
    notes.push(
      `pulsex: dropped the ${pool.stable} pool ${pool.pair} on ${labels.of(pool.factory)}: it prices WPLS at $${pool.impliedPrice.toPrecision(4)}, ` +
        `${(pool.deviation * 100).toFixed(1)}% from $${check.price.toPrecision(4)}`,
    );
  }
  for (const pool of check.shallow) {
    notes.push(`pulsex: ignored the ${pool.stable} pool ${pool.pair} on ${labels.of(pool.factory)}: $${Math.round(pool.liquidityUsd)} of liquidity is under the $${floorUsd} floor`);
  }
  for (const base of bases.others) {
    const discoveryMiss = discoveryFailed.get(base);
    if (discoveryMiss?.kind) {
      baseMiss.set(base, discoveryMiss);
      continue;
    }
    const read = reads.pools(base, basePoolsOf(bases, base, rows));
    if (read.miss?.kind === "contract") notes.push(`pulsex: left a pool out of the bases' prices: ${read.miss.reason}`);
    else if (read.miss) {
      baseMiss.set(base, read.miss);
      continue;
    }
    const route = bestRoute(read.pools, baseUsd, floorUsd);
    if (route) baseRoutes.set(base, route);
    else if (bestRoute(read.pools, baseUsd)) {
      const reason = `${labels.of(base)} has no pool with WPLS or a stablecoin holding $${floorUsd} or more, so nothing is priced through it`;
      shallowBases.set(base, reason);
      notes.push(`pulsex: ${reason}`);
    }
  }
  for (const base of bases.others) if (baseRoutes.has(base)) baseUsd.set(base, baseRoutes.get(base)!.price);
  return { check, baseUsd, baseRoutes, baseMiss, shallowBases, notes };
}
