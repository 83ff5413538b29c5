// How the chain reader's calls (the refresh pass's and the bag's) are cut into chunks, one eth_call each (pure). viem's own batching sizes
// chunks by calldata bytes, which lets 8,192 four-byte getReserves calls into one eth_call (about
// 52M gas on ganache, over geth's 50M cap); here a chunk is capped by call count and by gas.
//
// Chunks go through the capped multicall (capped-multicall.ts, via read-calls.ts), where every call
// runs with its own gas cap (GAS_PER_CALL) and can use no more: a chunk's gas is at most the sum
// of its calls' caps plus a known overhead per call, so planning on chunkGas() is a real bound,
// not an estimate. (Multicall3's aggregate3, the fallback for a node that ignores state overrides,
// gives each inner call all the gas left: there a contract that burns gas takes every call after it down.)

/** At most this many calls in one chunk. */
export const MAX_CALLS_PER_CHUNK = 500;
/**
 * A chunk's gas bound (the sum of chunkGas over its calls, plus CHUNK_OVERHEAD_GAS) stays under
 * this, and it is the gas limit sent with the eth_call: under geth's 50M eth_call cap and
 * PulseChain's block gas limit.
 */
export const MAX_GAS_PER_CHUNK = 30_000_000;

/**
 * Each call's gas cap. Pair and factory code is known (V2): a cold slot or two stay well under
 * 15k. Token contracts run anyone's code, so decimals/totalSupply/balanceOf (the pass's and the bag's) get 40k (an ordinary
 * ERC-20 needs under 10k; a proxy token about 15k); one that needs more fails its own call, and is
 * asked again with RETRY_GAS.
 */
export const GAS_PER_CALL = { pair: 15_000, token: 40_000 } as const;

/** The cap of the second asking of a call that failed (reverted or ran out of gas) with its own cap. */
export const RETRY_GAS = 1_000_000;

/**
 * What a call costs its chunk beyond its cap: the CALL of a cold account (2,600), its share of the
 * calldata (about 200 bytes), copying its answer and encoding the results, the loop. Measured on
 * ganache: about 5,900 gas a call beyond what the callee itself used (500 getReserves of 500
 * pairs: 4.2M gas in all, each pair using about 2,350); tests/server/chain/capped-multicall.test.ts
 * checks a full chunk stays within its bound. CappedMulticall.sol keeps 10,000 back before each call too.
 */
export const CALL_OVERHEAD_GAS = 10_000;
/** What a chunk costs before its calls: the transaction's 21,000, the contract's dispatch and decoding. */
export const CHUNK_OVERHEAD_GAS = 100_000;

/** A call's share of its chunk's gas bound. */
export const chunkGas = (cap: number) => cap + CALL_OVERHEAD_GAS;

/** [start, end) ranges over the calls, in order, each within both caps. */
export function planChunks(gasEstimates: readonly number[], maxCalls = MAX_CALLS_PER_CHUNK, maxGas = MAX_GAS_PER_CHUNK): [number, number][] {
  const chunks: [number, number][] = [];
  let start = 0;
  let gas = 0;
  for (let i = 0; i < gasEstimates.length; i++) {
    const next = gasEstimates[i]!;
    if (i > start && (i - start >= maxCalls || gas + next >= maxGas)) {
      chunks.push([start, i]);
      start = i;
      gas = 0;
    }
    gas += next;
  }
  if (start < gasEstimates.length) chunks.push([start, gasEstimates.length]);
  return chunks;
}
