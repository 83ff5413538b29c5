// The one place the bench builds the PulseX source, so a new option of the source (a pool cache
// in the database, a block pin) is a one-line change here.
import type { PrismaClient } from "@/lib/db/create-client";
import { createPulseChainClient } from "@/lib/market/onchain/client.server";
import { createPrismaObservationStore } from "@/lib/market/onchain/prisma-observation-store.server";
import { createPrismaPoolCache } from "@/lib/market/onchain/prisma-pool-cache.server";
import type { PulseXContracts } from "@/lib/market/onchain/contracts";
import { createPulseXSource } from "@/lib/market/sources/pulsex.server";
import type { PriceSource } from "@/lib/market/types";

export type BenchSourceOptions = {
  /** The recording proxy in front of the chain. */
  rpcUrl: string;
  contracts: PulseXContracts;
  /** The pass's database (counted): the source caches each token's pools and supply in it, as in production. */
  db: PrismaClient;
};

/**
 * Ganache takes seconds for a chunk of a thousand calls (its state cache is copied at every call),
 * where a PulseChain node takes a fraction of one; with the production 8 s timeout the bench would
 * measure ganache's slowness as retries and failures that say nothing about the code.
 */
const GANACHE_TIMEOUT_MS = 180_000;

export function benchPulseXSource({ rpcUrl, contracts, db }: BenchSourceOptions): PriceSource {
  // The production client but for the timeout (retries as configured), and the production pool
  // cache; no change source: every coin has a snapshot from about 24 h ago, so the pass would not
  // ask DexScreener anyway.
  return createPulseXSource({
    client: createPulseChainClient(rpcUrl, { timeoutMs: GANACHE_TIMEOUT_MS }),
    contracts,
    poolCache: createPrismaPoolCache(db),
    observations: createPrismaObservationStore(db),
  });
}
