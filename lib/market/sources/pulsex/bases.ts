// The pass's base tokens and their short names (pure). WPLS and the stablecoins price everything;
// the other bases (PULSEX_BASE_TOKENS) are priced from them. Addresses are checksummed once here,
// so every later comparison is between the same spellings.
import { getAddress, type Address } from "viem";
import { KNOWN_LABELS, type PulseXContracts } from "../../onchain/contracts";
import type { CachedPool, TokenPools } from "../../onchain/pool-cache";

export type Bases = { wpls: Address; stables: Address[]; others: Address[]; all: Address[] };

/** WPLS, the stablecoins and the other bases, each once (a base listed twice, or as WPLS, counts once). */
export function basesOf(contracts: PulseXContracts): Bases {
  const wpls = getAddress(contracts.wpls);
  const stables = [...new Set(contracts.stablecoins.map((address) => getAddress(address)))].filter((stable) => stable !== wpls);
  const others = [...new Set((contracts.baseTokens ?? []).map((address) => getAddress(address)))].filter((base) => base !== wpls && !stables.includes(base));
  return { wpls, stables, others, all: [wpls, ...stables, ...others] };
}

/**
 * The cached pools that price a base: a stablecoin is checked against WPLS only (its own price is
 * what is being checked); another base is priced against WPLS or a stablecoin, never another
 * base, so no base's price depends on one not yet known.
 */
export function basePoolsOf(bases: Bases, base: Address, rows: ReadonlyMap<Address, TokenPools>): CachedPool[] {
  const pools = rows.get(base)?.pools ?? [];
  if (bases.stables.includes(base)) return pools.filter((pool) => pool.base === bases.wpls);
  return pools.filter((pool) => pool.base === bases.wpls || bases.stables.includes(pool.base));
}

export type Labels = { of(raw: string): string };

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** Short names for bases and factories in routes and notes: mainnet's by name, others by role. */
export function labeller(contracts: PulseXContracts, bases: Bases): Labels {
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
