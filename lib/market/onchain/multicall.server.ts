// Runs a pass's reads through Multicall3: chunks planned by chunks.ts, at most 4 in flight, each
// eth_call pinned to the pass's block number so every price of a pass comes from one chain
// state. A chunk that fails (RPC error, timeout, a revert of the whole aggregate) is split in
// halves and retried, twice at most, so one token whose balanceOf reverts or eats the gas fails
// a few neighbours instead of 499; whatever still fails is reported as "unreachable", never as a
// missing pool. A timeout is not halved: the node is slow, and sending the same work again as two
// requests only adds to its queue (measured on ganache, which runs eth_calls one at a time at
// about 8 ms per inner call: halving timed-out chunks turned 4 requests into 70). After the deadline no chunk starts: its calls come back "deferred".
import "server-only";
import { BaseError, TimeoutError, type Abi, type Address, type PublicClient } from "viem";
import { aggregate3 } from "@/lib/chain/aggregate3";
import { runInOrder } from "@/lib/shared/in-batches";
import { shortMessage } from "./client.server";
import { MAX_CALLS_PER_CHUNK, MAX_GAS_PER_CHUNK, planChunks } from "./chunks";

export type ChainCall = { address: Address; abi: Abi; functionName: string; args?: readonly unknown[]; gas: number };

export type CallOutcome =
  | { status: "ok"; value: unknown }
  /** The call itself reverted (or answered garbage): a fact about the contract. */
  | { status: "reverted" }
  | { status: "unreachable"; reason: string }
  | { status: "deferred" };

export type MulticallOptions = {
  multicall3: Address;
  blockNumber: bigint;
  deadline?: number;
  maxCalls?: number;
  maxGas?: number;
  concurrency?: number;
  /** How many times a failed chunk is halved and retried. */
  bisections?: number;
};

export const MAX_CHUNKS_IN_FLIGHT = 4;
const BISECTIONS = 2;

export async function readCalls(client: PublicClient, calls: readonly ChainCall[], options: MulticallOptions): Promise<CallOutcome[]> {
  const outcomes: CallOutcome[] = new Array(calls.length);
  const plan = planChunks(calls.map((call) => call.gas), options.maxCalls ?? MAX_CALLS_PER_CHUNK, options.maxGas ?? MAX_GAS_PER_CHUNK);
  const maxGas = options.maxGas ?? MAX_GAS_PER_CHUNK;
  const pastDeadline = () => options.deadline !== undefined && Date.now() >= options.deadline;

  async function run(start: number, end: number, bisectionsLeft: number): Promise<void> {
    if (pastDeadline()) {
      for (let i = start; i < end; i++) outcomes[i] = { status: "deferred" };
      return;
    }
    try {
      const results = await aggregate3(client, calls.slice(start, end), { multicall3: options.multicall3, blockNumber: options.blockNumber, gas: maxGas });
      // Garbage counts as a revert here: either way that contract cannot be priced.
      results.forEach((outcome, i) => (outcomes[start + i] = outcome.status === "undecodable" ? { status: "reverted" } : outcome));
    } catch (error) {
      if (bisectionsLeft > 0 && end - start > 1 && !isTimeout(error)) {
        const middle = start + Math.ceil((end - start) / 2);
        // One half after the other: a bisection never adds chunks in flight.
        await run(start, middle, bisectionsLeft - 1);
        await run(middle, end, bisectionsLeft - 1);
        return;
      }
      const reason = `RPC failure reading a multicall chunk: ${shortMessage(error)}`;
      for (let i = start; i < end; i++) outcomes[i] = { status: "unreachable", reason };
    }
  }

  await runInOrder(plan.length, options.concurrency ?? MAX_CHUNKS_IN_FLIGHT, (index) => {
    const [start, end] = plan[index]!;
    return run(start, end, options.bisections ?? BISECTIONS);
  });
  return outcomes;
}

function isTimeout(error: unknown): boolean {
  return error instanceof BaseError ? Boolean(error.walk((cause) => cause instanceof TimeoutError)) : error instanceof TimeoutError;
}
