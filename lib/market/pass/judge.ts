// What each answer does to its coin (pure): published, held back (a big move from a thin pool,
// confirmed by the next pass), flagged (under the liquidity floor), failed (keeps its last good
// values) or deferred (the time budget ran out). Everything found becomes a report entry and a
// log line, in the order found.
import type { Coin } from "@/lib/generated/prisma/client";
import { decideMove, deriveMarketCap, quoteIsForThisCoin, underLiquidityFloor } from "../publish";
import type { Quote } from "../types";
import type { RefreshReport } from "./report";
import type { SourceAnswer } from "./requests";

export type PublishOutcome = { kind: "publish"; coin: Coin; source: string; quote: Quote; marketCap: number; circulatingSupply: number | null };
export type HoldOutcome = { kind: "hold"; coin: Coin; pendingPrice: number; pendingSince: Date; reason: string };
export type Outcome = PublishOutcome | HoldOutcome;

/** What a usable quote does to its coin. */
export function judge(coin: Coin, source: string, quote: Quote, floorUsd: number, at: Date): Outcome | { kind: "low-liquidity" } | { kind: "fail"; reason: string } {
  if (underLiquidityFloor(source, quote.liquidityUsd, floorUsd)) return { kind: "low-liquidity" };
  const move = decideMove(quote, coin, at);
  if (move.kind === "hold") return { ...move, coin };
  const ownQuote = quoteIsForThisCoin(coin);
  const circulatingSupply = ownQuote && quote.circulatingSupply ? quote.circulatingSupply : coin.circulatingSupply;
  const marketCap = deriveMarketCap(quote.price, ownQuote ? quote.marketCap : null, { ...coin, circulatingSupply });
  if (marketCap === null) return { kind: "fail", reason: "no market cap and no circulating supply to derive one" };
  return { kind: "publish", coin, source, quote, marketCap, circulatingSupply };
}

export type JudgedAnswers = {
  /** The prices to publish and the moves to hold, in the order judged. */
  outcomes: Outcome[];
  /** The on-chain PLS price (PLS is quoted through WPLS), for the cross-check against CoinGecko. */
  onchainPls: number | null;
  entries: Pick<RefreshReport, "failed" | "heldBack" | "lowLiquidity" | "deferred" | "notes">;
  /** The pass's log lines about them, in the order found. */
  lines: string[];
};

export function judgeAnswers(answers: readonly SourceAnswer[], floorUsd: number, at: Date): JudgedAnswers {
  const judged: JudgedAnswers = { outcomes: [], onchainPls: null, entries: { failed: [], heldBack: [], lowLiquidity: [], deferred: [], notes: [] }, lines: [] };
  const { entries, lines } = judged;
  const fail = (coinId: string, source: string, reason: string, kind?: "unreachable") => {
    entries.failed.push({ coinId, source, reason, ...(kind && { kind }) });
    lines.push(`[market] ${source} ${coinId}: ${reason}`);
  };

  for (const { sourceName, sourceCoins, result } of answers) {
    if (typeof result === "string") {
      for (const coin of sourceCoins) fail(coin.id, sourceName, result);
      continue;
    }
    for (const note of result.notes ?? []) {
      entries.notes.push(note);
      lines.push(`[market] ${note}`);
    }
    const failed = new Set<string>();
    for (const failure of result.failures) {
      failed.add(failure.coinId);
      if (failure.kind === "deferred") entries.deferred.push({ coinId: failure.coinId, source: sourceName });
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
      if (sourceName === "pulsex" && coin.contractAddress === null) judged.onchainPls = quote.price;
      const outcome = judge(coin, sourceName, quote, floorUsd, at);
      if (outcome.kind === "low-liquidity") {
        entries.lowLiquidity.push({ coinId: coin.id, source: sourceName, liquidityUsd: quote.liquidityUsd });
        lines.push(`[market] ${sourceName} ${coin.id}: low liquidity: pool $${quote.liquidityUsd === null ? "unknown" : Math.round(quote.liquidityUsd)} is under the $${floorUsd} floor; last good price kept`);
      } else if (outcome.kind === "hold") {
        entries.heldBack.push({ coinId: coin.id, source: sourceName, reason: outcome.reason });
        lines.push(`[market] ${sourceName} ${coin.id}: held back: ${outcome.reason}`);
        judged.outcomes.push(outcome);
      } else if (outcome.kind === "fail") {
        fail(coin.id, sourceName, outcome.reason);
      } else {
        judged.outcomes.push(outcome);
      }
    }
  }
  if (entries.deferred.length > 0) lines.push(`[market] ${entries.deferred.length} coins deferred to the next pass (time budget)`);
  return judged;
}
