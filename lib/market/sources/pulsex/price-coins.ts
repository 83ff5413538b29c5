// Each coin's quote from the pass's reads (pure): WPLS from the stablecoin check, a base from its
// own route, any other token from its pool with the most tracked USD liquidity; the circulating
// supply from this pass's reading when one was due, else the cached one (or, when the token's own
// contract fails its supply read, the last good one, with its age). A coin fails alone, with
// the reason (and kind, when a read did not happen) of the first thing it lacked.
import { getAddress, type Address } from "viem";
import type { DiscoveryFailure } from "../../onchain/read-miss";
import type { SupplyReading, TokenPools } from "../../onchain/pool-cache";
import { bestRoute, spotBasePerToken, toUnits, type BasePool, type StableCheck } from "../../onchain/reserves";
import type { Quote, QuoteFailure } from "../../types";
import type { DepthPoolReading, OnchainProvenance } from "@/lib/coins/provenance-schema";
import type { SupplyReadings } from "@/lib/coins/supply-bases";
import type { Bases, Labels } from "./bases";
import type { ChainReads } from "./chain-reads";
import { pulsexFailure, type PassCoin } from "./coins";
import type { PricedBases } from "./price-bases";

/** WPLS's provenance has no pool of its own: it is priced from the stablecoin pools. */
const NO_POOL = { source: "pulsex", pool: null, factory: null, factoryName: null, base: null, baseSymbol: null, tokenReserve: null, baseReserve: null, baseUsd: null } as const;

export type CoinPricing = {
  bases: Bases;
  rows: ReadonlyMap<Address, TokenPools>;
  discoveryFailed: ReadonlyMap<Address, DiscoveryFailure>;
  priced: PricedBases;
  reads: ChainReads;
  labels: Labels;
  now: Date;
  /** The HEX contract, whose staked supply (read this pass) is HEX's "liquid and staked" basis. */
  hex?: Address | null;
};

/**
 * One coin's quote and the supply reading it made (null: the cached one served), with a note for
 * the pass's log when its supply needs one, or why it has none.
 */
export function priceCoin(coin: PassCoin, context: CoinPricing): { quote: Quote; supply: SupplyReading | null; note?: string } | { failure: DiscoveryFailure } {
  const { bases, priced, reads, labels } = context;
  const { check, baseUsd, baseRoutes, baseMiss } = priced;
  const { token } = coin;
  const row = context.rows.get(token);
  if (!row) {
    const failure = context.discoveryFailed.get(token);
    return { failure: { reason: failure?.reason ?? `${token} was not discovered`, kind: failure?.kind } };
  }

  let price: number;
  let liquidityUsd: number;
  let route: string;
  let provenance: OnchainProvenance;
  if (token === bases.wpls) {
    price = check.price;
    liquidityUsd = check.liquidityUsd;
    route = `WPLS from ${check.kept.length} stablecoin pool${check.kept.length === 1 ? "" : "s"}`;
    provenance = { ...NO_POOL, liquidityUsd, stablePools: check.kept.length, ...wplsWindow(check), ...reads.block };
  } else {
    const isBase = bases.stables.includes(token) || bases.others.includes(token);
    const read = isBase ? null : reads.pools(token, row.pools);
    // A base whose own reads missed, a missed pool read, or a missed base this coin trades against.
    const miss = baseMiss.get(token) ?? read?.miss ?? row.pools.map((pool) => baseMiss.get(pool.base)).find(Boolean);
    if (miss) return { failure: miss };
    const best = isBase ? (baseRoutes.get(token) ?? null) : bestRoute(read!.pools, baseUsd);
    // A base's own pools are read with the bases; its route's pool stands for them here.
    const depthPools = isBase ? (best ? [best.pool] : []) : read!.pools;
    if (!best) {
      // A base too shallow to price anything says so, rather than "no pair".
      const shallow = isBase ? priced.shallowBases.get(token) : row.pools.map((pool) => priced.shallowBases.get(pool.base)).find(Boolean);
      return { failure: { reason: shallow ?? `no PulseX pair of ${token} with WPLS or another base token has reserves` } };
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
      pools: depthPoolsOf(depthPools, baseUsd, labels),
      ...poolWindow(pool, baseUsd.get(pool.base)),
      ...reads.block,
    };
  }
  if (!Number.isFinite(price) || price <= 0) return { failure: { reason: `unusable price ${price}` } };

  const supply = supplyOf(coin, row, reads.supply(token, coin.burnKey), context.now);
  if ("failure" in supply) return supply;
  const { circulatingSupply, readAt, notice } = supply;
  const supplyBases = basisReadingsOf(coin, row, supply.burnedRaw, context);
  return {
    // All of it at burn addresses: a market cap of 0, said as such (not "unknown").
    quote: {
      price,
      marketCap: price * circulatingSupply,
      change24h: null,
      liquidityUsd,
      route,
      circulatingSupply,
      provenance: { ...provenance, supplyReadAt: readAt.toISOString(), supplyNotice: notice, ...supplyBases },
    },
    supply: supply.reading,
    ...(supply.note && { note: supply.note }),
  };
}

/**
 * What the coin's other supply bases need (lib/coins/supply-bases.ts), in whole coins: what sits at
 * the burn addresses (PLS itself: their PLS at the block; a token: its balances at the supply
 * reading), and HEX's staked supply at the block. Absent when unknown (a reading from before burned
 * balances were kept, a failed read): the basis is then not offered.
 */
function basisReadingsOf(coin: PassCoin, row: TokenPools, burnedRaw: bigint | null, context: CoinPricing): SupplyReadings {
  const { reads } = context;
  if (coin.request.native) return reads.nativeBurned === null ? {} : { burnedSupply: toUnits(reads.nativeBurned, 18) };
  return {
    ...(burnedRaw !== null && { burnedSupply: toUnits(burnedRaw, row.decimals) }),
    ...(context.hex && coin.token === context.hex && reads.staked !== null && { stakedSupply: toUnits(reads.staked, row.decimals) }),
  };
}

/** The coin's pools with reserves against a base priced in this pass, as provenance keeps them. */
function depthPoolsOf(pools: readonly BasePool[], baseUsd: ReadonlyMap<string, number>, labels: Labels): DepthPoolReading[] {
  return pools.flatMap((pool) => {
    const usd = baseUsd.get(pool.base);
    if (usd === undefined || !(usd > 0) || !(pool.tokenReserve > 0 && pool.baseReserve > 0)) return [];
    return [{ pool: getAddress(pool.pair), base: getAddress(pool.base), baseSymbol: labels.of(pool.base), tokenReserve: pool.tokenReserve, baseReserve: pool.baseReserve, baseUsd: usd }];
  });
}

/**
 * The circulating supply a quote uses: this pass's reading if one was due, else the cached one.
 * When the token's own contract failed this pass's reading (kind "contract"), the last good
 * reading for the same burn list serves, and the quote says so and how old it is; with none, the
 * coin fails. A read that did not happen (unreachable, deferred) fails the coin as before.
 */
function supplyOf(
  coin: PassCoin,
  row: TokenPools,
  reading: ReturnType<ChainReads["supply"]>,
  now: Date,
): { circulatingSupply: number; burnedRaw: bigint | null; readAt: Date; notice: string | null; reading: SupplyReading | null; note: string | null } | { failure: DiscoveryFailure } {
  if (reading && "failure" in reading) {
    const last = row.supply?.burnKey === coin.burnKey ? row.supply : null;
    if (reading.failure.kind !== "contract") return reading;
    if (!last) return { failure: { reason: `${reading.failure.reason}; there is no earlier supply reading to keep`, kind: "contract" } };
    return {
      circulatingSupply: toUnits(last.raw, row.decimals),
      burnedRaw: last.burnedRaw ?? null,
      readAt: last.readAt,
      notice: `the token's contract failed this pass's supply read (${reading.what ?? reading.failure.reason}), so the supply read then is used`,
      reading: null,
      note: `pulsex: ${coin.request.coinId}: ${reading.failure.reason}; its supply read at ${last.readAt.toISOString()} is kept`,
    };
  }
  const used: SupplyReading = reading ? { raw: reading.raw, burnedRaw: reading.burnedRaw, burnKey: coin.burnKey, readAt: now } : row.supply!;
  const circulatingSupply = toUnits(used.raw, row.decimals);
  return {
    circulatingSupply,
    burnedRaw: used.burnedRaw ?? null,
    readAt: used.readAt,
    notice: circulatingSupply === 0 ? "all of its supply is at burn addresses, so its market cap is 0" : null,
    reading: reading ? used : null,
    note: null,
  };
}

/** A pool's average window and its USD price at the block ("the pool now"); a spot price has no window. */
function poolWindow(pool: BasePool, baseUsd: number | undefined): { averageSeconds: number | null; spotPrice: number | null } {
  const averaged = pool.average?.basePerToken != null;
  return { averageSeconds: averaged ? pool.average!.seconds : null, spotPrice: baseUsd === undefined ? null : spotBasePerToken(pool) * baseUsd };
}

/** WPLS's window: the shortest of its kept pools' (null when any of them priced at spot), and its spot price. */
function wplsWindow(check: StableCheck): { averageSeconds: number | null; spotPrice: number } {
  const seconds = check.kept.map((pool) => (pool.average?.tokenPerBase != null ? pool.average.seconds : null));
  const dollars = check.kept.reduce((sum, pool) => sum + pool.tokenReserve, 0);
  const spotPrice = check.kept.reduce((sum, pool) => sum + pool.tokenReserve * (pool.tokenReserve / pool.baseReserve), 0) / dollars;
  return { averageSeconds: seconds.some((value) => value === null) ? null : Math.min(...(seconds as number[])), spotPrice };
}

/**
 * Every coin priced: the quotes by coin id, the failures in the order asked, the supplies read by
 * token, and the notes for the pass's log (a supply kept because the token's contract failed its read).
 */
export function priceCoins(
  coins: readonly PassCoin[],
  context: CoinPricing,
): { quotes: Map<string, Quote>; failures: QuoteFailure[]; supplies: Map<Address, SupplyReading>; notes: string[] } {
  const quotes = new Map<string, Quote>();
  const failures: QuoteFailure[] = [];
  const supplies = new Map<Address, SupplyReading>();
  const notes: string[] = [];
  for (const coin of coins) {
    const priced = priceCoin(coin, context);
    if ("failure" in priced) {
      failures.push(pulsexFailure(coin.request.coinId, priced.failure.reason, priced.failure.kind));
      continue;
    }
    if (priced.supply) supplies.set(coin.token, priced.supply);
    if (priced.note && !notes.includes(priced.note)) notes.push(priced.note);
    quotes.set(coin.request.coinId, priced.quote);
  }
  return { quotes, failures, supplies, notes };
}
