// One round trip of many read calls, each with a gas cap of its own (CappedMulticall.sol): a token
// whose totalSupply burns gas spends its own cap and fails its own slot, and every other call of
// the chunk runs as if it were not there. Multicall3's aggregate3 cannot do that: it passes each
// inner call all the gas left, so one such token starves every call after it.
//
// Nothing is deployed. The eth_call carries the contract's runtime code as a state override
// (eth_call's third parameter, geth's "state override set", also served by Erigon, Nethermind,
// Besu, Reth and ganache) at CAPPED_MULTICALL_ADDRESS, an address no one holds a key or contract
// for, so it works on any such node at any block with nothing to configure.
//
// Why not viem's deployless `call({ code })`: it runs the contract as a constructor and returns
// the answer as the code being deployed, which EIP-170 caps at 24,576 bytes (and EIP-3860 caps the
// calldata, being init code, at 49,152), charging 200 gas a byte for it. Checked on ganache: 130
// calls answered, 160 failed with "code size to deposit exceeds maximum code size". A chunk of 500
// calls answers about 110 kB.
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Abi, type Address, type Hex, type PublicClient } from "viem";
import { CAPPED_MULTICALL_CODE } from "./capped-multicall-code";

/** keccak256("pulsecompare: CappedMulticall")'s last 20 bytes: an address with no key and no code. */
export const CAPPED_MULTICALL_ADDRESS: Address = "0xBe14a728b7276D1Ab701204A179fad85f1bAe0A0";

/** CappedMulticall.sol's one function, written as the contract declares it. */
export const cappedMulticallAbi = parseAbi([
  "struct Call { address target; uint256 gasLimit; bytes callData; }",
  "struct Result { uint8 status; uint256 gasUsed; bytes returnData; }",
  "function run(Call[] calls) returns (uint256 timestamp, Result[] results)",
]);

/** CappedMulticall.sol's result statuses. */
const STATUS = { ok: 0, failed: 1, notRun: 2, tooLong: 3 } as const;

export type CappedCall = { address: Address; abi: Abi; functionName: string; args?: readonly unknown[]; /** The most gas this call may use. */ gas: number };

export type CappedOutcome =
  | { status: "ok"; value: unknown }
  /**
   * The call itself failed, a fact about the contract: it reverted, ran out of its gas, answered
   * something that does not decode as the ABI says, or answered more than the 256 bytes copied.
   */
  | { status: "failed"; cause: "reverted" | "out of gas" | "undecodable" | "too long"; gas: number }
  /** Not made: the eth_call's gas left could not give it its whole cap (the chunk was planned too full). */
  | { status: "not run" };

export type CappedMulticallOptions = {
  /** Every read of a pass comes from this one chain state. */
  blockNumber: bigint;
  /** The eth_call's gas limit; the calls' caps and the per-call overhead must fit in it. */
  gas: number;
};

export const encodeCappedCalls = (calls: readonly CappedCall[]): Hex =>
  encodeFunctionData({
    abi: cappedMulticallAbi,
    functionName: "run",
    args: [calls.map((call) => ({ target: call.address, gasLimit: BigInt(call.gas), callData: encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args }) }))],
  });

/** The node ran the eth_call without the override: nothing was at the address, so nothing answered. */
export class StateOverrideIgnoredError extends Error {
  constructor() {
    super("the RPC answered nothing: it does not apply eth_call state overrides, which the capped multicall needs");
    this.name = "StateOverrideIgnoredError";
  }
}

/** Throws on any failure of the eth_call itself (transport, RPC error, a node that ignored the override). */
export async function cappedMulticall(client: PublicClient, calls: readonly CappedCall[], options: CappedMulticallOptions): Promise<{ blockTime: bigint; outcomes: CappedOutcome[] }> {
  const { data } = await client.call({
    to: CAPPED_MULTICALL_ADDRESS,
    data: encodeCappedCalls(calls),
    blockNumber: options.blockNumber,
    gas: BigInt(options.gas),
    stateOverride: [{ address: CAPPED_MULTICALL_ADDRESS, code: CAPPED_MULTICALL_CODE }],
  });
  // No code ran: the node dropped the state override (an answer from an address without code is empty).
  if (!data || data === "0x") throw new StateOverrideIgnoredError();
  const [timestamp, results] = decodeFunctionResult({ abi: cappedMulticallAbi, functionName: "run", data });
  if (results.length !== calls.length) throw new Error(`the capped multicall answered ${results.length} results for ${calls.length} calls`);
  return { blockTime: timestamp, outcomes: results.map((result, i) => outcomeOf(calls[i]!, result)) };
}

function outcomeOf(call: CappedCall, result: { status: number; gasUsed: bigint; returnData: Hex }): CappedOutcome {
  switch (result.status) {
    case STATUS.ok:
      try {
        return { status: "ok", value: decodeFunctionResult({ abi: call.abi, functionName: call.functionName, data: result.returnData }) };
      } catch {
        return { status: "failed", cause: "undecodable", gas: call.gas };
      }
    case STATUS.notRun:
      return { status: "not run" };
    case STATUS.tooLong:
      return { status: "failed", cause: "too long", gas: call.gas };
    default:
      // gasUsed counts the CALL's own cost on top of the callee's gas: a call that used its whole
      // cap ran out of it (it cannot use more); a revert leaves some.
      return { status: "failed", cause: result.gasUsed >= BigInt(call.gas) ? "out of gas" : "reverted", gas: call.gas };
  }
}

/** A failed call in plain words: "reverted", "ran out of its 40,000 gas", ... */
export function describeFailure(outcome: Extract<CappedOutcome, { status: "failed" }>): string {
  switch (outcome.cause) {
    case "reverted":
      return "reverted";
    case "out of gas":
      return `ran out of its ${outcome.gas.toLocaleString("en-US")} gas`;
    case "undecodable":
      return "answered something that is not the number asked for";
    case "too long":
      return "answered more than 256 bytes";
  }
}
