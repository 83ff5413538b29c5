// How a pass's reads are cut into Multicall3 chunks (pure). viem's own batching sizes chunks by
// calldata bytes, which lets 8,192 four-byte getReserves calls into one eth_call (about 52M gas
// on ganache, over geth's 50M cap); here a chunk is capped by call count and by a conservative
// gas estimate per call instead.

/** At most this many calls in one aggregate3. */
export const MAX_CALLS_PER_CHUNK = 500;
/** A chunk's estimated gas stays under this; it is also the gas limit sent with the eth_call. */
export const MAX_GAS_PER_CHUNK = 30_000_000;

/**
 * Gas assumed per call, on the high side. Pair and factory code is known (V2): a cold account,
 * a cold slot or two and Multicall3's copying stay well under 15k. Token contracts run anyone's
 * code, so decimals/totalSupply/balanceOf get 40k; one that burns more than that fails its own
 * call inside aggregate3, and the eth_call's own 30M limit stops the rest from growing unbounded.
 */
export const GAS_PER_CALL = { pair: 15_000, token: 40_000 } as const;

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
