// A real HTTP proxy in front of the local chain's RPC: it records every JSON-RPC request (the
// method, the block an eth_call was pinned to, the calls inside a capped multicall or a Multicall3 aggregate3) and can
// answer an error instead of forwarding, so tests see what the on-chain reader really sends and
// how it takes a failed chunk.
import { createServer, type Server } from "node:http";
import { decodeFunctionData, multicall3Abi, toFunctionSelector, type Address, type Hex } from "viem";
import { CAPPED_MULTICALL_ADDRESS, cappedMulticallAbi } from "@/lib/chain/capped-multicall";

export type RecordedRequest = {
  method: string;
  /** eth_call: the block tag or number it was pinned to. */
  block?: string;
  /** eth_call: the address called (lower-case). */
  to?: string;
  /** eth_call to the capped multicall or Multicall3: each inner call's target and 4-byte selector. */
  calls?: { target: Address; selector: Hex; callData: Hex }[];
  /** The proxy answered an error instead of forwarding. */
  refused: boolean;
};

export type RpcProxy = {
  url: string;
  requests: RecordedRequest[];
  /** Answer an error for every eth_call whose calldata matches (lower-cased hex without 0x). */
  refuseCallsContaining: string | null;
  /** Answer an error for every eth_call of more inner calls than this (a node that limits a request's size). */
  refuseCallsOver: number | null;
  /** Forward eth_calls without their state override set, as a node that does not apply them answers. */
  ignoreStateOverrides: boolean;
  /** Hold every eth_call whose calldata matches this long before forwarding it (a slow node). */
  stall: { containing: string; ms: number } | null;
  /** The most requests that were open at once. */
  maxInFlight: number;
  /**
   * eth_getBlockByNumber for a tag ("safe", "finalized"): answered for this block number instead
   * (a node whose safe head lags), or "unsupported": an RPC error, as a node without the tag answers.
   */
  blockTags: Record<string, bigint | "unsupported">;
  /** Answer HTTP 503 (a node that is down for a moment) to every request this picks, whatever its method. */
  failRequest: ((method: string, params: unknown[]) => boolean) | null;
  /** Answer this result instead of forwarding, for the requests it returns one for (e.g. a receipt not there yet: `{ result: null }`). */
  answerRequest: ((method: string, params: unknown[]) => { result: unknown } | null) | null;
  stop(): Promise<void>;
};

export const SELECTORS = {
  getPair: toFunctionSelector("getPair(address,address)"),
  token0: toFunctionSelector("token0()"),
  getReserves: toFunctionSelector("getReserves()"),
  totalSupply: toFunctionSelector("totalSupply()"),
  balanceOf: toFunctionSelector("balanceOf(address)"),
  decimals: toFunctionSelector("decimals()"),
};

type JsonRpc = { jsonrpc: "2.0"; id: number; method: string; params?: unknown[] };

export async function startRpcProxy(upstream: string): Promise<RpcProxy> {
  const proxy: RpcProxy = { url: "", requests: [], refuseCallsContaining: null, refuseCallsOver: null, ignoreStateOverrides: false, stall: null, maxInFlight: 0, blockTags: {}, failRequest: null, answerRequest: null, stop: async () => {} };
  let inFlight = 0;
  const server: Server = createServer(async (req, res) => {
    inFlight++;
    proxy.maxInFlight = Math.max(proxy.maxInFlight, inFlight);
    res.on("close", () => inFlight--);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let text = Buffer.concat(chunks).toString("utf8");
    let body = JSON.parse(text) as JsonRpc;
    if (proxy.ignoreStateOverrides && body.method === "eth_call" && (body.params?.length ?? 0) > 2) text = JSON.stringify({ ...body, params: body.params!.slice(0, 2) });
    const record: RecordedRequest = { method: body.method, refused: false };
    const tag = body.method === "eth_getBlockByNumber" ? proxy.blockTags[String(body.params?.[0])] : undefined;
    if (tag === "unsupported") record.refused = true;
    else if (tag !== undefined) body = { ...body, params: [`0x${tag.toString(16)}`, ...(body.params ?? []).slice(1)] };
    if (body.method === "eth_call") {
      const [call, block] = body.params as [{ to: string; data?: Hex; input?: Hex }, string];
      const data = (call.data ?? call.input)!;
      record.block = block;
      record.to = call.to?.toLowerCase();
      try {
        // The refresh pass's capped multicall, or Multicall3's aggregate3 (the bag reader).
        const capped = call.to?.toLowerCase() === CAPPED_MULTICALL_ADDRESS.toLowerCase();
        const { args } = capped ? decodeFunctionData({ abi: cappedMulticallAbi, data }) : decodeFunctionData({ abi: multicall3Abi, data });
        record.calls = (args[0] as readonly { target: Address; callData: Hex }[]).map((inner) => ({ target: inner.target, selector: inner.callData.slice(0, 10) as Hex, callData: inner.callData }));
      } catch {
        // Not a multicall: recorded without calls.
      }
      if (proxy.refuseCallsContaining && data.toLowerCase().includes(proxy.refuseCallsContaining)) record.refused = true;
      if (proxy.refuseCallsOver !== null && (record.calls?.length ?? 0) > proxy.refuseCallsOver) record.refused = true;
    }
    if (proxy.failRequest?.(body.method, body.params ?? [])) {
      proxy.requests.push({ ...record, refused: true });
      res.writeHead(503, { "content-type": "text/plain" });
      res.end("proxy: unavailable on purpose");
      return;
    }
    const answered = proxy.answerRequest?.(body.method, body.params ?? []);
    if (answered) {
      proxy.requests.push({ ...record, refused: true });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, result: answered.result }));
      return;
    }
    proxy.requests.push(record);
    if (proxy.stall && record.calls && text.toLowerCase().includes(proxy.stall.containing)) await new Promise((resolve) => setTimeout(resolve, proxy.stall!.ms));
    res.writeHead(200, { "content-type": "application/json" });
    if (record.refused) {
      res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, error: { code: -32000, message: "proxy: refused on purpose" } }));
      return;
    }
    try {
      const answer = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: tag === undefined ? text : JSON.stringify(body) });
      res.end(await answer.text());
    } catch {
      // The chain stopped under a request its client had already given up on (a timed-out stalled
      // chunk at a suite's end): left unhandled, that failed whichever suite ran next in the process.
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  proxy.stop = () => new Promise((resolve) => server.close(() => resolve()));
  return proxy;
}

/** The address as it appears inside calldata: lower-case hex, no 0x. */
export const inCalldata = (address: string) => address.slice(2).toLowerCase();
