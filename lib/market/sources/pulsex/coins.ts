// The coins of a pass (pure): each request's token and burn list, checksummed, and a failure for
// each request whose id is no contract address (it fails alone; the rest are still asked about).
import { getAddress, isAddress, type Address } from "viem";
import { DEFAULT_BURN_ADDRESSES } from "../../onchain/contracts";
import { burnKeyOf } from "../../onchain/schedule";
import type { QuoteFailure, QuoteRequest } from "../../types";

export type PassCoin = { request: QuoteRequest; token: Address; burn: Address[]; burnKey: string };

/** The native coin among a pass's coins (PLS, asked through WPLS), if any. */
export const nativeCoinOf = (coins: readonly PassCoin[]) => coins.find((coin) => coin.request.native === true);

/** A failure as this source reports it: its reason says which source gave it. */
export function pulsexFailure(coinId: string, reason: string, kind?: QuoteFailure["kind"]): QuoteFailure {
  return { coinId, reason: `pulsex: ${reason}`, ...(kind && { kind }) };
}

/** The requests with a contract address as coins (in the order asked), the others as failures. */
export function planCoins(requests: readonly QuoteRequest[]): { coins: PassCoin[]; invalid: QuoteFailure[] } {
  const coins: PassCoin[] = [];
  const invalid: QuoteFailure[] = [];
  for (const request of requests) {
    if (!isAddress(request.quoteId, { strict: false })) {
      invalid.push(pulsexFailure(request.coinId, `${request.quoteId} is not a contract address`));
      continue;
    }
    // A coin's own burn list replaces the default set.
    const burn = (request.burnAddresses?.length ? request.burnAddresses : DEFAULT_BURN_ADDRESSES).map((address) => getAddress(address));
    coins.push({ request, token: getAddress(request.quoteId), burn, burnKey: burnKeyOf(burn) });
  }
  return { coins, invalid };
}

/** Every token a pass needs pools for: the bases first, then the coins', each once. */
export function tokensOfPass(bases: readonly Address[], coins: readonly PassCoin[]): Address[] {
  return [...new Set([...bases, ...coins.map((coin) => coin.token)])];
}
