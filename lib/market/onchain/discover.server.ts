// Finds a token's PulseX pools: getPair for the token against every base token on every factory,
// with its decimals, in one set of chunks; then token0 of each pair found, so the reserves can be
// read the right way round. The rows go to the pool cache; later passes skip all of this.
import "server-only";
import { erc20Abi, getAddress, zeroAddress, type Address, type PublicClient } from "viem";
import { groupBy } from "../group-by";
import { factoryAbi, pairAbi } from "./contracts";
import { GAS_PER_CALL } from "@/lib/chain/chunks";
import { readCalls, type ChainCall, type MulticallOptions } from "@/lib/chain/read-calls";
import type { CachedPool, TokenPools } from "./pool-cache";
import { firstMiss, type DiscoveryFailure } from "./read-miss";

export type Discovery = { row: TokenPools } | { failure: DiscoveryFailure };

type Lookup = { token: Address; base: Address; factory: Address; call: number };

export async function discoverPools(
  client: PublicClient,
  tokens: readonly Address[],
  context: { bases: readonly Address[]; factories: readonly Address[]; now: Date; multicall: MulticallOptions },
): Promise<Map<Address, Discovery>> {
  const found = new Map<Address, Discovery>();
  if (tokens.length === 0) return found;

  const calls: ChainCall[] = [];
  const at = (call: ChainCall) => calls.push(call) - 1;
  const decimalsCall = new Map<Address, number>();
  const lookups: Lookup[] = [];
  for (const token of tokens) {
    decimalsCall.set(token, at({ address: token, abi: erc20Abi, functionName: "decimals", gas: GAS_PER_CALL.token }));
    for (const base of context.bases) {
      if (base === token) continue;
      for (const factory of context.factories) {
        lookups.push({ token, base, factory, call: at({ address: factory, abi: factoryAbi, functionName: "getPair", args: [token, base], gas: GAS_PER_CALL.pair }) });
      }
    }
  }
  const first = await readCalls(client, calls, context.multicall);

  const pairsFound = lookups.flatMap((lookup) => {
    const outcome = first[lookup.call]!;
    return outcome.status === "ok" && outcome.value !== zeroAddress ? [{ ...lookup, pair: getAddress(outcome.value as Address) }] : [];
  });
  const second = await readCalls(
    client,
    pairsFound.map((found) => ({ address: found.pair, abi: pairAbi, functionName: "token0", gas: GAS_PER_CALL.pair })),
    context.multicall,
  );

  // Grouped by token once: 5,000 tokens × 50,000 lookups scanned per token would take seconds.
  const lookupsOf = groupBy(lookups, (lookup) => lookup.token);
  const pairsOf = groupBy(pairsFound.map((pair, i) => ({ pair, outcome: second[i]! })), ({ pair }) => pair.token);
  for (const token of tokens) {
    const decimals = first[decimalsCall.get(token)!]!;
    const own = (lookupsOf.get(token) ?? []).map((lookup) => first[lookup.call]!);
    const ownPairs = pairsOf.get(token) ?? [];
    const missed = firstMiss([decimals, ...own, ...ownPairs.map(({ outcome }) => outcome)]);
    if (missed) {
      found.set(token, { failure: missed });
      continue;
    }
    if (decimals.status !== "ok") {
      found.set(token, { failure: { reason: `${token} did not answer decimals(): not an ERC-20` } });
      continue;
    }
    const pools: CachedPool[] = ownPairs.flatMap(({ pair, outcome }) =>
      outcome.status === "ok" ? [{ pair: pair.pair, factory: pair.factory, base: pair.base, tokenIsToken0: getAddress(outcome.value as Address) === token }] : [],
    );
    found.set(token, { row: { token, decimals: Number(decimals.value), pools, discoveredAt: context.now, supply: null } });
  }
  return found;
}
