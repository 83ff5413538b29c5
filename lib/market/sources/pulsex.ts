// PulseX on-chain: prices straight from the chain, no API key, any token with a pool.
// A token is priced through a set of base tokens (WPLS, the bridged stablecoins, and
// PULSEX_BASE_TOKENS: HEX, PLSX and INC on mainnet) on every configured factory, from the pool
// with the most tracked USD liquidity (2 × the base's reserve × the base's USD price). WPLS's USD
// price is the liquidity-weighted median of the stablecoin pools (each stable taken as $1),
// dropping pools more than 2% from it; a stablecoin whose pools were all dropped is valued at its
// WPLS price. Another base's USD price comes from its deepest pool against WPLS or a stablecoin.
// The circulating supply is totalSupply minus the balances at the coin's burn addresses.
//
// A pass: one eth_chainId check (a misconfigured RPC, say Ethereum, where the same token
// addresses exist, fails the pass instead of publishing another chain's prices), one
// eth_blockNumber that pins every read of the pass, discovery (getPair, token0) only for tokens
// the pool cache does not know or knows from more than a day ago, then one set of Multicall3
// chunks with every cached pool's reserves and the supplies due (onchain/schedule.ts explains
// why supplies are re-read about hourly, which keeps 5,000 tokens within 50 requests a pass).
// The chain alone has no 24h change: an optional change source (DexScreener) supplies it, and
// without it the refresh pass takes it from the snapshots.
import "server-only";
import { erc20Abi, getAddress, isAddress, type Address, type PublicClient } from "viem";
import { DEFAULT_BURN_ADDRESSES, KNOWN_LABELS, PULSECHAIN_CHAIN_ID, multicallClockAbi, pairAbi, type PulseXContracts } from "../onchain/contracts";
import { shortMessage } from "../onchain/client";
import { GAS_PER_CALL } from "../onchain/chunks";
import { discoverPools, firstMiss, type DiscoveryFailure } from "../onchain/discover";
import { readCalls, type CallOutcome, type ChainCall, type MulticallOptions } from "../onchain/multicall";
import { createMemoryPoolCache, type CachedPool, type PoolCache, type TokenPools } from "../onchain/pool-cache";
import { bestRoute, checkStablePools, circulatingRaw, toUnits, type BasePool, type Route } from "../onchain/reserves";
import { burnKeyOf, suppliesToRead, tokensToDiscover } from "../onchain/schedule";
import type { FetchOptions, PriceSource, Quote, QuoteFailure, QuoteRequest, SourceResult } from "../types";
import type { OnchainProvenance } from "@/lib/validation/provenance";

/** WPLS's provenance has no pool of its own: it is priced from the stablecoin pools. */
const NO_POOL = { source: "pulsex", pool: null, factory: null, factoryName: null, base: null, baseSymbol: null, tokenReserve: null, baseReserve: null, baseUsd: null } as const;

export type PulseXSourceOptions = {
  client: PublicClient;
  contracts: PulseXContracts;
  /** Asked for the 24h change of the coins the chain priced; its prices are not used. */
  changeSource?: PriceSource;
  /** Pools and supplies between passes: the database in the refresh pass; memory by default. */
  poolCache?: PoolCache;
  now?: () => Date;
  /** Chunk limits (tests shrink them); the defaults are the production caps. */
  chunks?: Pick<MulticallOptions, "maxCalls" | "maxGas" | "concurrency" | "bisections">;
};

export function createPulseXSource(options: PulseXSourceOptions): PriceSource {
  const resolved = { ...options, poolCache: options.poolCache ?? createMemoryPoolCache() };
  return { name: "pulsex", fetchQuotes: (requests, fetchOptions) => quotePulseX(resolved, requests, fetchOptions ?? {}) };
}

type Bases = { wpls: Address; stables: Address[]; others: Address[]; all: Address[] };

function basesOf(contracts: PulseXContracts): Bases {
  const wpls = getAddress(contracts.wpls);
  const stables = [...new Set(contracts.stablecoins.map((address) => getAddress(address)))].filter((stable) => stable !== wpls);
  const others = [...new Set((contracts.baseTokens ?? []).map((address) => getAddress(address)))].filter((base) => base !== wpls && !stables.includes(base));
  return { wpls, stables, others, all: [wpls, ...stables, ...others] };
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

async function quotePulseX(options: PulseXSourceOptions & { poolCache: PoolCache }, requests: readonly QuoteRequest[], fetchOptions: FetchOptions): Promise<SourceResult> {
  const { client, contracts, poolCache } = options;
  const now = options.now?.() ?? new Date();
  const quotes = new Map<string, Quote>();
  const failures: QuoteFailure[] = [];
  const notes: string[] = [];
  const fail = (coinId: string, reason: string, kind?: QuoteFailure["kind"]) => failures.push({ coinId, reason: `pulsex: ${reason}`, ...(kind && { kind }) });

  const valid = requests.filter((request) => {
    if (isAddress(request.quoteId, { strict: false })) return true;
    fail(request.coinId, `${request.quoteId} is not a contract address`);
    return false;
  });
  if (valid.length === 0) return { quotes, failures };
  const failAll = (reason: string, kind?: QuoteFailure["kind"]) => {
    for (const request of valid) fail(request.coinId, reason, kind);
    return { quotes, failures, notes };
  };

  let blockNumber: bigint;
  try {
    const chainId = await client.getChainId();
    if (chainId !== PULSECHAIN_CHAIN_ID) return failAll(`the RPC serves chain ${chainId}, not PulseChain (${PULSECHAIN_CHAIN_ID})`);
    // Asked directly: viem's getBlockNumber caches for seconds, and a pass must see the newest.
    blockNumber = BigInt(await client.request({ method: "eth_blockNumber" }));
  } catch (error) {
    return failAll(`RPC unavailable: ${shortMessage(error)}`, "unreachable");
  }
  const multicall: MulticallOptions = { multicall3: contracts.multicall3, blockNumber, deadline: fetchOptions.deadline, ...options.chunks };

  const bases = basesOf(contracts);
  const labels = labeller(contracts, bases);
  const coins = valid.map((request) => {
    const token = getAddress(request.quoteId);
    const burn = (request.burnAddresses?.length ? request.burnAddresses : DEFAULT_BURN_ADDRESSES).map((address) => getAddress(address));
    return { request, token, burn, burnKey: burnKeyOf(burn) };
  });

  // Discovery: only tokens the cache does not know, or knows from more than a day ago.
  const tokens = [...new Set([...bases.all, ...coins.map((coin) => coin.token)])];
  const rows = new Map(await poolCache.load(tokens));
  const discoveryFailed = new Map<Address, DiscoveryFailure>();
  const discovered = await discoverPools(client, tokensToDiscover(tokens, rows, now), { bases: bases.all, factories: contracts.factories.map((f) => getAddress(f)), now, multicall });
  const toSave: TokenPools[] = [];
  for (const [token, result] of discovered) {
    if ("row" in result) {
      // A rediscovery keeps the supply reading: the token's supply did not change with its pools.
      const row = { ...result.row, supply: rows.get(token)?.supply ?? null };
      rows.set(token, row);
      toSave.push(row);
    } else if (!rows.has(token)) {
      discoveryFailed.set(token, result.failure);
    }
    // A failed daily rediscovery keeps using yesterday's pools.
  }

  // WPLS and the stablecoins price everything: if their discovery did not happen (RPC failure,
  // deadline), say so rather than "no stablecoin pool".
  const coreMiss = [bases.wpls, ...bases.stables].map((token) => discoveryFailed.get(token)).find((failure) => failure?.kind);
  if (coreMiss) return failAll(`the pools of WPLS and the stablecoins could not be discovered: ${coreMiss.reason}`, coreMiss.kind);

  // One set of chunks: the bases' pools, then each coin's pools and its supply if due.
  const calls: ChainCall[] = [];
  const at = (call: ChainCall) => calls.push(call) - 1;
  const reserveCall = new Map<Address, number>();
  const readReserves = (pool: CachedPool) => {
    if (!reserveCall.has(pool.pair)) reserveCall.set(pool.pair, at({ address: pool.pair, abi: pairAbi, functionName: "getReserves", gas: GAS_PER_CALL.pair }));
  };
  const basePoolsOf = (base: Address): CachedPool[] => {
    const pools = rows.get(base)?.pools ?? [];
    // A stablecoin is checked against WPLS only; another base is priced against WPLS or a stablecoin.
    if (bases.stables.includes(base)) return pools.filter((pool) => pool.base === bases.wpls);
    return pools.filter((pool) => pool.base === bases.wpls || bases.stables.includes(pool.base));
  };
  for (const base of [...bases.stables, ...bases.others]) basePoolsOf(base).forEach(readReserves);
  for (const coin of coins) rows.get(coin.token)?.pools.forEach(readReserves);

  // Supplies only of coins that can have a price (a token with no pool costs no supply reads).
  const priceable = (token: Address) => bases.all.includes(token) || (rows.get(token)?.pools.length ?? 0) > 0;
  const due = suppliesToRead(
    coins.filter((coin) => rows.has(coin.token) && priceable(coin.token)).map(({ token, burnKey }) => ({ token, burnKey })),
    rows,
    now,
  );
  const supplyCalls = new Map<string, { total: number; burned: number[] }>();
  for (const coin of coins) {
    const key = `${coin.token}|${coin.burnKey}`;
    if (!due.has(key) || supplyCalls.has(key)) continue;
    supplyCalls.set(key, {
      total: at({ address: coin.token, abi: erc20Abi, functionName: "totalSupply", gas: GAS_PER_CALL.token }),
      burned: coin.burn.map((holder) => at({ address: coin.token, abi: erc20Abi, functionName: "balanceOf", args: [holder], gas: GAS_PER_CALL.token })),
    });
  }
  // The pinned block's time, for each price's provenance: one call more, after the rest.
  const clockCall = at({ address: contracts.multicall3, abi: multicallClockAbi, functionName: "getCurrentBlockTimestamp", gas: GAS_PER_CALL.pair });
  const outcomes = await readCalls(client, calls, multicall);
  const clock = outcomes[clockCall]!;
  const block = { block: Number(blockNumber), blockTime: clock.status === "ok" ? new Date(Number(clock.value as bigint) * 1000).toISOString() : null };

  // Each pool seen from one of its tokens; a read that did not happen makes the pool unknown.
  type PoolRead = { pool: BasePool } | { miss: DiscoveryFailure } | null;
  const poolFrom = (token: Address, pool: CachedPool): PoolRead => {
    const outcome = outcomes[reserveCall.get(pool.pair)!]!;
    const miss = firstMiss([outcome]);
    if (miss) return { miss };
    const tokenDecimals = rows.get(token)?.decimals;
    const baseDecimals = rows.get(pool.base)?.decimals;
    if (outcome.status !== "ok" || tokenDecimals === undefined || baseDecimals === undefined) return null;
    const [reserve0, reserve1] = outcome.value as readonly [bigint, bigint, number];
    return {
      pool: {
        pair: pool.pair,
        factory: pool.factory,
        base: pool.base,
        tokenReserve: toUnits(pool.tokenIsToken0 ? reserve0 : reserve1, tokenDecimals),
        baseReserve: toUnits(pool.tokenIsToken0 ? reserve1 : reserve0, baseDecimals),
      },
    };
  };
  const readPools = (token: Address, pools: readonly CachedPool[]) => {
    const read = pools.map((pool) => poolFrom(token, pool));
    const miss = read.find((entry): entry is { miss: DiscoveryFailure } => entry !== null && "miss" in entry);
    return { pools: read.flatMap((entry) => (entry && "pool" in entry ? [entry.pool] : [])), miss: miss?.miss ?? null };
  };

  // WPLS in USD, checked across the stablecoin pools.
  const stableReads = new Map(bases.stables.map((stable) => [stable, readPools(stable, basePoolsOf(stable))]));
  const stableMiss = [...stableReads.values()].find((read) => read.miss)?.miss;
  if (stableMiss) return failAll(`a stablecoin pool could not be read, so WPLS has no checked USD price: ${stableMiss.reason}`, stableMiss.kind);
  const check = checkStablePools([...stableReads.values()].flatMap((read) => read.pools));
  if (!check) return failAll("no WPLS/stablecoin pair with reserves, so WPLS has no USD price");

  const baseUsd = new Map<string, number>([[bases.wpls, check.price]]);
  const baseRoutes = new Map<Address, Route>();
  const baseMiss = new Map<Address, DiscoveryFailure>();
  for (const stable of bases.stables) {
    const pools = stableReads.get(stable)!.pools;
    const route = bestRoute(pools, baseUsd);
    if (!route) continue;
    baseRoutes.set(stable, route);
    if (check.kept.some((pool) => pool.base === bases.wpls && pools.includes(pool))) {
      baseUsd.set(stable, 1);
    } else {
      // Every pool of this stablecoin was dropped: it is off its peg, so it counts at what it trades for.
      baseUsd.set(stable, route.price);
      notes.push(`pulsex: ${labels.of(stable)} is off its peg: valued at $${route.price.toPrecision(4)} (its WPLS price × WPLS in USD), not $1`);
    }
  }
  for (const pool of check.dropped) {
    const stable = [...stableReads].find(([, read]) => read.pools.some((candidate) => candidate.pair === pool.pair))?.[0];
    notes.push(
      `pulsex: dropped the ${stable ? labels.of(stable) : "stablecoin"} pool ${pool.pair} on ${labels.of(pool.factory)}: it prices WPLS at $${pool.impliedPrice.toPrecision(4)}, ` +
        `${(pool.deviation * 100).toFixed(1)}% from the median $${check.median.toPrecision(4)}`,
    );
  }
  for (const base of bases.others) {
    const discoveryMiss = discoveryFailed.get(base);
    if (discoveryMiss?.kind) {
      baseMiss.set(base, discoveryMiss);
      continue;
    }
    const read = readPools(base, basePoolsOf(base));
    if (read.miss) {
      baseMiss.set(base, read.miss);
      continue;
    }
    const route = bestRoute(read.pools, baseUsd);
    if (route) baseRoutes.set(base, route);
  }
  for (const base of bases.others) if (baseRoutes.has(base)) baseUsd.set(base, baseRoutes.get(base)!.price);

  const supplies = new Map<Address, TokenPools["supply"]>();
  for (const coin of coins) {
    const { request, token } = coin;
    const row = rows.get(token);
    if (!row) {
      const failure = discoveryFailed.get(token);
      fail(request.coinId, failure?.reason ?? `${token} was not discovered`, failure?.kind);
      continue;
    }

    let price: number;
    let liquidityUsd: number;
    let route: string;
    let provenance: OnchainProvenance;
    if (token === bases.wpls) {
      price = check.price;
      liquidityUsd = check.liquidityUsd;
      route = `WPLS from ${check.kept.length} stablecoin pool${check.kept.length === 1 ? "" : "s"}`;
      provenance = { ...NO_POOL, liquidityUsd, stablePools: check.kept.length, ...block };
    } else {
      const isBase = bases.stables.includes(token) || bases.others.includes(token);
      const read = isBase ? null : readPools(token, row.pools);
      const miss = baseMiss.get(token) ?? read?.miss ?? row.pools.map((pool) => baseMiss.get(pool.base)).find(Boolean);
      if (miss) {
        fail(request.coinId, miss.reason, miss.kind);
        continue;
      }
      const best = isBase ? (baseRoutes.get(token) ?? null) : bestRoute(read!.pools, baseUsd);
      if (!best) {
        fail(request.coinId, `no PulseX pair of ${token} with WPLS or another base token has reserves`);
        continue;
      }
      price = isBase ? baseUsd.get(token)! : best.price;
      liquidityUsd = best.liquidityUsd;
      route = `${labels.of(best.pool.base)} pool on ${labels.of(best.pool.factory)}`;
      const { pool } = best;
      provenance = {
        source: "pulsex",
        pool: getAddress(pool.pair),
        factory: getAddress(pool.factory),
        factoryName: labels.of(pool.factory),
        base: getAddress(pool.base),
        baseSymbol: labels.of(pool.base),
        tokenReserve: pool.tokenReserve,
        baseReserve: pool.baseReserve,
        baseUsd: baseUsd.get(pool.base) ?? null,
        liquidityUsd,
        stablePools: null,
        ...block,
      };
    }
    if (!Number.isFinite(price) || price <= 0) {
      fail(request.coinId, `unusable price ${price}`);
      continue;
    }

    // The supply: this pass's reading if it was due, else the cached one.
    const reading = supplyCalls.get(`${token}|${coin.burnKey}`);
    let raw: bigint;
    if (reading) {
      const read = [outcomes[reading.total]!, ...reading.burned.map((index) => outcomes[index]!)];
      const miss = firstMiss(read);
      if (miss) {
        fail(request.coinId, miss.reason, miss.kind);
        continue;
      }
      if (read.some((outcome) => outcome.status !== "ok")) {
        fail(request.coinId, `${token} did not answer totalSupply() or balanceOf() for a burn address: not an ERC-20`);
        continue;
      }
      const values = read.map((outcome) => (outcome as Extract<CallOutcome, { status: "ok" }>).value as bigint);
      raw = circulatingRaw(values[0]!, values.slice(1));
      supplies.set(token, { raw, burnKey: coin.burnKey, readAt: now });
    } else {
      raw = row.supply!.raw;
    }
    const supply = toUnits(raw, row.decimals);
    quotes.set(request.coinId, { price, marketCap: supply > 0 ? price * supply : null, change24h: null, liquidityUsd, route, circulatingSupply: supply, provenance });
  }

  // One save of every row discovery or a supply reading changed.
  const changed = new Map(toSave.map((row) => [row.token, row]));
  for (const [token, supply] of supplies) changed.set(token, { ...(changed.get(token) ?? rows.get(token)!), supply });
  if (changed.size) await poolCache.save([...changed.values()]);

  if (options.changeSource && quotes.size > 0) await addChanges(options.changeSource, valid, quotes, fetchOptions);
  return { quotes, failures, notes };
}

/** Short names for bases and factories in routes and notes: mainnet's by name, others by role. */
function labeller(contracts: PulseXContracts, bases: Bases) {
  const known = new Map(Object.entries(KNOWN_LABELS).map(([address, label]) => [getAddress(address), label]));
  return {
    of(raw: string): string {
      const address = getAddress(raw);
      const label = known.get(address);
      if (label) return label;
      if (address === bases.wpls) return "WPLS";
      if (bases.stables.includes(address)) return `stablecoin ${short(address)}`;
      const factory = contracts.factories.findIndex((candidate) => getAddress(candidate) === address);
      if (factory >= 0) return `factory ${factory + 1} (${short(address)})`;
      return `base ${short(address)}`;
    },
  };
}

/**
 * Copies the change source's 24h change onto the chain's quotes; its failures change nothing. It
 * keeps to the pass's deadline: a coin it does not reach in time takes its change from the site's
 * own snapshots, which the pass prefers anyway once a day of them exists; coins that already have
 * such a snapshot are not asked about at all.
 */
async function addChanges(changeSource: PriceSource, requests: readonly QuoteRequest[], quotes: Map<string, Quote>, fetchOptions: FetchOptions): Promise<void> {
  try {
    const wanted = requests.filter((request) => quotes.has(request.coinId) && request.wantsChange24h !== false);
    if (wanted.length === 0) return;
    const changes = await changeSource.fetchQuotes(wanted, fetchOptions);
    for (const [coinId, quote] of quotes) {
      const change = changes.quotes.get(coinId)?.change24h;
      if (typeof change === "number" && Number.isFinite(change)) quote.change24h = change;
    }
  } catch {
    // Without a change from the source, the pass derives it from the snapshots.
  }
}
