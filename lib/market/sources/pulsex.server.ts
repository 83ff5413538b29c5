// PulseX on-chain: prices straight from the chain, no API key, any token with a pool.
// A token is priced through a set of base tokens (WPLS, the bridged stablecoins, and
// PULSEX_BASE_TOKENS: HEX, PLSX and INC on mainnet) on every configured factory, from the pool
// with the most tracked USD liquidity (2 × the base's reserve × the base's USD price). A pool's
// price is its time-weighted average since the previous pass (onchain/twap.ts: Uniswap V2's oracle
// on the pair's own accumulators), so a push must be held for the whole window; a pool with no
// reading from the last 30 minutes prices at spot, and the pass's notes say how many. WPLS's USD
// price comes from the stablecoins that agree with each other within 2% (at least two of them), so
// no one stablecoin's pools decide it; a stablecoin that disagrees is valued at its WPLS price.
// Another base's USD price comes from its deepest pool against WPLS or a stablecoin. No base pool
// under the liquidity floor prices anything. The circulating supply is totalSupply minus the
// balances at the coin's burn addresses.
//
// A pass: one eth_chainId check (a misconfigured RPC, say Ethereum, where the same token
// addresses exist, fails the pass instead of publishing another chain's prices), one
// eth_blockNumber that pins every read of the pass, discovery (getPair, token0) only for tokens
// the pool cache does not know or knows from more than a day ago, then one set of capped-multicall
// chunks with every cached pool's reserves and the supplies due (onchain/schedule.ts explains
// why supplies are re-read about hourly, which keeps 5,000 tokens within 50 requests a pass).
// The chain alone has no 24h change: an optional change source (DexScreener) supplies it, and
// without it the refresh pass takes it from the snapshots.
import "server-only";
import { getAddress, type PublicClient } from "viem";
import { getEnv } from "@/lib/config/env";
import type { PulseXContracts } from "../onchain/contracts";
import { readCalls, type MulticallOptions } from "@/lib/chain/read-calls";
import { createMemoryObservationStore, type ObservationStore } from "../onchain/observation-store";
import { createMemoryPoolCache, type PoolCache } from "../onchain/pool-cache";
import type { DiscoveryFailure } from "../onchain/read-miss";
import { countUnaveraged, MAX_OBSERVATION_AGE_S } from "../onchain/twap";
import type { FetchOptions, PriceSource, QuoteRequest, SourceResult } from "../types";
import { addChanges } from "./pulsex/add-changes.server";
import { basesOf, labeller } from "./pulsex/bases";
import { interpretReads } from "./pulsex/chain-reads";
import { planCoins, pulsexFailure, tokensOfPass } from "./pulsex/coins";
import { loadPools } from "./pulsex/load-pools.server";
import { pinBlock } from "./pulsex/pin-block.server";
import { coreDiscoveryMiss } from "./pulsex/pools";
import { priceBases } from "./pulsex/price-bases";
import { priceCoins } from "./pulsex/price-coins";
import { planReads } from "./pulsex/read-plan";
import { rowsToSave } from "./pulsex/rows-to-save";

export type PulseXSourceOptions = {
  client: PublicClient;
  contracts: PulseXContracts;
  /** Asked for the 24h change of the coins the chain priced; its prices are not used. */
  changeSource?: PriceSource;
  /** Pools and supplies between passes: the database in the refresh pass; memory by default. */
  poolCache?: PoolCache;
  /** Each pair's last accumulator reading, for time-weighted prices: the database in the refresh pass; memory by default (spot prices). */
  observations?: ObservationStore;
  /** The least a base's pool must hold to price anything (MARKET_MIN_LIQUIDITY_USD by default). */
  minLiquidityUsd?: number;
  now?: () => Date;
  /** Chunk limits (tests shrink them); the defaults are the production caps. */
  chunks?: Pick<MulticallOptions, "maxCalls" | "maxGas" | "concurrency" | "bisections">;
};

export function createPulseXSource(options: PulseXSourceOptions): PriceSource {
  const resolved = { ...options, poolCache: options.poolCache ?? createMemoryPoolCache(), observations: options.observations ?? createMemoryObservationStore() };
  return { name: "pulsex", fetchQuotes: (requests, fetchOptions) => quotePulseX(resolved, requests, fetchOptions ?? {}) };
}

/**
 * A pass as its steps (pulsex/*). Only pin-block, load-pools, readCalls, the cache's save and
 * add-changes talk to anything; the rest are pure and tested alone. Until the bases are priced the
 * pass fails as a whole; from then on each coin fails alone.
 */
async function quotePulseX(options: PulseXSourceOptions & { poolCache: PoolCache; observations: ObservationStore }, requests: readonly QuoteRequest[], fetchOptions: FetchOptions): Promise<SourceResult> {
  const { client, contracts, poolCache } = options;
  const now = options.now?.() ?? new Date();

  // 1. Plan the coins: an id that is no contract address fails alone, before any request.
  const { coins, invalid } = planCoins(requests);
  if (coins.length === 0) return { quotes: new Map(), failures: invalid };
  // A failure of the pass as a whole (wrong chain, RPC down, WPLS unpriceable) fails every coin asked.
  const failAll = (failure: DiscoveryFailure): SourceResult => ({
    quotes: new Map(),
    failures: [...invalid, ...coins.map((coin) => pulsexFailure(coin.request.coinId, failure.reason, failure.kind))],
    notes: [],
  });

  // 2. Pin the block (eth_chainId, eth_blockNumber): every read below sees one chain state.
  const pinned = await pinBlock(client);
  if ("failure" in pinned) return failAll(pinned.failure);
  const multicall: MulticallOptions = { blockNumber: pinned.blockNumber, deadline: fetchOptions.deadline, ...options.chunks };

  // 3. Load the pools: the cache's rows, and discovery only for tokens it lacks or holds from over a day ago.
  const bases = basesOf(contracts);
  const pools = await loadPools(client, poolCache, { tokens: tokensOfPass(bases.all, coins), bases: bases.all, factories: contracts.factories.map((f) => getAddress(f)), now, multicall });
  const coreMiss = coreDiscoveryMiss(bases, pools.discoveryFailed);
  if (coreMiss) return failAll({ reason: `the pools of WPLS and the stablecoins could not be discovered: ${coreMiss.reason}`, kind: coreMiss.kind });

  // 4. Plan the reads and 5. read the chain: every pool's reserves, the supplies due and the
  // block's time in one set of chunks, each call with its own gas cap (lib/chain/read-calls.ts;
  // onchain/schedule.ts: why supplies are hourly).
  // With them, each pool's accumulator: its average price since the previous pass's reading.
  const hex = contracts.hex ? getAddress(contracts.hex) : null;
  const plan = planReads({ bases, coins, rows: pools.rows, now, multicall3: contracts.multicall3, hex });
  const previous = await options.observations.load([...plan.cumulativeCall.keys()]);
  const reads = interpretReads(plan, await readCalls(client, plan.calls, multicall), pools.rows, pinned.blockNumber, previous);

  // 6. Price the bases: WPLS from the stablecoin pools, then the other bases; without WPLS, nothing.
  const labels = labeller(contracts, bases);
  const floorUsd = options.minLiquidityUsd ?? getEnv().MARKET_MIN_LIQUIDITY_USD;
  const priced = priceBases({ bases, rows: pools.rows, discoveryFailed: pools.discoveryFailed, reads, labels, floorUsd });
  if ("failure" in priced) return failAll(priced.failure);

  // 7. Price each coin: one coin's failure is its own.
  const { quotes, failures, supplies, notes: supplyNotes } = priceCoins(coins, { bases, rows: pools.rows, discoveryFailed: pools.discoveryFailed, priced, reads, labels, now, hex });

  // 8. Save the pool cache: one save of every row discovery or a supply reading changed, and only
  // now, so a pass that failed as a whole leaves the cache as it was.
  const changed = rowsToSave(pools.discovered, supplies, pools.rows);
  if (changed.length) await poolCache.save(changed);
  // This pass's accumulator readings are the next pass's starting points.
  if (reads.observations.size) await options.observations.save(reads.observations);
  const spot = countUnaveraged(plan.cumulativeCall.keys(), previous, reads.observations);
  const notes = spot === 0 ? priced.notes : [...priced.notes, `pulsex: ${spot} of ${plan.cumulativeCall.size} pool prices are spot prices, not averages: no reading of their accumulators from the last ${MAX_OBSERVATION_AGE_S / 60} minutes (a first pass, a new pool, or a pair without accumulators)`];

  // 9. The 24h change, from the change source when there is one (DexScreener requests, within the deadline).
  if (options.changeSource && quotes.size > 0) await addChanges(options.changeSource, coins.map((coin) => coin.request), quotes, fetchOptions);
  return { quotes, failures: [...invalid, ...failures], notes: [...notes, ...supplyNotes] };
}
