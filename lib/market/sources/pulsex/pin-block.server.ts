// The pass's first two requests (I/O): the chain id, so a misconfigured RPC (say Ethereum, where
// the same token addresses exist) fails the pass instead of publishing another chain's prices,
// and the newest block number, which every read of the pass is pinned to.
import "server-only";
import type { PublicClient } from "viem";
import { shortMessage } from "../../onchain/client.server";
import { PULSECHAIN_CHAIN_ID } from "../../onchain/contracts";
import type { DiscoveryFailure } from "../../onchain/read-miss";

export async function pinBlock(client: PublicClient): Promise<{ blockNumber: bigint } | { failure: DiscoveryFailure }> {
  try {
    const chainId = await client.getChainId();
    if (chainId !== PULSECHAIN_CHAIN_ID) return { failure: { reason: `the RPC serves chain ${chainId}, not PulseChain (${PULSECHAIN_CHAIN_ID})` } };
    // Asked directly: viem's getBlockNumber caches for seconds, and a pass must see the newest.
    return { blockNumber: BigInt(await client.request({ method: "eth_blockNumber" })) };
  } catch (error) {
    return { failure: { reason: `RPC unavailable: ${shortMessage(error)}`, kind: "unreachable" } };
  }
}
