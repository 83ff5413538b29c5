// What the pass writes back to the pool cache (pure): every row discovery found or renewed, and
// every row whose supply was read this pass, each once with both changes, in one save. A supply
// that moved more than 5x from its cached reading is saved as due again (see supplyToSave).
import type { Address } from "viem";
import type { SupplyReading, TokenPools } from "../../onchain/pool-cache";
import { SUPPLY_MAX_AGE_MS } from "../../onchain/schedule";
import { BIG_MOVE_FACTOR } from "../../../coins/big-move";

export function rowsToSave(discovered: readonly TokenPools[], supplies: ReadonlyMap<Address, SupplyReading>, rows: ReadonlyMap<Address, TokenPools>): TokenPools[] {
  const changed = new Map(discovered.map((row) => [row.token, row]));
  for (const [token, supply] of supplies) {
    const row = changed.get(token) ?? rows.get(token)!;
    changed.set(token, { ...row, supply: supplyToSave(supply, row.supply) });
  }
  return [...changed.values()];
}

/**
 * The reading as saved. One more than 5x from the cached reading (a mint, tokens sent out of a
 * burn address, all burned) is the move the refresh pass holds back until the next pass confirms
 * it (publish.ts decideSupply), and that confirmation must be a second reading of the chain: served
 * from this cache, the same reading would confirm itself, and a mint burned back in between would
 * be published. So it is saved as read SUPPLY_MAX_AGE_MS earlier, which makes it due again at the
 * next pass (onchain/schedule.ts suppliesToRead); the confirming reading is then saved as usual.
 * No cached reading (a token's first): nothing to compare, saved as read.
 */
export function supplyToSave(reading: SupplyReading, cached: SupplyReading | null): SupplyReading {
  if (!cached || !movedOverBigFactor(cached.raw, reading.raw)) return reading;
  return { ...reading, readAt: new Date(reading.readAt.getTime() - SUPPLY_MAX_AGE_MS) };
}

/** Whether two raw supplies are more than BIG_MOVE_FACTOR apart (0 and anything else: always). */
function movedOverBigFactor(a: bigint, b: bigint): boolean {
  if (a === b) return false;
  const [low, high] = a < b ? [a, b] : [b, a];
  return low <= 0n || high > low * BigInt(BIG_MOVE_FACTOR);
}
