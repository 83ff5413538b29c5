// Reads one wallet's balances of many tokens in the browser, all at one block, through Multicall3
// (isomorphic: viem and pure modules only, nothing server-only). One eth_blockNumber, then
// aggregate3 chunks sized like the refresh pass's, each pinned to that block, so a bag's totals
// never mix two chain states. Decimals are the caller's: it already knows them from the coin list.
import { erc20Abi, multicall3Abi, type Address, type PublicClient } from "viem";
import { aggregate3, CANONICAL_MULTICALL3, type Aggregate3Call, type Aggregate3Outcome } from "@/lib/chain/aggregate3";
import { oneLineMessage } from "@/lib/chain/short-message";
import { runInOrder } from "@/lib/shared/in-batches";
import { GAS_PER_CALL, MAX_CALLS_PER_CHUNK, MAX_GAS_PER_CHUNK, planChunks } from "@/lib/market/onchain/chunks";

/** A token to read; `address: null` is the native coin (PLS), read with Multicall3.getEthBalance. */
export type BalanceTarget = { address: Address | null };

export type BalanceOutcome = { status: "ok"; raw: bigint } | { status: "failed"; reason: string };

/** `balances` is in the order of the targets. */
export type BalanceRead = { blockNumber: bigint; balances: BalanceOutcome[] };

export type ReadBalancesOptions = {
  /** Defaults to the canonical Multicall3 (viem's pulsechain definition). */
  multicall3?: Address;
  /** Chunks in flight at once; defaults to 4, like the refresh pass. */
  concurrency?: number;
  /** Calls per aggregate3; defaults to 500, like the refresh pass. */
  maxCalls?: number;
};

export type BalanceReadStep = "block-number" | "balances";

/** The RPC failed (not a token): the message is written to be shown on the page as it is. */
export class BalanceReadError extends Error {
  readonly step: BalanceReadStep;

  constructor(step: BalanceReadStep, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BalanceReadError";
    this.step = step;
  }
}

const MAX_CHUNKS_IN_FLIGHT = 4;

export async function readBalances(client: PublicClient, owner: Address, targets: readonly BalanceTarget[], options: ReadBalancesOptions = {}): Promise<BalanceRead> {
  const multicall3 = options.multicall3 ?? CANONICAL_MULTICALL3;
  const blockNumber = await latestBlockNumber(client);
  const calls = targets.map((target) => balanceCall(target, owner, multicall3));
  const outcomes = await readChunks(client, calls, { multicall3, blockNumber, maxCalls: options.maxCalls, concurrency: options.concurrency });
  return { blockNumber, balances: outcomes.map((outcome, i) => toBalance(outcome, targets[i]!)) };
}

async function latestBlockNumber(client: PublicClient): Promise<bigint> {
  try {
    // cacheTime 0: viem would otherwise hand back a block number up to 4 s old to a second read.
    return await client.getBlockNumber({ cacheTime: 0 });
  } catch (error) {
    throw new BalanceReadError("block-number", `Couldn't read the latest block from the PulseChain RPC: ${oneLineMessage(error)}`, { cause: error });
  }
}

function balanceCall(target: BalanceTarget, owner: Address, multicall3: Address): Aggregate3Call {
  if (target.address === null) return { address: multicall3, abi: multicall3Abi, functionName: "getEthBalance", args: [owner] };
  return { address: target.address, abi: erc20Abi, functionName: "balanceOf", args: [owner] };
}

type ChunkOptions = { multicall3: Address; blockNumber: bigint; maxCalls?: number; concurrency?: number };

/**
 * No bisection here, unlike the refresh pass: a failed chunk fails the whole read, because a bag
 * missing some tokens would show the page a wrong total, and retrying halves from a browser would
 * multiply the requests a public RPC sees. Once a chunk fails no further chunk is started.
 */
async function readChunks(client: PublicClient, calls: readonly Aggregate3Call[], options: ChunkOptions): Promise<Aggregate3Outcome[]> {
  const outcomes: Aggregate3Outcome[] = new Array(calls.length);
  const plan = planChunks(calls.map(() => GAS_PER_CALL.token), options.maxCalls ?? MAX_CALLS_PER_CHUNK, MAX_GAS_PER_CHUNK);
  let failure: { error: unknown } | null = null;
  await runInOrder(plan.length, options.concurrency ?? MAX_CHUNKS_IN_FLIGHT, async (index) => {
    if (failure) return;
    const [start, end] = plan[index]!;
    try {
      const results = await aggregate3(client, calls.slice(start, end), { multicall3: options.multicall3, blockNumber: options.blockNumber, gas: MAX_GAS_PER_CHUNK });
      results.forEach((outcome, i) => (outcomes[start + i] = outcome));
    } catch (error) {
      failure ??= { error };
    }
  });
  if (failure) {
    const { error } = failure;
    throw new BalanceReadError("balances", `Couldn't read balances at block ${options.blockNumber} from the PulseChain RPC: ${oneLineMessage(error)}`, { cause: error });
  }
  return outcomes;
}

function toBalance(outcome: Aggregate3Outcome, target: BalanceTarget): BalanceOutcome {
  const method = target.address === null ? "getEthBalance" : "balanceOf";
  if (outcome.status === "reverted") return { status: "failed", reason: `${method} reverted` };
  if (outcome.status === "undecodable" || typeof outcome.value !== "bigint") return { status: "failed", reason: `${method} answered something that is not a balance` };
  return { status: "ok", raw: outcome.value };
}
