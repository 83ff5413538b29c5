// One Multicall3 aggregate3 round trip (isomorphic: viem only): the shared reader's fallback
// (read-calls.ts) for a node that does not apply eth_call state overrides, so the capped multicall
// cannot run there. Every inner call is sent with allowFailure, so one contract that reverts or
// answers garbage fails its own slot and never the whole eth_call. Not one that burns gas:
// aggregate3 gives each inner call all the gas left, so such a contract starves every call after
// it, or fails the whole eth_call (then read-calls.ts halves the chunk).
import { decodeFunctionResult, encodeFunctionData, getAddress, multicall3Abi, type Abi, type Address, type PublicClient } from "viem";
import { pulsechain } from "viem/chains";

/** Multicall3's address on PulseChain (and most EVM chains), as viem's chain definition has it. */
export const CANONICAL_MULTICALL3: Address = getAddress(pulsechain.contracts.multicall3.address);

export type Aggregate3Call = { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] };

export type Aggregate3Outcome =
  | { status: "ok"; value: unknown }
  | { status: "reverted" }
  /** The call succeeded but its answer does not decode as the ABI says: not the contract we think. */
  | { status: "undecodable" };

export type Aggregate3Options = {
  multicall3: Address;
  /** Every read of a pass or a bag comes from this one chain state. */
  blockNumber: bigint;
  /** The eth_call's gas limit: bounds what a chunk may burn on the node whatever the contracts do (not what one call may take from the others). */
  gas: number;
};

/** Throws on any failure of the eth_call itself (transport, RPC error, no Multicall3 there). */
export async function aggregate3(client: PublicClient, calls: readonly Aggregate3Call[], options: Aggregate3Options): Promise<Aggregate3Outcome[]> {
  const { data: returned } = await client.call({ to: options.multicall3, data: encodeAggregate3(calls), blockNumber: options.blockNumber, gas: BigInt(options.gas) });
  if (!returned) throw new Error(`Multicall3 returned no data (is ${options.multicall3} a Multicall3 at this block?)`);
  const results = decodeFunctionResult({ abi: multicall3Abi, functionName: "aggregate3", data: returned });
  if (results.length !== calls.length) throw new Error(`Multicall3 answered ${results.length} results for ${calls.length} calls`);
  return results.map((result, i) => (result.success ? decodeInner(calls[i]!, result.returnData) : { status: "reverted" }));
}

function encodeAggregate3(calls: readonly Aggregate3Call[]) {
  return encodeFunctionData({
    abi: multicall3Abi,
    functionName: "aggregate3",
    args: [calls.map((call) => ({ target: call.address, allowFailure: true, callData: encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args }) }))],
  });
}

function decodeInner(call: Aggregate3Call, data: `0x${string}`): Aggregate3Outcome {
  try {
    return { status: "ok", value: decodeFunctionResult({ abi: call.abi, functionName: call.functionName, data }) };
  } catch {
    return { status: "undecodable" };
  }
}
