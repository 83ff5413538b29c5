// One market refresh pass: ask each source for the coins assigned to it (Coin.quoteSource),
// stalest first and within the pass's time budget, and publish what is good. A coin whose source
// failed or answered garbage keeps its last good values; one whose pool is under the liquidity
// floor keeps them too and is flagged (out of the rankings); a big move from a thin pool waits for
// the next pass to confirm it; an all-time high rises only as far as a price has held over the
// last passes (held-highs.ts). Accepted prices, their snapshots, the re-rank and the hourly
// snapshot thinning are written in a few statements (pass-writes.ts). Each pass also checks the
// on-chain PLS price against CoinGecko's when a CoinGecko source is configured.
import "server-only";
import type { Coin } from "@/lib/generated/prisma/client";
import type { PrismaClient } from "@/lib/db/create-client";
import { getEnv } from "@/lib/env";
import { CROSS_CHECK_TOLERANCE_PCT, crossCheckPls, PLS_COINGECKO_ID, type PlsCrossCheck } from "./cross-check";
import { passDeadline } from "./pass-budget";
import { heldFigures } from "./held-highs";
import { flagLowLiquidity, recentPrices, referencePrices24h, rerank, storePendingMoves, thinSnapshots, writePublishedPrices, writeSourceChecks, type PublishedPrice } from "./pass-writes";
import { checkIntervalMs, compareSources } from "./source-check";
import { checkTokensAgainst, type CoinCheck } from "./token-checks";
import { HOUR_MS, chooseChange24h, decideMove, deriveMarketCap, parseBurnAddresses, quoteIsForThisCoin, raiseAllTimeHigh, underLiquidityFloor } from "./publish";
import { readMarketState, writeMarketState } from "./state";
import type { FetchOptions, PriceSource, Quote, QuoteRequest, SourceResult } from "./types";

export type RefreshReport = {
  startedAt: string;
  finishedAt: string;
  updated: string[];
  /** kind "unreachable": the source or RPC was down, which says nothing about the coin. */
  failed: { coinId: string; source: string; reason: string; kind?: "unreachable" }[];
  heldBack: { coinId: string; source: string; reason: string }[];
  /** Quotes from pools under the floor: not published, the coin flagged. */
  lowLiquidity: { coinId: string; source: string; liquidityUsd: number | null }[];
  /** Not asked this pass (the time budget ran out): the freshest coins; the next pass asks them first. */
  deferred: { coinId: string; source: string }[];
  /** What a source noticed about the market as a whole (a stablecoin pool off its peg and dropped). */
  notes: string[];
  /** The PLS check against CoinGecko, when one ran this pass. */
  crossCheck: PlsCrossCheck | null;
  /** The published prices checked against a second source this pass, and those that disagree. */
  sourceChecks: { asked: number; checked: number; disagree: string[] };
  /** 0 when thinning did not run (it runs at most once an hour). */
  snapshotsThinned: number;
  /** True when the pass lost its lease before writing, so it wrote nothing. */
  leaseLost: boolean;
};

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

/** A published price that raises no high: the stored highs stay as they are (pass-writes.ts). */
const NO_NEW_HIGH = { athPrice: null, athMarketCap: null, athAt: null, athMarketCapAt: null, athMarketCapEstimated: false };

/** How often snapshot thinning runs at most (whichever instance refreshes). */
const THIN_EVERY_MS = HOUR_MS;

type Outcome =
  | { kind: "publish"; coin: Coin; source: string; quote: Quote; marketCap: number; circulatingSupply: number | null }
  | { kind: "hold"; coin: Coin; pendingPrice: number; pendingSince: Date; reason: string };

export async function runRefreshPass(db: PrismaClient, sources: readonly PriceSource[], options: RefreshOptions = {}): Promise<RefreshReport> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.warn(line));
  const env = getEnv();
  const floorUsd = options.minLiquidityUsd ?? env.MARKET_MIN_LIQUIDITY_USD;
  const fetchOptions: FetchOptions = { deadline: passDeadline(Date.now(), options.budgetMs ?? env.MARKET_PASS_BUDGET_SECONDS * 1000) };
  const startedAt = now();
  const report: RefreshReport = {
    startedAt: startedAt.toISOString(),
    finishedAt: "",
    updated: [],
    failed: [],
    heldBack: [],
    lowLiquidity: [],
    deferred: [],
    notes: [],
    crossCheck: null,
    sourceChecks: { asked: 0, checked: 0, disagree: [] },
    snapshotsThinned: 0,
    leaseLost: false,
  };
  const fail = (coinId: string, source: string, reason: string, kind?: "unreachable") => {
    report.failed.push({ coinId, source, reason, ...(kind && { kind }) });
    log(`[market] ${source} ${coinId}: ${reason}`);
  };

  // Stalest first: with a budget too short for every coin, the ones shown longest without a new
  // price are asked first, and the deferred rest are the stalest of the next pass.
  const coins = await db.coin.findMany({
    where: { quoteSource: { not: null }, quoteId: { not: null } },
    orderBy: [{ priceUpdatedAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
  });
  const bySource = new Map<string, Coin[]>();
  for (const coin of coins) {
    const list = bySource.get(coin.quoteSource!);
    if (list) list.push(coin);
    else bySource.set(coin.quoteSource!, [coin]);
  }

  // The site's own prices from about 24 h ago, looked up before asking: a coin that has one needs
  // no 24h change from a source, which spares the on-chain source's DexScreener calls.
  const references = await referencePrices24h(db, coins.map((coin) => coin.id), startedAt);
  const coingecko = sources.find((source) => source.name === "coingecko");
  const [results, coingeckoPls] = await Promise.all([
    Promise.all([...bySource].map(async ([sourceName, sourceCoins]) => ({ sourceName, sourceCoins, result: await ask(sources, sourceName, sourceCoins, references, fetchOptions) }))),
    coingecko ? askCoinGeckoPls(coingecko, fetchOptions) : Promise.resolve(null),
  ]);

  const outcomes: Outcome[] = [];
  let onchainPls: number | null = null;
  for (const { sourceName, sourceCoins, result } of results) {
    if (typeof result === "string") {
      for (const coin of sourceCoins) fail(coin.id, sourceName, result);
      continue;
    }
    for (const note of result.notes ?? []) {
      report.notes.push(note);
      log(`[market] ${note}`);
    }
    const failed = new Set<string>();
    for (const failure of result.failures) {
      failed.add(failure.coinId);
      if (failure.kind === "deferred") report.deferred.push({ coinId: failure.coinId, source: sourceName });
      else fail(failure.coinId, sourceName, failure.reason, failure.kind);
    }
    for (const coin of sourceCoins) {
      const quote = result.quotes.get(coin.id);
      if (!quote) {
        if (!failed.has(coin.id)) fail(coin.id, sourceName, "no quote in the answer");
        continue;
      }
      if (!Number.isFinite(quote.price) || quote.price <= 0) {
        fail(coin.id, sourceName, `unusable price ${quote.price}`);
        continue;
      }
      // PLS is the native coin quoted through WPLS on-chain: the price the cross-check compares.
      if (sourceName === "pulsex" && coin.contractAddress === null) onchainPls = quote.price;
      const outcome = judge(coin, sourceName, quote, floorUsd, startedAt);
      if (outcome.kind === "low-liquidity") {
        report.lowLiquidity.push({ coinId: coin.id, source: sourceName, liquidityUsd: quote.liquidityUsd });
        log(`[market] ${sourceName} ${coin.id}: low liquidity: pool $${quote.liquidityUsd === null ? "unknown" : Math.round(quote.liquidityUsd)} is under the $${floorUsd} floor; last good price kept`);
      } else if (outcome.kind === "hold") {
        report.heldBack.push({ coinId: coin.id, source: sourceName, reason: outcome.reason });
        log(`[market] ${sourceName} ${coin.id}: held back: ${outcome.reason}`);
        outcomes.push(outcome);
      } else if (outcome.kind === "fail") {
        fail(coin.id, sourceName, outcome.reason);
      } else {
        outcomes.push(outcome);
      }
    }
  }
  if (report.deferred.length > 0) log(`[market] ${report.deferred.length} coins deferred to the next pass (time budget)`);

  // Sources that watch each other: this pass's share of the on-chain tokens against DexScreener.
  const dexScreener = sources.find((source) => source.name === "dexscreener");
  const onchainTokens = coins.filter((coin) => coin.quoteSource === "pulsex" && coin.contractAddress !== null);
  const freshOnchain = outcomes.flatMap((outcome) =>
    outcome.kind === "publish" && outcome.source === "pulsex" && outcome.coin.contractAddress !== null ? [{ coin: outcome.coin, price: outcome.quote.price }] : [],
  );
  const tokenChecks = dexScreener
    ? await checkTokensAgainst(dexScreener, freshOnchain, onchainTokens.length, { intervalMs: checkIntervalMs(env.MARKET_REFRESH_INTERVAL_MINUTES), fetchOptions, at: now() })
    : { checks: [], asked: 0 };

  if (options.stillHoldsLease && !(await options.stillHoldsLease())) {
    report.leaseLost = true;
    log("[market] the lease was taken by another refresher: this pass writes nothing");
    report.finishedAt = now().toISOString();
    return report;
  }

  const writtenAt = now();
  const published = outcomes.filter((outcome) => outcome.kind === "publish");
  // A new price above a high raises it only as far as the price has held (held-highs.ts): the
  // coin's last hour of snapshots is read for those coins alone.
  const aboveHigh = published.filter(({ coin, quote, marketCap }) => coin.athPrice === null || quote.price > coin.athPrice || coin.athMarketCap === null || marketCap > coin.athMarketCap);
  const recent = await recentPrices(db, aboveHigh.map(({ coin }) => coin.id), writtenAt);
  const highsAfter = (coin: Coin, price: number, marketCap: number) => {
    const held = heldFigures({ price, marketCap, takenAt: writtenAt }, recent.get(coin.id) ?? []);
    return held ? raiseAllTimeHigh(coin, held.price, held.marketCap, writtenAt) : NO_NEW_HIGH;
  };
  const rows: PublishedPrice[] = published.map(({ coin, source, quote, marketCap, circulatingSupply }) => ({
    id: coin.id,
    currentPrice: quote.price,
    marketCap,
    priceChange24h: chooseChange24h(quote.price, references.get(coin.id), quote.change24h),
    liquidityUsd: quote.liquidityUsd,
    circulatingSupply,
    priceSource: source,
    priceUpdatedAt: writtenAt,
    ...highsAfter(coin, quote.price, marketCap),
    provenance: quote.provenance ? JSON.stringify(quote.provenance) : null,
  }));
  await writePublishedPrices(db, rows);
  report.updated = rows.map((row) => row.id);
  await storePendingMoves(db, outcomes.flatMap((outcome) => (outcome.kind === "hold" ? [{ id: outcome.coin.id, pendingPrice: outcome.pendingPrice, pendingSince: outcome.pendingSince }] : [])));
  const alreadyLow = new Set(coins.filter((coin) => coin.lowLiquidity).map((coin) => coin.id));
  const newlyLow = report.lowLiquidity.map(({ coinId }) => coinId).filter((coinId) => !alreadyLow.has(coinId));
  await flagLowLiquidity(db, newlyLow);
  if (rows.length > 0 || newlyLow.length > 0) await rerank(db);

  report.snapshotsThinned = await thinAtMostHourly(db, now());
  const checks: CoinCheck[] = [...tokenChecks.checks];
  if (onchainPls !== null && coingeckoPls !== null) {
    report.crossCheck = crossCheckPls(onchainPls, coingeckoPls, now());
    await writeMarketState(db, "pls-cross-check", report.crossCheck);
    const pls = coins.find((coin) => coin.quoteSource === "pulsex" && coin.contractAddress === null);
    if (pls) checks.push({ coin: pls, check: compareSources(onchainPls, coingeckoPls, "coingecko", now(), CROSS_CHECK_TOLERANCE_PCT) });
  }
  await writeSourceChecks(db, checks.map(({ coin, check }) => ({ id: coin.id, check })));
  report.sourceChecks = { asked: tokenChecks.asked + (report.crossCheck ? 1 : 0), checked: checks.length, disagree: checks.filter(({ check }) => !check.agrees).map(({ coin }) => coin.id) };
  // Logged once per episode: when two sources that agreed (or were never compared) part.
  for (const { coin, check } of checks) {
    if (check.agrees || coin.sourcesDisagree) continue;
    const other = check.source === "coingecko" ? "CoinGecko" : "DexScreener";
    log(`[market] sources disagree on ${coin.id}: on-chain $${check.ours} vs ${other} $${check.theirs} (${check.differencePct.toFixed(2)}% apart); the on-chain price stays published`);
  }
  report.finishedAt = now().toISOString();
  return report;
}

/** One source's answer for its coins, or why it gave none (a source that throws fails them all). */
async function ask(
  sources: readonly PriceSource[],
  sourceName: string,
  coins: readonly Coin[],
  references: ReadonlyMap<string, number>,
  options: FetchOptions,
): Promise<SourceResult | string> {
  const source = sources.find((candidate) => candidate.name === sourceName);
  if (!source) return "no such source configured";
  const requests: QuoteRequest[] = coins.map((coin) => ({
    coinId: coin.id,
    quoteId: coin.quoteId!,
    burnAddresses: parseBurnAddresses(coin.burnAddresses),
    wantsChange24h: !references.has(coin.id),
  }));
  try {
    return await source.fetchQuotes(requests, options);
  } catch (error) {
    // Sources report per coin and should not throw; if one does, none of its coins change.
    return `source failed: ${String(error)}`;
  }
}

/** CoinGecko's PLS price for the cross-check, or null when it has none this pass. */
async function askCoinGeckoPls(coingecko: PriceSource, options: FetchOptions): Promise<number | null> {
  try {
    const { quotes } = await coingecko.fetchQuotes([{ coinId: "pls-cross-check", quoteId: PLS_COINGECKO_ID }], options);
    return quotes.get("pls-cross-check")?.price ?? null;
  } catch {
    return null;
  }
}

/** What a usable quote does to its coin. */
function judge(
  coin: Coin,
  source: string,
  quote: Quote,
  floorUsd: number,
  at: Date,
): Outcome | { kind: "low-liquidity" } | { kind: "fail"; reason: string } {
  if (underLiquidityFloor(source, quote.liquidityUsd, floorUsd)) return { kind: "low-liquidity" };
  const move = decideMove(quote, coin, at);
  if (move.kind === "hold") return { ...move, coin };
  const ownQuote = quoteIsForThisCoin(coin);
  const circulatingSupply = ownQuote && quote.circulatingSupply ? quote.circulatingSupply : coin.circulatingSupply;
  const marketCap = deriveMarketCap(quote.price, ownQuote ? quote.marketCap : null, { ...coin, circulatingSupply });
  if (marketCap === null) return { kind: "fail", reason: "no market cap and no circulating supply to derive one" };
  return { kind: "publish", coin, source, quote, marketCap, circulatingSupply };
}

/** Thins snapshots when no instance has in the last hour; returns how many it removed. */
async function thinAtMostHourly(db: PrismaClient, now: Date): Promise<number> {
  const last = await readMarketState(db, "snapshots-thinned");
  // A last run "in the future" (a clock set back) does not block thinning.
  const sinceLast = last ? now.getTime() - Date.parse(last.at) : Infinity;
  if (sinceLast >= 0 && sinceLast < THIN_EVERY_MS) return 0;
  const removed = await thinSnapshots(db, now);
  await writeMarketState(db, "snapshots-thinned", { at: now.toISOString(), removed });
  return removed;
}
