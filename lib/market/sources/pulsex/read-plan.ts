// The pass's one set of reads, planned before any is sent (pure): the bases' pools, then each
// coin's pools (each pair once, however many coins share it), then the supplies due, then the
// pinned block's time. One list means one set of Multicall3 chunks for the whole pass.
import { erc20Abi, type Address } from "viem";
import { GAS_PER_CALL } from "../../onchain/chunks";
import { multicallClockAbi, pairAbi } from "../../onchain/contracts";
import type { ChainCall } from "../../onchain/multicall.server";
import type { TokenPools } from "../../onchain/pool-cache";
import { suppliesToRead, supplyKey } from "../../onchain/schedule";
import { basePoolsOf, type Bases } from "./bases";
import type { PassCoin } from "./coins";

/** Where a supply's calls sit in the plan: totalSupply, then balanceOf of each burn address. */
export type SupplyCalls = { total: number; burned: number[] };

export type ReadPlan = {
  calls: ChainCall[];
  /** Each pair's getReserves call. */
  reserveCall: Map<Address, number>;
  /** Each (token, burn list) supply read this pass, by supplyKey (onchain/schedule.ts). */
  supplyCalls: Map<string, SupplyCalls>;
  /** Multicall3's getCurrentBlockTimestamp. */
  clockCall: number;
};

export function planReads(input: { bases: Bases; coins: readonly PassCoin[]; rows: ReadonlyMap<Address, TokenPools>; now: Date; multicall3: Address }): ReadPlan {
  const { bases, coins, rows, now } = input;
  const calls: ChainCall[] = [];
  const at = (call: ChainCall) => calls.push(call) - 1;

  const reserveCall = new Map<Address, number>();
  const readReserves = (pair: Address) => {
    if (!reserveCall.has(pair)) reserveCall.set(pair, at({ address: pair, abi: pairAbi, functionName: "getReserves", gas: GAS_PER_CALL.pair }));
  };
  for (const base of [...bases.stables, ...bases.others]) basePoolsOf(bases, base, rows).forEach((pool) => readReserves(pool.pair));
  for (const coin of coins) rows.get(coin.token)?.pools.forEach((pool) => readReserves(pool.pair));

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
  return { calls, reserveCall, supplyCalls, clockCall };
}
