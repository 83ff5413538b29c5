// Reads one wallet's balances of many tokens in the browser, all at one block (isomorphic: viem and
// pure modules only, nothing server-only). One eth_blockNumber, then the chain reader the refresh
// pass uses (lib/chain/read-calls.ts): capped-multicall chunks of at most 500 calls, each call with
// its own 40,000 gas (a failed one asked once more with 1,000,000), each chunk pinned to that block,
// so a bag's totals never mix two chain states and one token whose balanceOf burns gas or reverts
// is skipped and named instead of taking its chunk down. Decimals are the caller's: it already
// knows them from the coin list.
import { erc20Abi, multicall3Abi, type Address, type PublicClient } from "viem";
import { CANONICAL_MULTICALL3 } from "@/lib/chain/aggregate3";
import { GAS_PER_CALL } from "@/lib/chain/chunks";
import { isTimeout, readCalls, type CallOutcome, type ChainCall } from "@/lib/chain/read-calls";
import { rpcErrorWords } from "@/lib/chain/rpc-error-words";

/** A token to read; `address: null` is the native coin (PLS), read with Multicall3.getEthBalance. */
export type BalanceTarget = { address: Address | null };

export type BalanceOutcome = { status: "ok"; raw: bigint } | { status: "failed"; reason: string };

/** `balances` is in the order of the targets. */
export type BalanceRead = { blockNumber: bigint; balances: BalanceOutcome[] };

export type ReadBalancesOptions = {
  /** Defaults to the canonical Multicall3 (viem's pulsechain definition): PLS's getEthBalance, and the reads of a node that ignores state overrides. */
  multicall3?: Address;
  /** Chunks in flight at once; defaults to 4, like the refresh pass. */
  concurrency?: number;
  /** Calls per chunk; defaults to 500, like the refresh pass. */
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

export async function readBalances(client: PublicClient, owner: Address, targets: readonly BalanceTarget[], options: ReadBalancesOptions = {}): Promise<BalanceRead> {
  const multicall3 = options.multicall3 ?? CANONICAL_MULTICALL3;
  const blockNumber = await latestBlockNumber(client);
  const calls = targets.map((target) => balanceCall(target, owner, multicall3));
  const outcomes = await readForPage(client, calls, { multicall3, blockNumber, maxCalls: options.maxCalls, concurrency: options.concurrency }, "balances");
  return { blockNumber, balances: outcomes.map((outcome, i) => toBalance(outcome, targets[i]!)) };
}

async function latestBlockNumber(client: PublicClient): Promise<bigint> {
  try {
    // cacheTime 0: viem would otherwise hand back a block number up to 4 s old to a second read.
    return await client.getBlockNumber({ cacheTime: 0 });
  } catch (error) {
    throw new BalanceReadError("block-number", `Couldn't read the latest block from the PulseChain RPC: ${rpcErrorWords(error)}.`, { cause: error });
  }
}

function balanceCall(target: BalanceTarget, owner: Address, multicall3: Address): ChainCall {
  if (target.address === null) return { address: multicall3, abi: multicall3Abi, functionName: "getEthBalance", args: [owner], gas: GAS_PER_CALL.token };
  return { address: target.address, abi: erc20Abi, functionName: "balanceOf", args: [owner], gas: GAS_PER_CALL.token };
}

export type PageReadOptions = { multicall3: Address; blockNumber: bigint; maxCalls?: number; concurrency?: number };

/**
 * The page's reads through the shared reader: a chunk the RPC fails is halved and retried twice
 * (at most 6 more requests for it), and a node that ignores state overrides is asked through
 * Multicall3's aggregate3 instead. If a chunk still fails, the whole read fails (a bag missing some
 * tokens would show a wrong total), no further chunk is started, and the page says what the RPC did.
 */
export async function readForPage(client: PublicClient, calls: readonly ChainCall[], options: PageReadOptions, what: "balances" | "token decimals"): Promise<CallOutcome[]> {
  let failure: { error: unknown } | null = null;
  const outcomes = await readCalls(client, calls, {
    blockNumber: options.blockNumber,
    maxCalls: options.maxCalls,
    concurrency: options.concurrency,
    stopAfterUnreachable: true,
    onUnreachable: (error) => void (failure ??= { error }),
    plainFallback: { multicall3: options.multicall3 },
  });
  if (failure) {
    const { error } = failure;
    // A timed-out chunk is not halved (the node is slow: more requests would not help).
    const halved = isTimeout(error) ? "" : ", also when asked in smaller parts";
    throw new BalanceReadError("balances", `Couldn't read ${what} at block ${options.blockNumber} from the PulseChain RPC: ${rpcErrorWords(error)}${halved}. Try again in a minute.`, { cause: error });
  }
  return outcomes;
}

function toBalance(outcome: CallOutcome, target: BalanceTarget): BalanceOutcome {
  const method = target.address === null ? "getEthBalance" : "balanceOf";
  if (outcome.status === "ok") {
    if (typeof outcome.value === "bigint") return { status: "ok", raw: outcome.value };
    return { status: "failed", reason: `${method} answered something that is not a balance` };
  }
  if (outcome.status === "reverted") return { status: "failed", reason: failureReason(method, outcome.cause) };
  // Only after a chunk failed, which readForPage has already thrown for.
  return { status: "failed", reason: `${method} was not read` };
}

function failureReason(method: string, cause: Extract<CallOutcome, { status: "reverted" }>["cause"]): string {
  switch (cause) {
    case "out of gas":
      return `${method} ran out of gas`;
    case "reverted":
      return `${method} reverted`;
    default:
      return `${method} answered something that is not a balance`;
  }
}
