// What the pass knows of each token's pools once discovery has run (pure): the cached rows with
// the new discoveries laid over them, the rows to save, and the tokens that have no row because
// their discovery failed.
import type { Address } from "viem";
import type { Discovery } from "../../onchain/discover.server";
import type { DiscoveryFailure } from "../../onchain/read-miss";
import type { TokenPools } from "../../onchain/pool-cache";
import type { Bases } from "./bases";

export type PassPools = {
  rows: Map<Address, TokenPools>;
  /** Rows discovery found or renewed this pass: saved with the pass's supply readings. */
  discovered: TokenPools[];
  /** Tokens with no row at all because their discovery failed, and why. */
  discoveryFailed: Map<Address, DiscoveryFailure>;
};

export function mergeDiscoveries(cached: ReadonlyMap<Address, TokenPools>, discoveries: ReadonlyMap<Address, Discovery>): PassPools {
  const rows = new Map(cached);
  const discovered: TokenPools[] = [];
  const discoveryFailed = new Map<Address, DiscoveryFailure>();
  for (const [token, result] of discoveries) {
    if ("row" in result) {
      // A rediscovery keeps the supply reading: the token's supply did not change with its pools.
      const row = { ...result.row, supply: cached.get(token)?.supply ?? null };
      rows.set(token, row);
      discovered.push(row);
    } else if (!rows.has(token)) {
      discoveryFailed.set(token, result.failure);
    }
    // A failed daily rediscovery keeps using yesterday's pools.
  }
  return { rows, discovered, discoveryFailed };
}

/**
 * Why WPLS's or a stablecoin's discovery did not happen (RPC failure, deadline), if it did not:
 * they price everything, so the whole pass fails with that reason rather than "no stablecoin pool".
 * A discovery that happened and found no pool is not a miss here.
 */
export function coreDiscoveryMiss(bases: Bases, discoveryFailed: ReadonlyMap<Address, DiscoveryFailure>): DiscoveryFailure | undefined {
  return [bases.wpls, ...bases.stables].map((token) => discoveryFailed.get(token)).find((failure) => failure?.kind);
}
