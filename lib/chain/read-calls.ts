// Reads many contract calls at one block in chunks, each one eth_call of the capped multicall
// (capped-multicall.ts): every call has a gas cap of its own, so a token whose totalSupply or
// balanceOf burns gas or reverts fails its own slot and nothing else. The one reader of both the
// server's refresh pass (lib/market) and the browser's bag (lib/bag): isomorphic, viem and pure
// modules only. Chunks are planned by chunks.ts, at most 4 in flight, each eth_call pinned to one
// block number so every answer comes from one chain state.
//
// 1. Every call once, with its own cap (GAS_PER_CALL).
// 2. The calls that reverted or ran out of gas, once more in one more set of chunks (one request
//    for up to 29 of them), each with RETRY_GAS of its own: a proxy token, or one whose code is
//    just expensive, gets its answer; one that fails again is a fact about its contract, reported
//    with what happened both times. A call that answered (even with garbage) is not asked again:
//    it did not lack gas, and at the pinned block it would answer the same.
//
// A chunk that fails as a whole (RPC error, a node that refuses large requests, a node that ignores
// the state override) is split in halves and retried, twice at most (so a chunk is sent at most
// 1 + 2 + 4 = 7 times); whatever still fails is reported as "unreachable", never as a missing pool
// or a broken token. A timeout is not halved: the node is slow, and sending the same work again as
// two requests only adds to its queue (measured on ganache, which runs eth_calls one at a time at
// about 8 ms per inner call: halving timed-out chunks turned 4 requests into 70). After the
// deadline no chunk starts: its calls come back "deferred".
//
// With `plainFallback`, a node that answers the capped multicall with nothing (it does not apply
// eth_call state overrides; public RPCs vary) is asked through Multicall3's aggregate3 instead, for
// that chunk and every later one: reads still work there, without per-call gas caps.
import { BaseError, TimeoutError, type Abi, type Address, type PublicClient } from "viem";
import { runInOrder } from "@/lib/shared/in-batches";
import { aggregate3 } from "./aggregate3";
import { cappedMulticall, StateOverrideIgnoredError, type CappedOutcome } from "./capped-multicall";
import { CHUNK_OVERHEAD_GAS, MAX_CALLS_PER_CHUNK, MAX_GAS_PER_CHUNK, RETRY_GAS, chunkGas, planChunks } from "./chunks";
import { shortMessage } from "./short-message";

/** One read; `gas` is its own cap (chunks.ts GAS_PER_CALL). */
export type ChainCall = { address: Address; abi: Abi; functionName: string; args?: readonly unknown[]; gas: number };

export type CallOutcome =
  | { status: "ok"; value: unknown }
  /**
   * The call itself failed, a fact about the contract: it reverted, ran out of its own gas (after a
   * second asking with more), or answered something that does not decode as the ABI says.
   * `detail` says which, in words ("ran out of gas with 40,000 gas and again with 1,000,000 of its own").
   */
  | { status: "reverted"; detail?: string; /** What happened the last time it was asked. */ cause?: Failure["cause"] }
  | { status: "unreachable"; reason: string }
  | { status: "deferred" };

export type MulticallOptions = {
  blockNumber: bigint;
  deadline?: number;
  maxCalls?: number;
  /** The eth_call's gas limit, which bounds each chunk's calls' caps (at most 30M). */
  maxGas?: number;
  concurrency?: number;
  /** How many times a failed chunk is halved and retried. */
  bisections?: number;
  /** How many failed calls a pass asks again (the rest keep their first failure); default 2 chunks' worth. */
  maxRetries?: number;
  /** Once a chunk has failed as a whole (after its halvings), start no further chunk: their calls come back "deferred". */
  stopAfterUnreachable?: boolean;
  /** Each error that left a chunk (or a piece of one) unreachable, for a page to describe. */
  onUnreachable?: (error: unknown) => void;
  /** Multicall3's address: ask a node that ignores state overrides through its aggregate3 instead. */
  plainFallback?: { multicall3: Address };
};

export const MAX_CHUNKS_IN_FLIGHT = 4;
const BISECTIONS = 2;

/** A call that failed with its own cap, what happened the first time, and its place in the pass. */
type Failed = { index: number; first: Extract<CappedOutcome, { status: "failed" }> | null };

export async function readCalls(client: PublicClient, calls: readonly ChainCall[], options: MulticallOptions): Promise<CallOutcome[]> {
  const maxGas = Math.min(options.maxGas ?? MAX_GAS_PER_CHUNK, MAX_GAS_PER_CHUNK);
  const maxCalls = options.maxCalls ?? MAX_CALLS_PER_CHUNK;
  const outcomes: CallOutcome[] = new Array(calls.length);

  // 1. Every call with its own cap.
  const first = await runChunks(client, calls, maxCalls, maxGas, options);
  const retry: Failed[] = [];
  first.forEach((outcome, index) => {
    if (outcome.status === "failed" && (outcome.cause === "reverted" || outcome.cause === "out of gas") && calls[index]!.gas < RETRY_GAS) retry.push({ index, first: outcome });
    else if (outcome.status === "not run") retry.push({ index, first: null });
    else outcomes[index] = settle(outcome, null);
  });
  if (retry.length === 0) return outcomes;

  // 2. The failed ones once more, with a bigger cap each, in as few chunks as their caps allow.
  const budget = options.maxRetries ?? 2 * callsPerChunk(RETRY_GAS, maxGas);
  const asked = retry.slice(0, budget);
  for (const { index, first: failure } of retry.slice(budget)) {
    outcomes[index] = failure
      ? { status: "reverted", detail: `${failureWords(failure)} (not asked again: over this pass's ${budget} second askings)`, cause: failure.cause }
      : { status: "unreachable", reason: "the multicall chunk had too little gas left for this call" };
  }
  const again = await runChunks(
    client,
    asked.map(({ index }) => ({ ...calls[index]!, gas: Math.max(calls[index]!.gas, RETRY_GAS) })),
    maxCalls,
    maxGas,
    options,
  );
  asked.forEach(({ index, first: failure }, i) => (outcomes[index] = settle(again[i]!, failure)));
  return outcomes;
}

/** How many calls of this cap one chunk holds. */
const callsPerChunk = (cap: number, maxGas: number) => Math.max(1, Math.floor((maxGas - CHUNK_OVERHEAD_GAS - 1) / chunkGas(cap)));

type RunOutcome = CappedOutcome | { status: "unreachable"; reason: string } | { status: "deferred" };

/** The calls in planned chunks, at most `concurrency` in flight, a failed chunk halved and retried. */
async function runChunks(client: PublicClient, calls: readonly ChainCall[], maxCalls: number, maxGas: number, options: MulticallOptions): Promise<RunOutcome[]> {
  const outcomes: RunOutcome[] = new Array(calls.length);
  const plan = planChunks(
    calls.map((call) => chunkGas(call.gas)),
    maxCalls,
    maxGas - CHUNK_OVERHEAD_GAS,
  );
  const pastDeadline = () => options.deadline !== undefined && Date.now() >= options.deadline;
  let stopped = false;
  // Set once the node has ignored the override: every later chunk goes straight to aggregate3.
  let plain = false;

  const ask = async (chunk: readonly ChainCall[]): Promise<CappedOutcome[]> => {
    const fallback = options.plainFallback;
    if (!plain || !fallback) {
      try {
        return (await cappedMulticall(client, chunk, { blockNumber: options.blockNumber, gas: maxGas })).outcomes;
      } catch (error) {
        if (!(error instanceof StateOverrideIgnoredError) || !fallback) throw error;
        plain = true;
      }
    }
    const results = await aggregate3(client, chunk, { multicall3: fallback.multicall3, blockNumber: options.blockNumber, gas: maxGas });
    return results.map((result, i) => (result.status === "ok" ? result : { status: "failed", cause: result.status, gas: chunk[i]!.gas }));
  };

  async function run(start: number, end: number, bisectionsLeft: number): Promise<void> {
    if (pastDeadline() || stopped) {
      for (let i = start; i < end; i++) outcomes[i] = { status: "deferred" };
      return;
    }
    try {
      const results = await ask(calls.slice(start, end));
      results.forEach((outcome, i) => (outcomes[start + i] = outcome));
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
      options.onUnreachable?.(error);
      if (options.stopAfterUnreachable) stopped = true;
    }
  }

  await runInOrder(plan.length, options.concurrency ?? MAX_CHUNKS_IN_FLIGHT, (index) => {
    const [start, end] = plan[index]!;
    return run(start, end, options.bisections ?? BISECTIONS);
  });
  return outcomes;
}

/** A call's outcome for the pass, given how it went the first time when this was its second asking. */
function settle(outcome: RunOutcome, first: Extract<CappedOutcome, { status: "failed" }> | null): CallOutcome {
  switch (outcome.status) {
    case "ok":
    case "unreachable":
    case "deferred":
      return outcome;
    case "not run":
      // Only when a chunk was planned too full, which chunkGas's margin is there to prevent.
      return { status: "unreachable", reason: "the multicall chunk had too little gas left for this call" };
    case "failed":
      return { status: "reverted", detail: first ? twiceWords(first, outcome) : failureWords(outcome), cause: outcome.cause };
  }
}

type Failure = Extract<CappedOutcome, { status: "failed" }>;
const gasWords = (gas: number) => gas.toLocaleString("en-US");
const CAUSE_WORDS: Record<Failure["cause"], string> = {
  reverted: "reverted",
  "out of gas": "ran out of gas",
  undecodable: "answered data that does not decode as its ABI says",
  "too long": "answered more than 256 bytes",
};

/** "ran out of gas with 40,000 gas" */
const failureWords = (failure: Failure) => `${CAUSE_WORDS[failure.cause]} with ${gasWords(failure.gas)} gas`;

/** "ran out of gas with 40,000 gas and again with 1,000,000 of its own" */
function twiceWords(first: Failure, second: Failure): string {
  if (first.cause === second.cause) return `${CAUSE_WORDS[first.cause]} with ${gasWords(first.gas)} gas and again with ${gasWords(second.gas)} of its own`;
  return `${CAUSE_WORDS[second.cause]} with ${gasWords(second.gas)} gas of its own (with ${gasWords(first.gas)}, it ${CAUSE_WORDS[first.cause]})`;
}

/** The request ran out of time (a chunk that timed out is not halved). */
export function isTimeout(error: unknown): boolean {
  return error instanceof BaseError ? Boolean(error.walk((cause) => cause instanceof TimeoutError)) : error instanceof TimeoutError;
}
