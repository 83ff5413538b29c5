// After the passes, outside their timing: the gas each chunk a pass sent needs. Each distinct chunk
// is replayed once as a transaction to where it went with the block's whole gas limit, and the
// receipt's gasUsed is its gas (intrinsic and calldata gas included, as an eth_call is charged).
// That works for a chunk that failed in the pass for being over the node's eth_call cap. The
// refresh pass's chunks go to the capped multicall, whose code each eth_call carries as a state
// override: for the replay that code is placed at its address once (ganache's evm_setAccountCode).
//
// Why not eth_estimateGas for every chunk: ganache's estimate traces every EVM step and then
// binary-searches, several executions of a chunk of thousands of calls. The heaviest chunk is
// still checked with eth_estimateGas (run.ts prints both figures).
//
// "At the same block": the passes read "latest" and nothing is mined while they run; the replay
// transactions mine blocks afterwards, but change only the sender's balance and nonce, so every
// contract a chunk reads is in the state the pass read.
import { createTestClient, createWalletClient, http, numberToHex, type Address, type Hex, type PublicClient } from "viem";
import { CAPPED_MULTICALL_ADDRESS } from "@/lib/chain/capped-multicall";
import { CAPPED_MULTICALL_CODE } from "@/lib/chain/capped-multicall-code";
import type { MulticallChunk } from "./rpc-log";

export type ChunkGas = { gas: bigint | null; error: string | null };

const describe = (error: { shortMessage?: string; message?: string }) => error.shortMessage ?? error.message ?? String(error);

export function createGasReplay(client: PublicClient, rpcUrl: string) {
  const cache = new Map<Hex, Promise<ChunkGas>>();
  let wallet: Promise<ReturnType<typeof createWalletClient>> | undefined;
  const walletOf = () =>
    (wallet ??= createWalletClient({ transport: http(rpcUrl, { timeout: 300_000 }) })
      .getAddresses()
      .then(([account]) => createWalletClient({ account: account!, transport: http(rpcUrl, { timeout: 300_000, retryCount: 0 }) })));

  let codePlaced: Promise<void> | undefined;
  const placeCode = () =>
    (codePlaced ??= createTestClient({ mode: "ganache", transport: http(rpcUrl, { timeout: 300_000 }) }).setCode({ address: CAPPED_MULTICALL_ADDRESS, bytecode: CAPPED_MULTICALL_CODE }));

  async function replay(to: Address, data: Hex): Promise<ChunkGas> {
    try {
      if (to.toLowerCase() === CAPPED_MULTICALL_ADDRESS.toLowerCase()) await placeCode();
      const block = await client.getBlock();
      const hash = await (await walletOf()).sendTransaction({ to, data, gas: block.gasLimit, chain: null, account: (await walletOf()).account! });
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 300_000 });
      if (receipt.status !== "success") return { gas: null, error: `the replay reverted (gas used ${receipt.gasUsed})` };
      return { gas: receipt.gasUsed, error: null };
    } catch (error) {
      return { gas: null, error: describe(error as Error) };
    }
  }

  return {
    /** The chunk's gas; identical chunks are replayed once. */
    chunkGas(chunk: MulticallChunk): Promise<ChunkGas> {
      if (!cache.has(chunk.data)) cache.set(chunk.data, replay(chunk.to, chunk.data));
      return cache.get(chunk.data)!;
    },
    /** The chunk's gas if it was replayed already (an identical chunk of another pass). */
    cached(chunk: MulticallChunk): Promise<ChunkGas> | undefined {
      return cache.get(chunk.data);
    },
    /** eth_estimateGas of one chunk at the given block, to check the replay's figure against. */
    async estimate(chunk: MulticallChunk, block: bigint): Promise<ChunkGas> {
      try {
        // The capped multicall's code is placed after the passes' block: estimated at the newest
        // block, where every contract a chunk reads is as the pass read it (see above).
        const capped = chunk.to.toLowerCase() === CAPPED_MULTICALL_ADDRESS.toLowerCase();
        if (capped) await placeCode();
        const gas = await client.request({ method: "eth_estimateGas", params: [{ to: chunk.to, data: chunk.data }, capped ? "latest" : numberToHex(block)] });
        return { gas: BigInt(gas), error: null };
      } catch (error) {
        return { gas: null, error: describe(error as Error) };
      }
    },
  };
}
