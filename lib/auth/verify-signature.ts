// Checks that `signature` over `message` comes from `address`: an ordinary key (recovered
// locally, no network) or a contract wallet (EIP-1271 / EIP-6492, asked of the chain).
import "server-only";
import { createPublicClient, http, isAddressEqual, isErc6492Signature, recoverMessageAddress, type Address, type Hex } from "viem";
import { pulsechainAt } from "@/lib/wallet/pulsechain";

export type SignatureVerdict = "valid" | "invalid" | "unverifiable";

const RPC_TIMEOUT_MS = 5_000;

export async function verifyWalletSignature(
  { address, message, signature }: { address: Address; message: string; signature: Hex },
  rpcUrl: string,
): Promise<SignatureVerdict> {
  try {
    if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return "valid";
  } catch {
    // not a 65-byte ECDSA signature: may still be a contract wallet's
  }
  const client = createPublicClient({
    chain: pulsechainAt(rpcUrl),
    transport: http(rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 1 }),
  });
  try {
    // A plain account (no code) cannot sign any other way, unless the signature carries the
    // deployment of a not-yet-deployed contract wallet (EIP-6492).
    const code = await client.getCode({ address });
    if (!code && !isErc6492Signature(signature)) return "invalid";
    // viem's check calls the wallet's isValidSignature (EIP-1271), deploying it first in a
    // simulated call for EIP-6492 signatures.
    return (await client.verifyMessage({ address, message, signature })) ? "valid" : "invalid";
  } catch (error) {
    // The chain could not be asked (RPC down or slow): refuse, and say why in the log.
    console.warn(`[auth] signature check for ${address} could not reach PulseChain: ${(error as Error).message.split("\n")[0]}`);
    return "unverifiable";
  }
}
