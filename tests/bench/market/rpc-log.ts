// What a pass asked the chain, from the request bodies the recording proxy saw (pure, no I/O):
// HTTP requests, JSON-RPC calls by method, and every chunk (an eth_call to the capped multicall,
// as the refresh pass sends them, or to Multicall3's aggregate3) with the number of calls in it
// (decoded with viem), where it went and the block it read, for the gas replay.
import { decodeFunctionData, multicall3Abi, type Address, type Hex } from "viem";
import { CAPPED_MULTICALL_ADDRESS, cappedMulticallAbi } from "@/lib/chain/capped-multicall";
import { RETRY_GAS } from "@/lib/chain/chunks";
import type { RecordedRequest } from "./chain-process";

type JsonRpcCall = { method: string; params?: unknown[] };

/** `to`: the capped multicall's address (its code a state override of the eth_call) or Multicall3's. */
export type MulticallChunk = { to: Address; data: Hex; block: string; calls: number; failed: string | null };

export type RpcFigures = {
  httpRequests: number;
  jsonRpcCalls: number;
  byMethod: Map<string, number>;
  chunks: MulticallChunk[];
  /** JSON-RPC errors in the answers, by message. */
  errors: Map<string, number>;
  /** Time with at least one request waiting for the chain's answer (requests in flight together count once). */
  chainSeconds: number;
  /** Calls sent again with the same method and params: the client's retries after a timeout or error. */
  repeats: number;
  /** Calls of the capped multicall's chunks asked with RETRY_GAS: second askings of calls that failed. */
  secondAskings: number;
};

const increment = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

export function analyseRpcLog(requests: readonly RecordedRequest[], multicall3: Address): RpcFigures {
  const figures: RpcFigures = { httpRequests: requests.length, jsonRpcCalls: 0, byMethod: new Map(), chunks: [], errors: new Map(), repeats: 0, chainSeconds: 0, secondAskings: 0 };
  const seen = new Set<string>();
  for (const request of requests) {
    for (const message of request.errors) increment(figures.errors, message);
    // A JSON-RPC batch is one HTTP request holding several calls.
    const calls = [JSON.parse(request.body)].flat() as JsonRpcCall[];
    for (const call of calls) {
      figures.jsonRpcCalls++;
      increment(figures.byMethod, call.method);
      const key = JSON.stringify([call.method, call.params]);
      if (seen.has(key)) figures.repeats++;
      seen.add(key);
      const [tx, block] = (call.params ?? []) as [{ to?: string; data?: Hex } | undefined, string | undefined];
      const to = tx?.to?.toLowerCase();
      if (call.method !== "eth_call" || !tx?.data || (to !== multicall3.toLowerCase() && to !== CAPPED_MULTICALL_ADDRESS.toLowerCase())) continue;
      let inner: number;
      if (to === CAPPED_MULTICALL_ADDRESS.toLowerCase()) {
        const inners = decodeFunctionData({ abi: cappedMulticallAbi, data: tx.data }).args[0];
        inner = inners.length;
        figures.secondAskings += inners.filter((call) => call.gasLimit >= BigInt(RETRY_GAS)).length;
      } else {
        const decoded = decodeFunctionData({ abi: multicall3Abi, data: tx.data });
        inner = decoded.functionName === "aggregate3" ? decoded.args[0].length : 0;
      }
      // A batch answer's errors are not matched to its calls; the bench's client sends no batches.
      figures.chunks.push({ to: to as Address, data: tx.data, block: block ?? "latest", calls: inner, failed: calls.length === 1 ? (request.errors[0] ?? null) : null });
    }
  }
  figures.chainSeconds = busyMs(requests) / 1000;
  return figures;
}

/** The length of the union of the requests' [start, end] intervals. */
export function busyMs(requests: readonly Pick<RecordedRequest, "startMs" | "endMs">[]): number {
  let busy = 0;
  let until = -Infinity;
  for (const { startMs, endMs } of [...requests].filter((r) => Number.isFinite(r.endMs)).sort((a, b) => a.startMs - b.startMs)) {
    if (endMs <= until) continue;
    busy += endMs - Math.max(startMs, until);
    until = endMs;
  }
  return busy;
}

/** "eth_call 45, eth_chainId 1", biggest first. */
export function describeMethods(byMethod: ReadonlyMap<string, number>): string {
  return [...byMethod].sort((a, b) => b[1] - a[1]).map(([method, count]) => `${method} ${count}`).join(", ");
}
