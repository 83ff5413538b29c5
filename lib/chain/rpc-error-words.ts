// What went wrong with an RPC request, in words a holder understands (isomorphic: viem only), for
// pages that read the chain in the browser. viem's own summaries ("Missing or invalid parameters.
// Double check you have provided the correct parameters.") describe a JSON-RPC error code, which
// nodes use loosely; what the node said, its HTTP status, or that it never answered is what tells a
// visitor whether to wait, retry or change networks.
import { BaseError, HttpRequestError, RpcRequestError, TimeoutError } from "viem";
import { StateOverrideIgnoredError } from "./capped-multicall";

/** The most telling error inside viem's chain of causes. */
function find<T>(error: unknown, kind: abstract new (...args: never[]) => T): T | null {
  if (error instanceof kind) return error;
  if (error instanceof BaseError) return (error.walk((cause) => cause instanceof kind) as T | null) ?? null;
  return null;
}

/** "it did not answer in time", "it is not working right now (HTTP 503)", "it refused the request ("…")". */
export function rpcErrorWords(error: unknown): string {
  if (find(error, TimeoutError)) return "it did not answer in time";
  if (find(error, StateOverrideIgnoredError)) return "it does not run the reads this page sends";
  const http = find(error, HttpRequestError);
  if (http) {
    if (http.status === 429) return "it is limiting how often it can be asked (HTTP 429)";
    if (http.status !== undefined && http.status >= 500) return `it is not working right now (HTTP ${http.status})`;
    if (http.status !== undefined) return `it refused the request (HTTP ${http.status})`;
    return "it could not be reached";
  }
  const rpc = find(error, RpcRequestError);
  if (rpc) return rpc.details ? `it refused the request ("${oneLine(rpc.details)}")` : "it refused the request";
  return "it answered something this page could not read";
}

const oneLine = (text: string) => {
  const line = text.replace(/\s*\n\s*/g, " ").trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
};
