// Reads a wallet's bag in the browser: its balance of every listed PulseChain token and of PLS at
// one block (read-balances.ts), then the decimals of the few held tokens whose decimals the coin
// list does not record, at the same block. Only the site's PulseChain RPC sees the address: the
// token list was fetched before, the same for every visitor, and nothing is sent to the site.
import { createPublicClient, erc20Abi, http, type Address, type PublicClient } from "viem";
import { CANONICAL_MULTICALL3 } from "@/lib/chain/aggregate3";
import { GAS_PER_CALL } from "@/lib/chain/chunks";
import { publicEnv } from "@/lib/config/public-env";
import type { BagToken } from "./bag-tokens";
import { readBalances, readForPage } from "./read-balances";
import type { HeldToken } from "./value-bag";

/** The wallet kit's request timeout (spec section 9), for the bag's reads too. */
const RPC_TIMEOUT_MS = 10_000;

/** The browser's client for the PulseChain RPC the site is configured with (CSP allows it). */
export function createBagRpcClient(rpcUrl = publicEnv.pulsechainRpcUrl): PublicClient {
  // No retries: the page offers Retry, and a failing public RPC should not see each read three times.
  return createPublicClient({ transport: http(rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 0 }) }) as PublicClient;
}

export type BagRead = {
  blockNumber: bigint;
  /** Tokens with a balance above zero, with their decimals. */
  held: HeldToken[];
  /** Tokens whose balance or decimals could not be read: named on the page, never guessed. */
  unreadable: { token: BagToken; reason: string }[];
};

export async function readBag(client: PublicClient, owner: Address, tokens: readonly BagToken[], multicall3: Address = CANONICAL_MULTICALL3): Promise<BagRead> {
  const { blockNumber, balances } = await readBalances(client, owner, tokens, { multicall3 });
  const unreadable: BagRead["unreadable"] = [];
  const positive: { token: BagToken; raw: bigint }[] = [];
  balances.forEach((balance, i) => {
    const token = tokens[i]!;
    if (balance.status === "failed") unreadable.push({ token, reason: balance.reason });
    else if (balance.raw > 0n) positive.push({ token, raw: balance.raw });
  });
  const decimals = await readMissingDecimals(client, positive.map((entry) => entry.token), blockNumber, multicall3);
  const held: HeldToken[] = [];
  for (const { token, raw } of positive) {
    const known = token.address === null ? 18 : (token.decimals ?? decimals.get(token.address));
    if (known === undefined || known === null) unreadable.push({ token, reason: "decimals() did not answer" });
    else held.push({ token, raw, decimals: known });
  }
  return { blockNumber, held, unreadable };
}

/** Held tokens the list has no decimals for (listed before decimals were recorded): one more read, same block, same reader. */
async function readMissingDecimals(client: PublicClient, held: readonly BagToken[], blockNumber: bigint, multicall3: Address): Promise<Map<Address, number>> {
  const missing = held.flatMap((token) => (token.address !== null && token.decimals === null ? [token.address] : []));
  const found = new Map<Address, number>();
  if (missing.length === 0) return found;
  const calls = missing.map((address) => ({ address, abi: erc20Abi, functionName: "decimals", gas: GAS_PER_CALL.token }));
  const outcomes = await readForPage(client, calls, { multicall3, blockNumber }, "token decimals");
  outcomes.forEach((outcome, i) => {
    if (outcome.status === "ok" && typeof outcome.value === "number") found.set(missing[i]!, outcome.value);
  });
  return found;
}
