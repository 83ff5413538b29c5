// Runs a refresh pass under the lease, with the sources configured in the environment: the
// prices written and published. The market pass job (lib/jobs/market-pass.server.ts: the
// schedule, the worker, the cron route and `npm run market:refresh`) comes through here, and
// judges the alerts on what it changed; the outbox drains on its own cadence (lib/jobs/deliver.server.ts).
import "server-only";
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/db/create-client";
import { coinsChanged } from "@/lib/coins/coins-changed.server";
import { getDb } from "@/lib/db/get-db.server";
import { getEnv } from "@/lib/config/env";
import { effectiveRefreshIntervalMinutes } from "./refresh-interval";
import { writeHealthCounts } from "./health-counts.server";
import { MARKET_REFRESH_LEASE, acquireLease, holdsLease, releaseLease, renewLease } from "./lease.server";
import { runRefreshPass, type RefreshReport } from "./pass/refresh.server";
import { createPulseChainClient } from "./onchain/client.server";
import { PULSEX_MAINNET, type PulseXContracts } from "./onchain/contracts";
import { createPrismaObservationStore } from "./onchain/prisma-observation-store.server";
import { createPrismaPoolCache } from "./onchain/prisma-pool-cache.server";
import { createCoinGeckoSource } from "./sources/coingecko.server";
import { createPulseXSource } from "./sources/pulsex.server";
import { createDexScreenerSource } from "./sources/dexscreener.server";
import type { PriceSource } from "./types";

export function configuredSources(): PriceSource[] {
  const env = getEnv();
  const dexScreener = createDexScreenerSource({ baseUrl: env.DEXSCREENER_API_URL });
  return [
    createPulseXSource({
      client: createPulseChainClient(env.PULSECHAIN_RPC_URL),
      contracts: configuredPulseXContracts(),
      changeSource: dexScreener,
      // Pools found once are shared by every pass and instance (discovery is the costly part).
      poolCache: createPrismaPoolCache(getDb()),
      // Each pair's last accumulator reading, so every pass averages prices since the one before.
      observations: createPrismaObservationStore(getDb()),
    }),
    dexScreener,
    createCoinGeckoSource({ baseUrl: env.COINGECKO_API_URL, apiKey: env.COINGECKO_API_KEY }),
  ];
}

/** PulseChain mainnet's contracts, with any the environment overrides. */
export function configuredPulseXContracts(): PulseXContracts {
  const env = getEnv();
  return {
    wpls: env.PULSEX_WPLS_ADDRESS ?? PULSEX_MAINNET.wpls,
    factories: env.PULSEX_FACTORIES ?? PULSEX_MAINNET.factories,
    stablecoins: env.PULSEX_STABLECOINS ?? PULSEX_MAINNET.stablecoins,
    multicall3: env.MULTICALL3_ADDRESS ?? PULSEX_MAINNET.multicall3,
    baseTokens: env.PULSEX_BASE_TOKENS ?? PULSEX_MAINNET.baseTokens,
    hex: env.PULSEX_HEX_ADDRESS ?? PULSEX_MAINNET.hex,
  };
}

/**
 * How long a pass holds the lease: just under the refresh interval, so the next scheduled pass
 * can take it while a second refresher started meanwhile (another instance, a cron retry) skips.
 */
export function leaseDurationMs(): number {
  const minutes = effectiveRefreshIntervalMinutes();
  return Math.max(30_000, minutes * 60_000 - 30_000);
}

export type RefreshOutcome = { ran: true; report: RefreshReport } | { ran: false; reason: string };

/**
 * The passes running in this process, each with the way to give it up: on globalThis, since the
 * schedule (instrumentation's module graph) and the cron route (a route bundle's) each load this
 * module, and a drain gives up both.
 */
const PASSES_KEY = Symbol.for("pulsecompare.market-passes");
const passesInFlight = ((globalThis as unknown as { [PASSES_KEY]?: Map<string, () => Promise<void>> })[PASSES_KEY] ??= new Map());

export async function refreshMarket(
  db: PrismaClient,
  options: {
    sources?: PriceSource[];
    holder?: string;
    leaseMs?: number;
    budgetMs?: number;
    log?: (line: string) => void;
    /** The time the pass writes (tests fix it). */
    now?: () => Date;
  } = {},
): Promise<RefreshOutcome> {
  const holder = options.holder ?? randomUUID();
  const leaseMs = options.leaseMs ?? leaseDurationMs();
  if (!(await acquireLease(db, MARKET_REFRESH_LEASE, holder, leaseMs))) {
    return { ran: false, reason: "another refresh holds the lease (one ran recently or is running)" };
  }
  // Renewed every third of the lease while the pass runs, so a pass longer than its lease keeps
  // it (a normal pass ends before the first renewal); once lost (another refresher took it after
  // it expired, or the pass was given up), the pass writes nothing.
  let lost = false;
  const renew = async () => {
    if (!lost && !(await renewLease(db, MARKET_REFRESH_LEASE, holder, leaseMs))) lost = true;
  };
  const timer = setInterval(() => void renew().catch(() => {}), leaseMs / 3);
  timer.unref?.();
  passesInFlight.set(holder, async () => {
    lost = true;
    await releaseLease(db, MARKET_REFRESH_LEASE, holder);
  });
  const stillHoldsLease = async () => !lost && (await holdsLease(db, MARKET_REFRESH_LEASE, holder));
  let report: RefreshReport;
  try {
    report = await runRefreshPass(db, options.sources ?? configuredSources(), { log: options.log, budgetMs: options.budgetMs, stillHoldsLease, now: options.now });
  } finally {
    clearInterval(timer);
    passesInFlight.delete(holder);
  }
  // The read model first (every instance serves the new prices at its next probe), whether or not
  // anything changed: a pass where every coin failed may still have re-ranked.
  await coinsChanged(db);
  // What /api/health shows over every coin, counted here once a pass rather than per monitor hit.
  await writeHealthCounts(db, { now: options.now?.(), log: options.log });
  return { ran: true, report };
}

/**
 * Gives up every pass still running in this process (the end of a drain's grace): from now on
 * none writes (a pass not yet at its writes finds its lease gone and writes nothing), and each
 * one's lease is released, so the next refresher (another instance, the next worker) need not
 * wait for it to expire.
 */
export async function abandonPassesInFlight(): Promise<number> {
  const abandons = [...passesInFlight.values()];
  passesInFlight.clear();
  await Promise.all(abandons.map((abandon) => abandon()));
  return abandons.length;
}
