// Each coin's quote from the pass's reads (pure): WPLS from the stablecoin check, a base from its
// own route, any other token from its pool with the most tracked USD liquidity; the circulating
// supply from this pass's reading when one was due, else the cached one. A coin fails alone, with
// the reason (and kind, when a read did not happen) of the first thing it lacked.
import { getAddress, type Address } from "viem";
import type { DiscoveryFailure } from "../../onchain/read-miss";
import type { SupplyReading, TokenPools } from "../../onchain/pool-cache";
import { bestRoute, toUnits } from "../../onchain/reserves";
import type { Quote, QuoteFailure } from "../../types";
import type { OnchainProvenance } from "@/lib/validation/provenance";
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
};

/** One coin's quote and the supply reading it made (null: the cached one served), or why it has none. */
export function priceCoin(coin: PassCoin, context: CoinPricing): { quote: Quote; supply: SupplyReading | null } | { failure: DiscoveryFailure } {
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
    provenance = { ...NO_POOL, liquidityUsd, stablePools: check.kept.length, ...reads.block };
  } else {
    const isBase = bases.stables.includes(token) || bases.others.includes(token);
    const read = isBase ? null : reads.pools(token, row.pools);
    // A base whose own reads missed, a missed pool read, or a missed base this coin trades against.
    const miss = baseMiss.get(token) ?? read?.miss ?? row.pools.map((pool) => baseMiss.get(pool.base)).find(Boolean);
    if (miss) return { failure: miss };
    const best = isBase ? (baseRoutes.get(token) ?? null) : bestRoute(read!.pools, baseUsd);
    if (!best) return { failure: { reason: `no PulseX pair of ${token} with WPLS or another base token has reserves` } };
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
      ...reads.block,
    };
  }
  if (!Number.isFinite(price) || price <= 0) return { failure: { reason: `unusable price ${price}` } };

  // The supply: this pass's reading if it was due, else the cached one.
  const reading = reads.supply(token, coin.burnKey);
  if (reading && "failure" in reading) return reading;
  const supply = reading ? { raw: reading.raw, burnKey: coin.burnKey, readAt: context.now } : null;
  const circulatingSupply = toUnits(supply ? supply.raw : row.supply!.raw, row.decimals);
  return {
    quote: { price, marketCap: circulatingSupply > 0 ? price * circulatingSupply : null, change24h: null, liquidityUsd, route, circulatingSupply, provenance },
    supply,
  };
}

/** Every coin priced: the quotes by coin id, the failures in the order asked, the supplies read by token. */
export function priceCoins(coins: readonly PassCoin[], context: CoinPricing): { quotes: Map<string, Quote>; failures: QuoteFailure[]; supplies: Map<Address, SupplyReading> } {
  const quotes = new Map<string, Quote>();
  const failures: QuoteFailure[] = [];
  const supplies = new Map<Address, SupplyReading>();
  for (const coin of coins) {
    const priced = priceCoin(coin, context);
    if ("failure" in priced) {
      failures.push(pulsexFailure(coin.request.coinId, priced.failure.reason, priced.failure.kind));
      continue;
    }
    if (priced.supply) supplies.set(coin.token, priced.supply);
    quotes.set(coin.request.coinId, priced.quote);
  }
  return { quotes, failures, supplies };
}
