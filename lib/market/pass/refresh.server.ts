// One market refresh pass: ask each source for the coins assigned to it (Coin.quoteSource),
// stalest first and within the pass's time budget, and publish what is good. A coin whose source
// failed or answered garbage keeps its last good values; one whose pool is under the liquidity
// floor keeps them too and is flagged (out of the rankings); a big move from a thin pool waits for
// the next pass to confirm it; an all-time high rises only as far as a price has held over the
// last passes (held-highs.ts); a token whose own contract keeps failing the read is quarantined and
// asked at most hourly (quarantine.ts). Accepted prices, their snapshots and the re-rank are
// written in a few statements (pass-writes.server.ts); snapshot thinning is maintenance, not the
// pass's (lib/market/thin-snapshots.server.ts). Each pass also checks the
// on-chain PLS price against CoinGecko's when a CoinGecko source is configured.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { getEnv } from "@/lib/config/env";
import { passDeadline } from "./pass-budget";
import { writePass } from "./pass-writes.server";
import { recentPrices } from "./recent-prices.server";
import { referencePrices24h } from "./reference-prices.server";
import { contractChanges, contractVerdicts, restingLines, splitQuarantined } from "./quarantine";
import { checkIntervalMs } from "./source-check";
import { checkTokensAgainst } from "./token-checks.server";
import type { FetchOptions, PriceSource } from "../types";
import { askSources } from "./ask-sources.server";
import { judgeAnswers } from "./judge";
import { loadCoinsStalestFirst } from "./load-coins.server";
import { aboveHigh, plannedWrites, publishedOf } from "./published-rows";
import { emptyReport, type RefreshReport } from "./report";
import { groupBySource } from "./requests";
import { freshOnchainPrices, onchainTokens, sourceCheckResults } from "./source-checks";

export type { RefreshReport } from "./report";

export type RefreshOptions = {
  /** The time written to rows (tests fix it). */
  now?: () => Date;
  log?: (line: string) => void;
  /** MARKET_MIN_LIQUIDITY_USD by default. */
  minLiquidityUsd?: number;
  /** MARKET_PASS_BUDGET_SECONDS by default; measured on the real clock, whatever `now` says. */
  budgetMs?: number;
  /** Asked before writing: false when another refresher has taken the lease (then nothing is written). */
  stillHoldsLease?: () => Promise<boolean>;
};

/** A pass as its steps (pass/*: the pure ones judge and plan, the I/O ones read, ask and write). */
export async function runRefreshPass(db: PrismaClient, sources: readonly PriceSource[], options: RefreshOptions = {}): Promise<RefreshReport> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.warn(line));
  const env = getEnv();
  const floorUsd = options.minLiquidityUsd ?? env.MARKET_MIN_LIQUIDITY_USD;
  const fetchOptions: FetchOptions = { deadline: passDeadline(Date.now(), options.budgetMs ?? env.MARKET_PASS_BUDGET_SECONDS * 1000) };
  const startedAt = now();

  // 1. The coins, stalest first: a budget too short for all of them leaves the freshest for next time.
  // A quarantined coin (its contract failed 3 passes in a row) is asked only an hour after its last failure.
  const coins = await loadCoinsStalestFirst(db);
  const { asked, resting } = splitQuarantined(coins, startedAt);
  // 2. The site's own prices from about 24 h ago, looked up before asking: a coin that has one
  // needs no 24h change from a source, which spares the on-chain source's DexScreener calls.
  const references = await referencePrices24h(db, asked.map((coin) => coin.id), startedAt);
  // 3. Ask every source for its coins, and CoinGecko for PLS, all at once.
  const { answers, coingeckoPls } = await askSources(sources, groupBySource(asked), references, fetchOptions);
  // 4. Judge the answers: publish, hold, flag or fail each coin; every finding in the report and the log.
  const judged = judgeAnswers(answers, floorUsd, startedAt);
  const report: RefreshReport = { ...emptyReport(startedAt), ...judged.entries };
  judged.lines.forEach((line) => log(line));
  // The contract failures counted, and the quarantines they start; any answer about a coin lifts its quarantine.
  const contract = contractChanges(asked, contractVerdicts(answers, judged.entries), startedAt);
  report.quarantine = { ...contract.quarantine, resting: resting.map((coin) => coin.id) };
  [...contract.lines, ...restingLines(resting)].forEach((line) => log(line));

  // 5. Sources that watch each other: this pass's share of the on-chain tokens against DexScreener.
  const dexScreener = sources.find((source) => source.name === "dexscreener");
  const tokenChecks = dexScreener
    ? await checkTokensAgainst(dexScreener, freshOnchainPrices(judged.outcomes), onchainTokens(coins).length, { intervalMs: checkIntervalMs(env.MARKET_REFRESH_INTERVAL_MINUTES), fetchOptions, at: now() })
    : { checks: [], asked: 0 };

  // 6. Nothing is written by a pass that lost its lease: another refresher writes now.
  if (options.stillHoldsLease && !(await options.stillHoldsLease())) {
    report.leaseLost = true;
    log("[market] the lease was taken by another refresher: this pass writes nothing");
    report.finishedAt = now().toISOString();
    return report;
  }

  // 7. Decide every write at once: a high rises only as far as the price has held, so the last
  // hour of the coins above a high (only theirs) is read first; the source checks are decided too.
  const writtenAt = now();
  const recent = await recentPrices(db, aboveHigh(publishedOf(judged.outcomes)), writtenAt);
  const planned = plannedWrites(judged.outcomes, { coins, lowLiquidity: report.lowLiquidity, references, recent, writtenAt });
  const checked = sourceCheckResults({ tokenChecks, coins, onchainPls: judged.onchainPls, coingeckoPls, at: now() });

  // 8. Write them, in order, from one place (pass-writes.server.ts).
  await writePass(db, { ...planned, contract, sourceChecks: checked.checks.map(({ coin, check }) => ({ id: coin.id, check })), crossCheck: checked.crossCheck });
  report.updated = planned.rows.map((row) => row.id);
  report.changed = planned.changed;
  report.crossCheck = checked.crossCheck;
  report.sourceChecks = checked.summary;
  checked.lines.forEach((line) => log(line));

  report.finishedAt = now().toISOString();
  return report;
}
