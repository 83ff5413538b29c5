// Which cached facts a pass refreshes (pure). The budget is one RPC request per 100 tokens per
// pass: 5,000 tokens may cost 50 requests, i.e. at most ~24,000 calls in 500-call chunks. Reading
// every token's reserves (one call per cached pool, usually 1 or 2) fits; reading every token's
// totalSupply and three burn balances too (4 more calls each) would not. A supply moves slowly
// (mints, burns), so it is cached with the pools and re-read about hourly: each pass re-reads the
// oldest twelfth of them (with 5-minute passes, every supply is renewed within the hour, and no
// pass ever has to re-read them all at once), plus any with no reading for the burn addresses
// asked. Pools are rediscovered daily the same way: a token with no row at once, stale rows
// oldest first, at most a 24th of the tokens per pass. Prices are never cached: every pool's
// reserves are read each pass at the pass's pinned block.
import type { Address } from "viem";
import type { TokenPools } from "./pool-cache";

export const DISCOVERY_MAX_AGE_MS = 24 * 60 * 60_000;
export const SUPPLY_MAX_AGE_MS = 60 * 60_000;
/** Each pass renews at least this share of the cached supplies, oldest first. */
export const SUPPLY_SHARE_PER_PASS = 1 / 12;
/** Each pass rediscovers at most this share of the stale rows. */
export const REDISCOVERY_SHARE_PER_PASS = 1 / 24;

/** Tokens to run getPair for: those without a row, then the stalest rows up to the share. */
export function tokensToDiscover(tokens: readonly Address[], rows: ReadonlyMap<Address, TokenPools>, now: Date): Address[] {
  const missing = tokens.filter((token) => !rows.has(token));
  const stale = tokens
    .filter((token) => rows.has(token) && now.getTime() - rows.get(token)!.discoveredAt.getTime() >= DISCOVERY_MAX_AGE_MS)
    .sort((a, b) => rows.get(a)!.discoveredAt.getTime() - rows.get(b)!.discoveredAt.getTime());
  return [...missing, ...stale.slice(0, Math.max(1, Math.ceil(tokens.length * REDISCOVERY_SHARE_PER_PASS)))];
}

export type SupplyNeed = { token: Address; burnKey: string };

/** A supply's key: the token and the burn list it is read with. */
export const supplyKey = (token: Address, burnKey: string) => `${token}|${burnKey}`;

/**
 * The (token, burn list) supplies to read this pass: every one without a cached reading for that
 * burn list or older than SUPPLY_MAX_AGE_MS, topped up with the oldest other readings until a
 * twelfth of them is renewed.
 */
export function suppliesToRead(needs: readonly SupplyNeed[], rows: ReadonlyMap<Address, TokenPools>, now: Date): Set<string> {
  const key = (need: SupplyNeed) => supplyKey(need.token, need.burnKey);
  const read = new Set<string>();
  const fresh: { key: string; readAt: number }[] = [];
  for (const need of needs) {
    const supply = rows.get(need.token)?.supply;
    if (!supply || supply.burnKey !== need.burnKey || now.getTime() - supply.readAt.getTime() >= SUPPLY_MAX_AGE_MS) read.add(key(need));
    else fresh.push({ key: key(need), readAt: supply.readAt.getTime() });
  }
  const share = Math.ceil(needs.length * SUPPLY_SHARE_PER_PASS);
  fresh.sort((a, b) => a.readAt - b.readAt);
  for (const entry of fresh) {
    if (read.size >= share) break;
    read.add(entry.key);
  }
  return read;
}

/** The cache key of a burn list: sorted, lower-cased, joined. */
export function burnKeyOf(burnAddresses: readonly string[]): string {
  return [...new Set(burnAddresses.map((address) => address.toLowerCase()))].sort().join(",");
}
