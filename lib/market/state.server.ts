// State every instance shares, one JSON value per key in the MarketState table: the last PLS
// cross-check against CoinGecko (the pass writes it, /api/health shows it), the pass's counts over
// every coin that /api/health shows (lib/market/health-counts.server.ts), when snapshots were
// last thinned (so thinning runs at most once an hour whichever instance refreshes), and the last
// block read for listing payments.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { healthCountsSchema, plsCrossCheckSchema } from "@/lib/market/health-schema";
import { parseStoredJson } from "@/lib/shared/stored-json";
import { z } from "@/lib/shared/zod";

const stateSchemas = {
  /** PLS priced on-chain (WPLS through the stablecoin pools) against CoinGecko's PLS price; /api/health shows it as is. */
  "pls-cross-check": plsCrossCheckSchema,
  /** The price ages and coin counts of /api/health, as the last pass counted them. */
  "health-counts": healthCountsSchema,
  "snapshots-thinned": z.object({ at: z.iso.datetime(), removed: z.number().int() }),
  /** The last block the scheduled order check read for listing payments (lib/orders/open-orders.server.ts). */
  "listing-payments-scanned": z.object({ block: z.number().int().nonnegative() }),
};

export type MarketStateKey = keyof typeof stateSchemas;
export type MarketStateValue<K extends MarketStateKey> = z.infer<(typeof stateSchemas)[K]>;

/** The stored value, or null when unset or unreadable (an old or hand-edited row is not an error). */
export async function readMarketState<K extends MarketStateKey>(db: PrismaClient, key: K): Promise<MarketStateValue<K> | null> {
  const row = await db.marketState.findUnique({ where: { key } });
  return parseStoredJson(stateSchemas[key], row?.value ?? null) as MarketStateValue<K> | null;
}

export async function writeMarketState<K extends MarketStateKey>(db: PrismaClient, key: K, value: MarketStateValue<K>): Promise<void> {
  const json = JSON.stringify(stateSchemas[key].parse(value));
  await db.marketState.upsert({ where: { key }, create: { key, value: json }, update: { value: json } });
}
