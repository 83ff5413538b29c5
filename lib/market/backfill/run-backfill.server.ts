// `npm run market:backfill`: each coin's daily history from before the site's own snapshots, coin
// by coin, one transaction each. A failure skips that coin with its reason (the next run retries
// it); a coin that finished is marked and left out of later runs unless `again` re-checks it.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { coinsChanged } from "@/lib/coins/coins-changed.server";
import { SourceError } from "../http.server";
import { DAY_MS } from "../../shared/utc-day";
import { cachedSinglePool, earliestSnapshotAt, loadBackfillCoins, writeCoinHistory, type BackfillCoin } from "./coin-history-store.server";
import { sharedPace as coinGeckoPace } from "../sources/coingecko.server";
import { createCoinGeckoHistory } from "./coingecko-history.server";
import { createGeckoTerminalHistory, geckoTerminalPace } from "./geckoterminal-history.server";
import type { DayPoint } from "./day-points";
import { historySourceOf } from "./history-source";
import { planDays, raiseHighsOver } from "./plan-days";

/** Days asked by default: GeckoTerminal's most candles in one answer (CoinGecko gives 365 of them). */
export const DEFAULT_BACKFILL_DAYS = 1_000;

export type CoinOutcome =
  | {
      coinId: string;
      source: string;
      status: "done";
      written: number;
      /** Holes between written days (days without a candle) and the days they miss. */
      gaps: number;
      missingDays: number;
      /** Price-only days left out: the coin has no supply to estimate their market caps. */
      withoutSupply: number;
      /** Set when nothing was written: why. */
      note?: string;
    }
  | { coinId: string; source: string; status: "skipped"; reason: string };

export type BackfillReport = {
  outcomes: CoinOutcome[];
  /** Coins left out because an earlier run finished them. */
  alreadyDone: number;
  /** Ids asked for (--coins) that name no coin. */
  unknownIds: string[];
  daysWritten: number;
  requests: number;
};

export type BackfillOptions = {
  coinIds?: readonly string[];
  again?: boolean;
  days?: number;
  coinGecko: { baseUrl: string; apiKey?: string; pace?: () => Promise<void> };
  geckoTerminal: { baseUrl: string; pace?: () => Promise<void> };
  /** Replaces real waits (429 backoffs), for tests. */
  sleep?: (ms: number) => Promise<void>;
  /** One line per coin as it finishes (a long run shows progress). */
  log?: (line: string) => void;
  now?: () => Date;
};

export async function runBackfill(db: PrismaClient, options: BackfillOptions): Promise<BackfillReport> {
  const now = options.now ?? (() => new Date());
  const days = options.days ?? DEFAULT_BACKFILL_DAYS;
  let requests = 0;
  const counted = (pace?: () => Promise<void>) => async () => {
    requests++;
    await pace?.();
  };
  // Without a pace given, each API keeps its own process-wide 30/min pace.
  const coinGecko = createCoinGeckoHistory({ ...options.coinGecko, pace: counted(options.coinGecko.pace ?? coinGeckoPace), sleep: options.sleep });
  const geckoTerminal = createGeckoTerminalHistory({ ...options.geckoTerminal, pace: counted(options.geckoTerminal.pace ?? geckoTerminalPace), sleep: options.sleep });

  const { coins, alreadyDone, unknownIds } = await loadBackfillCoins(db, { coinIds: options.coinIds, again: options.again ?? false });
  const outcomes: CoinOutcome[] = [];
  for (const coin of coins) {
    const outcome = await backfillCoin(db, coin, { coinGecko, geckoTerminal, days, now: now() });
    outcomes.push(outcome);
    options.log?.(describeOutcome(outcome));
  }
  const daysWritten = outcomes.reduce((sum, outcome) => sum + (outcome.status === "done" ? outcome.written : 0), 0);
  // This process's cached reads (and, inside a request, its pages); running servers follow
  // within their cache ceiling.
  if (daysWritten > 0) await coinsChanged(db);
  return { outcomes, alreadyDone, unknownIds, daysWritten, requests };
}

type Clients = {
  coinGecko: ReturnType<typeof createCoinGeckoHistory>;
  geckoTerminal: ReturnType<typeof createGeckoTerminalHistory>;
  days: number;
  now: Date;
};

async function backfillCoin(db: PrismaClient, coin: BackfillCoin, clients: Clients): Promise<CoinOutcome> {
  const source = historySourceOf(coin);
  if (source.kind === "none") return { coinId: coin.id, source: "none", status: "skipped", reason: source.reason };
  const skip = (reason: string): CoinOutcome => ({ coinId: coin.id, source: source.kind, status: "skipped", reason });
  const supply = coin.circulatingSupply;
  // Pool candles are prices only: without a supply there is no market cap to give them.
  if (source.kind === "geckoterminal" && !(supply && supply > 0)) return skip("no circulating supply, so a price-only history gives no market caps");

  const since = new Date(Math.floor(clients.now.getTime() / DAY_MS - clients.days) * DAY_MS);
  try {
    const before = await earliestSnapshotAt(db, coin.id);
    let points: DayPoint[];
    if (source.kind === "coingecko") {
      points = await clients.coinGecko.dailyHistory(source.id, clients.days);
    } else {
      const pool = (await cachedSinglePool(db, source.token)) ?? (await clients.geckoTerminal.mainPool(source.token));
      if (!pool) return skip("GeckoTerminal lists no pool for this token");
      points = await clients.geckoTerminal.dailyHistory(pool, source.token, { since, before });
    }
    const plan = planDays(points, { before, since, supply });
    if (plan.days.length === 0 && plan.withoutSupply > 0) {
      return skip(`no circulating supply to estimate the market caps of ${count(plan.withoutSupply, "price-only day")}`);
    }
    await writeCoinHistory(db, coin.id, plan.days, raiseHighsOver(coin, plan.days), clients.now);
    const note =
      plan.days.length > 0 ? undefined : points.length === 0 ? "the source has no history for it" : "no day before its own first snapshot";
    const { gaps, missingDays, withoutSupply } = plan;
    return { coinId: coin.id, source: source.kind, status: "done", written: plan.days.length, gaps, missingDays, withoutSupply, note };
  } catch (error) {
    return skip(error instanceof SourceError ? `${source.kind}: ${error.message}` : `failed: ${String(error)}`);
  }
}

/** The line said for a coin as it finishes, and in the summary for those skipped. */
export function describeOutcome(outcome: CoinOutcome): string {
  const head = `${outcome.coinId} (${outcome.source})`;
  if (outcome.status === "skipped") return `  skipped  ${head}: ${outcome.reason}`;
  if (outcome.note) return `  done     ${head}: nothing written, ${outcome.note}`;
  const gaps = outcome.gaps > 0 ? `; ${count(outcome.gaps, "gap")} (${count(outcome.missingDays, "day")} missing at the source)` : "";
  const unsupplied = outcome.withoutSupply > 0 ? `; ${count(outcome.withoutSupply, "price-only day")} left out (no circulating supply)` : "";
  return `  done     ${head}: ${count(outcome.written, "day")} written${gaps}${unsupplied}`;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
