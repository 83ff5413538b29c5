// What the pass's reads say (pure): each pool's reserves seen from the token being priced, with
// its average prices since the previous pass's observation of its accumulators (onchain/twap.ts),
// each supply read this pass, the pinned block with its time, and the observations the next pass
// averages from. A read that did not happen (RPC failure, deadline) is a miss, reported with its
// kind, never taken for a missing pool.
import type { Address } from "viem";
import { firstMiss, type DiscoveryFailure } from "../../onchain/read-miss";
import type { CallOutcome, ChainCall } from "@/lib/chain/read-calls";
import type { CachedPool, TokenPools } from "../../onchain/pool-cache";
import { circulatingRaw, toUnits, type BasePool } from "../../onchain/reserves";
import { supplyKey } from "../../onchain/schedule";
import { averageBetween, cumulativeAt, indexPricing, observationKey, type Observation, type PriceIndex } from "../../onchain/twap";
import type { ReadPlan } from "./read-plan";

/** The pools read (those of unknown decimals left out), and the first miss: a read that did not happen, or a pair whose getReserves failed. */
export type PoolsRead = { pools: BasePool[]; miss: DiscoveryFailure | null };
/** The pinned block and its time (null when the clock call failed), for each price's provenance. */
export type BlockStamp = { block: number; blockTime: string | null };
/**
 * A supply read this pass (circulating, raw), why it could not be (kind "contract": the token's own
 * totalSupply or balanceOf failed, asked twice), or null: not due this pass.
 */
export type SupplyRead = { raw: bigint; burnedRaw: bigint } | { failure: DiscoveryFailure; /** The call that failed and how: "totalSupply() reverted with …". */ what?: string } | null;

export type ChainReads = {
  block: BlockStamp;
  /** This pass's accumulator readings brought up to the block's time: the next pass's starting points. */
  observations: Map<string, Observation>;
  pools(token: Address, pools: readonly CachedPool[]): PoolsRead;
  supply(token: Address, burnKey: string): SupplyRead;
  /** HEX staked at the block (raw hearts, from globals().lockedHeartsTotal); null: not asked, or the read failed. */
  staked: bigint | null;
  /** The native coin (raw wei) at the burn addresses at the block; null: not asked, or a read failed. */
  nativeBurned: bigint | null;
};

export function interpretReads(
  plan: ReadPlan,
  outcomes: readonly CallOutcome[],
  rows: ReadonlyMap<Address, TokenPools>,
  blockNumber: bigint,
  previous: ReadonlyMap<string, Observation> = new Map(),
): ChainReads {
  const clock = outcomes[plan.clockCall]!;
  const blockSeconds = clock.status === "ok" ? Number(clock.value as bigint) : null;
  const block = { block: Number(blockNumber), blockTime: blockSeconds === null ? null : new Date(blockSeconds * 1000).toISOString() };

  const observations = observationsAt(plan, outcomes, blockSeconds);
  // The average of one accumulator since the previous pass, in whole tokens (null: none usable).
  const averageOf = (pair: Address, index: PriceIndex, decimalsUp: number) => {
    const earlier = previous.get(observationKey(pair, index));
    const later = observations.get(observationKey(pair, index));
    const average = earlier && later ? averageBetween(earlier, later) : null;
    return average && { price: average.rawPrice * 10 ** decimalsUp, seconds: average.seconds };
  };

  // Each pool seen from one of its tokens; a read that did not happen makes the pool unknown.
  const poolFrom = (token: Address, pool: CachedPool): { pool: BasePool } | { miss: DiscoveryFailure } | null => {
    const outcome = outcomes[plan.reserveCall.get(pool.pair)!]!;
    const miss = firstMiss([outcome]);
    if (miss) return { miss };
    // A pair whose getReserves fails is reported by name, never dropped as if the pool did not exist.
    if (outcome.status === "reverted") return { miss: { reason: `the PulseX pair ${pool.pair} of ${token} and ${pool.base} failed getReserves(): it ${failureDetail(outcome)}`, kind: "contract" } };
    const tokenDecimals = rows.get(token)?.decimals;
    const baseDecimals = rows.get(pool.base)?.decimals;
    if (outcome.status !== "ok" || tokenDecimals === undefined || baseDecimals === undefined) return null;
    const [reserve0, reserve1] = outcome.value as readonly [bigint, bigint, number];
    const pricing = indexPricing(pool.tokenIsToken0);
    const basePerToken = averageOf(pool.pair, pricing, tokenDecimals - baseDecimals);
    const tokenPerBase = averageOf(pool.pair, pricing === 0 ? 1 : 0, baseDecimals - tokenDecimals);
    const seconds = basePerToken?.seconds ?? tokenPerBase?.seconds;
    return {
      pool: {
        pair: pool.pair,
        factory: pool.factory,
        base: pool.base,
        tokenReserve: toUnits(pool.tokenIsToken0 ? reserve0 : reserve1, tokenDecimals),
        baseReserve: toUnits(pool.tokenIsToken0 ? reserve1 : reserve0, baseDecimals),
        ...(seconds !== undefined && { average: { basePerToken: basePerToken?.price ?? null, tokenPerBase: tokenPerBase?.price ?? null, seconds } }),
      },
    };
  };

  // The supply bases' reads: a failure leaves the basis out for this pass, never the price.
  const okValue = (index: number) => (outcomes[index]?.status === "ok" ? (outcomes[index] as Extract<CallOutcome, { status: "ok" }>).value : null);
  const globals = plan.stakedCall === null ? null : (okValue(plan.stakedCall) as readonly bigint[] | null);
  const nativeBalances = plan.nativeBurnCalls.map((index) => okValue(index) as bigint | null);
  const nativeBurned = plan.nativeBurnCalls.length && nativeBalances.every((value) => value !== null) ? nativeBalances.reduce<bigint>((sum, value) => sum + value!, 0n) : null;

  return {
    block,
    observations,
    staked: globals ? globals[0]! : null,
    nativeBurned,
    pools(token, pools) {
      const read = pools.map((pool) => poolFrom(token, pool));
      // A read that did not happen first: it says the pass, not a contract, failed.
      const misses = read.flatMap((entry) => (entry !== null && "miss" in entry ? [entry.miss] : []));
      const miss = misses.find((entry) => entry.kind !== "contract") ?? misses[0] ?? null;
      return { pools: read.flatMap((entry) => (entry && "pool" in entry ? [entry.pool] : [])), miss };
    },
    supply: (token, burnKey) => supplyFrom(plan, outcomes, token, burnKey),
  };
}

/**
 * Every accumulator read, brought up to the block's time with the pair's reserves. Without the
 * block's time, or from a pair with no accumulators (the call reverted), there is none.
 */
function observationsAt(plan: ReadPlan, outcomes: readonly CallOutcome[], blockSeconds: number | null): Map<string, Observation> {
  const observations = new Map<string, Observation>();
  for (const [key, { call, pair, index }] of plan.cumulativeCall) {
    const reserves = outcomes[plan.reserveCall.get(pair)!]!;
    const cumulative = outcomes[call]!;
    if (blockSeconds === null || reserves.status !== "ok" || cumulative.status !== "ok") continue;
    const [reserve0, reserve1, pairTime] = reserves.value as readonly [bigint, bigint, number];
    observations.set(key, { cumulative: cumulativeAt({ last: cumulative.value as bigint, reserve0, reserve1, pairTime, blockTime: blockSeconds, index }), time: blockSeconds });
  }
  return observations;
}

/** One token's supply as read this pass (ChainReads.supply). */
function supplyFrom(plan: ReadPlan, outcomes: readonly CallOutcome[], token: Address, burnKey: string): SupplyRead {
  const calls = plan.supplyCalls.get(supplyKey(token, burnKey));
  if (!calls) return null;
  const read = [outcomes[calls.total]!, ...calls.burned.map((index) => outcomes[index]!)];
  const miss = firstMiss(read);
  if (miss) return { failure: miss };
  // Any other failure is the token's own contract's (lib/chain/read-calls.ts asked it twice).
  const failed = [calls.total, ...calls.burned].find((index) => outcomes[index]!.status !== "ok");
  if (failed !== undefined) {
    const what = `${callWords(plan.calls[failed]!)} ${failureDetail(outcomes[failed]!)}`;
    return { failure: { reason: `${token}'s ${what}`, kind: "contract" }, what };
  }
  const values = read.map((outcome) => (outcome as Extract<CallOutcome, { status: "ok" }>).value as bigint);
  const raw = circulatingRaw(values[0]!, values.slice(1));
  return { raw, burnedRaw: values[0]! - raw };
}

/** "totalSupply()", "balanceOf(0x…dEaD)". */
const callWords = (call: ChainCall) => `${call.functionName}(${(call.args ?? []).map(String).join(", ")})`;
/** What a failed call did, in words ("reverted with 40,000 gas and again with 1,000,000 of its own"). */
const failureDetail = (outcome: CallOutcome) => (outcome.status === "reverted" ? (outcome.detail ?? "reverted") : outcome.status);
