// The viem client every on-chain read goes through: the configured PulseChain RPC with a timeout
// per request and bounded retries with backoff (viem retries 429s and 5xx, waiting
// retryDelay * 2^attempt), so a slow or flaky node fails a pass instead of hanging it.
import "server-only";
import { createPublicClient, http, type PublicClient } from "viem";
import { getEnv } from "@/lib/config/env";

export type PulseChainClientOptions = {
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
  /** Sees every HTTP request (tests count the RPC round trips with it). */
  onFetchRequest?: (request: Request) => void;
};

export function createPulseChainClient(rpcUrl: string, options: PulseChainClientOptions = {}): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, {
      timeout: options.timeoutMs ?? getEnv().PULSECHAIN_RPC_TIMEOUT_MS,
      retryCount: options.retries ?? 2,
      retryDelay: options.retryDelayMs ?? 500,
      onFetchRequest: options.onFetchRequest,
    }),
  }) as PublicClient;
}

export { shortMessage } from "@/lib/chain/short-message";
