// What the pass's reads say (pure): each pool's reserves seen from the token being priced, each
// supply read this pass, and the pinned block with its time. A read that did not happen (RPC
// failure, deadline) is a miss, reported with its kind, never taken for a missing pool.
import type { Address } from "viem";
import { firstMiss, type DiscoveryFailure } from "../../onchain/read-miss";
import type { CallOutcome } from "../../onchain/multicall.server";
import type { CachedPool, TokenPools } from "../../onchain/pool-cache";
import { circulatingRaw, toUnits, type BasePool } from "../../onchain/reserves";
import { supplyKey } from "../../onchain/schedule";
import type { ReadPlan } from "./read-plan";

/** The pools read (reverted ones and those of unknown decimals left out), and the first miss. */
export type PoolsRead = { pools: BasePool[]; miss: DiscoveryFailure | null };
/** The pinned block and its time (null when the clock call failed), for each price's provenance. */
export type BlockStamp = { block: number; blockTime: string | null };
/** A supply read this pass (circulating, raw), why it could not be, or null: not due this pass. */
export type SupplyRead = { raw: bigint } | { failure: DiscoveryFailure } | null;

export type ChainReads = {
  block: BlockStamp;
  pools(token: Address, pools: readonly CachedPool[]): PoolsRead;
  supply(token: Address, burnKey: string): SupplyRead;
};

export function interpretReads(plan: ReadPlan, outcomes: readonly CallOutcome[], rows: ReadonlyMap<Address, TokenPools>, blockNumber: bigint): ChainReads {
  const clock = outcomes[plan.clockCall]!;
  const block = { block: Number(blockNumber), blockTime: clock.status === "ok" ? new Date(Number(clock.value as bigint) * 1000).toISOString() : null };

  // Each pool seen from one of its tokens; a read that did not happen makes the pool unknown.
  const poolFrom = (token: Address, pool: CachedPool): { pool: BasePool } | { miss: DiscoveryFailure } | null => {
    const outcome = outcomes[plan.reserveCall.get(pool.pair)!]!;
    const miss = firstMiss([outcome]);
    if (miss) return { miss };
    const tokenDecimals = rows.get(token)?.decimals;
    const baseDecimals = rows.get(pool.base)?.decimals;
    if (outcome.status !== "ok" || tokenDecimals === undefined || baseDecimals === undefined) return null;
    const [reserve0, reserve1] = outcome.value as readonly [bigint, bigint, number];
    return {
      pool: {
        pair: pool.pair,
        factory: pool.factory,
        base: pool.base,
        tokenReserve: toUnits(pool.tokenIsToken0 ? reserve0 : reserve1, tokenDecimals),
        baseReserve: toUnits(pool.tokenIsToken0 ? reserve1 : reserve0, baseDecimals),
      },
    };
  };

  return {
    block,
    pools(token, pools) {
      const read = pools.map((pool) => poolFrom(token, pool));
      const miss = read.find((entry): entry is { miss: DiscoveryFailure } => entry !== null && "miss" in entry);
      return { pools: read.flatMap((entry) => (entry && "pool" in entry ? [entry.pool] : [])), miss: miss?.miss ?? null };
    },
    supply(token, burnKey) {
      const calls = plan.supplyCalls.get(supplyKey(token, burnKey));
      if (!calls) return null;
      const read = [outcomes[calls.total]!, ...calls.burned.map((index) => outcomes[index]!)];
      const miss = firstMiss(read);
      if (miss) return { failure: miss };
      if (read.some((outcome) => outcome.status !== "ok")) return { failure: { reason: `${token} did not answer totalSupply() or balanceOf() for a burn address: not an ERC-20` } };
      const values = read.map((outcome) => (outcome as Extract<CallOutcome, { status: "ok" }>).value as bigint);
      return { raw: circulatingRaw(values[0]!, values.slice(1)) };
    },
  };
}
