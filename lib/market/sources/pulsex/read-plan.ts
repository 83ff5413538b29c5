// The pass's one set of reads, planned before any is sent (pure): the bases' pools, then each
// coin's pools (each pair's reserves and price accumulator once, however many coins share it),
// then the supplies due, then the pinned block's time. One list means one set of chunks for the
// whole pass (lib/chain/read-calls.ts).
import { erc20Abi, multicall3Abi, type Address } from "viem";
import { GAS_PER_CALL } from "@/lib/chain/chunks";
import { hexGlobalsAbi, multicallClockAbi, pairAbi } from "../../onchain/contracts";
import type { ChainCall } from "@/lib/chain/read-calls";
import type { CachedPool, TokenPools } from "../../onchain/pool-cache";
import { suppliesToRead, supplyKey } from "../../onchain/schedule";
import { indexPricing, observationKey, type PriceIndex } from "../../onchain/twap";
import { basePoolsOf, type Bases } from "./bases";
import { nativeCoinOf, type PassCoin } from "./coins";

/** Where a supply's calls sit in the plan: totalSupply, then balanceOf of each burn address. */
export type SupplyCalls = { total: number; burned: number[] };

export type ReadPlan = {
  calls: ChainCall[];
  /** Each pair's getReserves call. */
  reserveCall: Map<Address, number>;
  /** Each accumulator read, by observationKey (onchain/twap.ts), with its pair and accumulator. */
  cumulativeCall: Map<string, { call: number; pair: Address; index: PriceIndex }>;
  /** Each (token, burn list) supply read this pass, by supplyKey (onchain/schedule.ts). */
  supplyCalls: Map<string, SupplyCalls>;
  /** Multicall3's getCurrentBlockTimestamp: the block's time, as the chunk's own call. */
  clockCall: number;
  /** HEX's globals() (its staked supply), when HEX is among the coins; null otherwise. */
  stakedCall: number | null;
  /** Multicall3's getEthBalance of each burn address, when the native coin (PLS) is among the coins. */
  nativeBurnCalls: number[];
};

export function planReads(input: {
  bases: Bases;
  coins: readonly PassCoin[];
  rows: ReadonlyMap<Address, TokenPools>;
  now: Date;
  multicall3: Address;
  /** The HEX contract (checksummed) whose staked supply is read when HEX is asked about. */
  hex?: Address | null;
}): ReadPlan {
  const { bases, coins, rows, now } = input;
  const calls: ChainCall[] = [];
  const at = (call: ChainCall) => calls.push(call) - 1;

  const reserveCall = new Map<Address, number>();
  const cumulativeCall: ReadPlan["cumulativeCall"] = new Map();
  // Each pair's reserves once, and the accumulators its prices are averaged from: a coin's pool
  // needs the one that prices the coin in its base; a base's pools both (a stablecoin's pool
  // prices WPLS in the stablecoin, the other way round, and an average of a price is not the
  // inverse of the average of its inverse).
  const readPool = (pool: CachedPool, indices: readonly PriceIndex[]) => {
    if (!reserveCall.has(pool.pair)) reserveCall.set(pool.pair, at({ address: pool.pair, abi: pairAbi, functionName: "getReserves", gas: GAS_PER_CALL.pair }));
    for (const index of indices) {
      const key = observationKey(pool.pair, index);
      if (!cumulativeCall.has(key)) cumulativeCall.set(key, { call: at({ address: pool.pair, abi: pairAbi, functionName: `price${index}CumulativeLast`, gas: GAS_PER_CALL.pair }), pair: pool.pair, index });
    }
  };
  for (const base of [...bases.stables, ...bases.others]) basePoolsOf(bases, base, rows).forEach((pool) => readPool(pool, [0, 1]));
  for (const coin of coins) rows.get(coin.token)?.pools.forEach((pool) => readPool(pool, [indexPricing(pool.tokenIsToken0)]));

  // Supplies only of coins that can have a price (a token with no pool costs no supply reads).
  const priceable = (token: Address) => bases.all.includes(token) || (rows.get(token)?.pools.length ?? 0) > 0;
  const due = suppliesToRead(
    coins.filter((coin) => rows.has(coin.token) && priceable(coin.token)).map(({ token, burnKey }) => ({ token, burnKey })),
    rows,
    now,
  );
  const supplyCalls = new Map<string, SupplyCalls>();
  for (const coin of coins) {
    const key = supplyKey(coin.token, coin.burnKey);
    if (!due.has(key) || supplyCalls.has(key)) continue;
    supplyCalls.set(key, {
      total: at({ address: coin.token, abi: erc20Abi, functionName: "totalSupply", gas: GAS_PER_CALL.token }),
      burned: coin.burn.map((holder) => at({ address: coin.token, abi: erc20Abi, functionName: "balanceOf", args: [holder], gas: GAS_PER_CALL.token })),
    });
  }

  // The pinned block's time, for each price's provenance: one call more, after the rest.
  const clockCall = at({ address: input.multicall3, abi: multicallClockAbi, functionName: "getCurrentBlockTimestamp", gas: GAS_PER_CALL.pair });
  // The coin-specific supply bases (lib/coins/supply-bases.ts), a few calls every pass at the
  // same block: staked HEX from HEX's globals, and the PLS held at the burn addresses.
  const hex = input.hex && coins.some((coin) => coin.token === input.hex) ? input.hex : null;
  const stakedCall = hex ? at({ address: hex, abi: hexGlobalsAbi, functionName: "globals", gas: GAS_PER_CALL.token }) : null;
  const native = nativeCoinOf(coins);
  const nativeBurnCalls = native
    ? native.burn.map((holder) => at({ address: input.multicall3, abi: multicall3Abi, functionName: "getEthBalance", args: [holder], gas: GAS_PER_CALL.pair }))
    : [];
  return { calls, reserveCall, cumulativeCall, supplyCalls, clockCall, stakedCall, nativeBurnCalls };
}
