// How the capped multicall's chunks are sized (pure): each call counts its own gas cap plus a fixed
// overhead, so a chunk's plan is a bound on what it can burn, and every bound stays under the
// eth_call's 30M whatever the contracts do.
import { CALL_OVERHEAD_GAS, CHUNK_OVERHEAD_GAS, GAS_PER_CALL, MAX_CALLS_PER_CHUNK, MAX_GAS_PER_CHUNK, RETRY_GAS, chunkGas, planChunks } from "@/lib/chain/chunks";

const plan = (caps: number[]) => planChunks(caps.map(chunkGas), MAX_CALLS_PER_CHUNK, MAX_GAS_PER_CHUNK - CHUNK_OVERHEAD_GAS);
const boundOf = (caps: number[]) => caps.reduce((sum, cap) => sum + chunkGas(cap), CHUNK_OVERHEAD_GAS);

test("a full chunk of 500 token calls (the largest cap of a first asking) is bounded under 30M", () => {
  const caps = new Array(MAX_CALLS_PER_CHUNK).fill(GAS_PER_CALL.token);
  expect(plan(caps)).toEqual([[0, 500]]);
  expect(boundOf(caps)).toBe(500 * (40_000 + CALL_OVERHEAD_GAS) + CHUNK_OVERHEAD_GAS);
  expect(boundOf(caps)).toBeLessThan(MAX_GAS_PER_CHUNK);
});

test("second askings at 1,000,000 gas each go 29 to a chunk, each chunk's bound under 30M", () => {
  const caps = new Array(60).fill(RETRY_GAS);
  expect(plan(caps)).toEqual([[0, 29], [29, 58], [58, 60]]);
  for (const [start, end] of plan(caps)) expect(boundOf(caps.slice(start, end))).toBeLessThan(MAX_GAS_PER_CHUNK);
});

test("a pass's mix is cut where the next call's bound would pass 30M", () => {
  // 1,000 reserves (15k) then 600 supply calls (40k): 25k and 50k a call with the overhead.
  const caps = [...new Array(1_000).fill(GAS_PER_CALL.pair), ...new Array(600).fill(GAS_PER_CALL.token)];
  const chunks = plan(caps);
  expect(chunks).toEqual([[0, 500], [500, 1_000], [1_000, 1_500], [1_500, 1_600]]);
  for (const [start, end] of chunks) expect(boundOf(caps.slice(start, end))).toBeLessThan(MAX_GAS_PER_CHUNK);
});
