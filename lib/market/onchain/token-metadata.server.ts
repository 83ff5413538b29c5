// Reads what listing a token needs from its contract: name, symbol and decimals (one Multicall3
// round trip). Used by the operator's listing flow, which has already checked that the RPC is
// PulseChain (lib/listings/coins.server.ts); the price comes from the PulseX source. The name and symbol
// are whatever the contract's deployer chose, so they are cleaned here (lib/market/onchain/token-text.ts)
// before anything else sees them; the raw strings come along for the operator's preview.
import "server-only";
import { erc20Abi, getAddress, isAddress, type Address, type PublicClient } from "viem";
import { cleanTokenName, cleanTokenSymbol, MAX_TOKEN_NAME_LENGTH, MAX_TOKEN_SYMBOL_LENGTH } from "@/lib/market/onchain/token-text";
import { shortMessage } from "./client.server";
import type { PulseXContracts } from "./contracts";

export type TokenMetadata = {
  address: Address;
  /** Cleaned: at most 64 characters, no control or invisible characters, single spaces. */
  name: string;
  /** Cleaned: at most 16 characters, likewise. */
  symbol: string;
  decimals: number;
  /** What the contract answered, before cleaning. */
  raw: { name: string; symbol: string };
};

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
  const cleanName = cleanTokenName(name.result);
  const cleanSymbol = cleanTokenSymbol(symbol.result);
  for (const [what, cleaned, max] of [["name", cleanName, MAX_TOKEN_NAME_LENGTH], ["symbol", cleanSymbol, MAX_TOKEN_SYMBOL_LENGTH]] as const) {
    if (!cleaned) {
      throw new TokenReadError(
        `${token} has no usable ${what}: its ${what} is empty or only control, invisible or space characters, and a listing needs a ${what} of 1 to ${max} visible characters.`,
      );
    }
  }
  return { address: token, name: cleanName, symbol: cleanSymbol, decimals: decimals.result, raw: { name: name.result, symbol: symbol.result } };
}
