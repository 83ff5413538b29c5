// What the pass writes back to the pool cache (pure): every row discovery found or renewed, and
// every row whose supply was read this pass, each once with both changes, in one save.
import type { Address } from "viem";
import type { SupplyReading, TokenPools } from "../../onchain/pool-cache";

export function rowsToSave(discovered: readonly TokenPools[], supplies: ReadonlyMap<Address, SupplyReading>, rows: ReadonlyMap<Address, TokenPools>): TokenPools[] {
  const changed = new Map(discovered.map((row) => [row.token, row]));
  for (const [token, supply] of supplies) changed.set(token, { ...(changed.get(token) ?? rows.get(token)!), supply });
  return [...changed.values()];
}
