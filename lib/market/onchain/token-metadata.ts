// Reads what listing a token needs from its contract: name, symbol and decimals (one Multicall3
// round trip). Used by the operator's listing flow, which has already checked that the RPC is
// PulseChain (lib/listings/coins.ts); the price comes from the PulseX source.
import "server-only";
import { erc20Abi, getAddress, isAddress, type Address, type PublicClient } from "viem";
import { shortMessage } from "./client";
import type { PulseXContracts } from "./contracts";

export type TokenMetadata = { address: Address; name: string; symbol: string; decimals: number };

/** Why a token could not be read; the message is fit to show the operator. */
export class TokenReadError extends Error {}

export async function readTokenMetadata(client: PublicClient, contracts: Pick<PulseXContracts, "multicall3">, address: string): Promise<TokenMetadata> {
  if (!isAddress(address, { strict: false })) throw new TokenReadError(`${address} is not a contract address.`);
  const token = getAddress(address);

  let results;
  try {
    results = await client.multicall({
      multicallAddress: contracts.multicall3,
      allowFailure: true,
      contracts: [
        { address: token, abi: erc20Abi, functionName: "name" },
        { address: token, abi: erc20Abi, functionName: "symbol" },
        { address: token, abi: erc20Abi, functionName: "decimals" },
      ],
    });
  } catch (error) {
    throw new TokenReadError(`Reading ${token} failed: ${shortMessage(error)}`);
  }
  const [name, symbol, decimals] = results;
  if (name.status !== "success" || symbol.status !== "success" || decimals.status !== "success") {
    throw new TokenReadError(`${token} is not an ERC-20 token on PulseChain (name, symbol or decimals did not answer).`);
  }
  const cleanName = name.result.trim();
  const cleanSymbol = symbol.result.trim();
  if (!cleanName || !cleanSymbol) throw new TokenReadError(`${token} has an empty name or symbol.`);
  return { address: token, name: cleanName, symbol: cleanSymbol, decimals: decimals.result };
}
