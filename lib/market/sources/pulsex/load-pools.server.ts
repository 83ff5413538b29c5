// The pass's pools (I/O): the cached rows of every token, then discovery (getPair, token0) only
// for tokens the cache does not know or knows from more than a day ago (onchain/schedule.ts).
import "server-only";
import type { Address, PublicClient } from "viem";
import { discoverPools } from "../../onchain/discover.server";
import type { MulticallOptions } from "@/lib/chain/read-calls";
import type { PoolCache } from "../../onchain/pool-cache";
import { tokensToDiscover } from "../../onchain/schedule";
import { mergeDiscoveries, type PassPools } from "./pools";

export async function loadPools(
  client: PublicClient,
  poolCache: PoolCache,
  context: { tokens: readonly Address[]; bases: readonly Address[]; factories: readonly Address[]; now: Date; multicall: MulticallOptions },
): Promise<PassPools> {
  const cached = await poolCache.load(context.tokens);
  const discoveries = await discoverPools(client, tokensToDiscover(context.tokens, cached, context.now), context);
  return mergeDiscoveries(cached, discoveries);
}
