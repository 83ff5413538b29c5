// What each answer does to its coin (pure): published, held back (a big move from a thin pool,
// confirmed by the next pass), flagged (under the liquidity floor), failed (keeps its last good
// values) or deferred (the time budget ran out). A circulating supply that moved over 5x is held
// back on its own: the price publishes with the last published supply. Everything found becomes
// a report entry and a log line, in the order found.
import type { Coin } from "@/lib/generated/prisma/client";
import { decideMove, decideSupply, deriveMarketCap, quoteIsForThisCoin, underLiquidityFloor, type PendingSupply } from "./publish";
import type { Quote } from "../types";
import type { RefreshReport } from "./report";
import type { SourceAnswer } from "./requests";

/**
 * Both outcomes carry what the coin's pending supply becomes (PendingSupply: null clears it). A
 * published price whose supply was held back says why in `supplyHeldBack`.
 */
export type PublishOutcome = { kind: "publish"; coin: Coin; source: string; quote: Quote; marketCap: number; circulatingSupply: number | null; supplyHeldBack: string | null } & PendingSupply;
export type HoldOutcome = { kind: "hold"; coin: Coin; pendingPrice: number; pendingSince: Date; reason: string } & PendingSupply;
export type Outcome = PublishOutcome | HoldOutcome;

const NO_PENDING_SUPPLY: PendingSupply = { pendingSupply: null, pendingSupplySince: null };

/** What a usable quote does to its coin. */
export function judge(coin: Coin, source: string, quote: Quote, floorUsd: number, at: Date): Outcome | { kind: "low-liquidity" } | { kind: "fail"; reason: string } {
  if (underLiquidityFloor(source, quote.liquidityUsd, floorUsd)) return { kind: "low-liquidity" };
  const ownQuote = quoteIsForThisCoin(coin);
  // The supply the source measured for this coin itself (PLS through WPLS measures WPLS's: not it),
  // held back like a big price move when it moved over 5x (publish.ts decideSupply).
  const supplyMove = ownQuote && quote.circulatingSupply !== undefined ? decideSupply(quote.circulatingSupply, coin, at) : null;
  const supplyHold = supplyMove?.kind === "hold" ? supplyMove : null;
  const move = decideMove(quote, coin, at);
  if (move.kind === "hold") {
    // The price waits, and a supply that moved over 5x waits with it (a reading that confirmed the
    // pending one too: nothing publishes this pass), so the next pass can confirm both.
    const supplyWaits = supplyHold !== null || (supplyMove?.kind === "publish" && supplyMove.confirmed);
    const pending = supplyWaits ? { pendingSupply: quote.circulatingSupply!, pendingSupplySince: at } : NO_PENDING_SUPPLY;
    return { ...move, ...pending, reason: supplyHold ? `${move.reason}; ${supplyHold.reason}` : move.reason, coin };
  }
  if (supplyHold) {
    // The price publishes with the last published supply (never null here: decideSupply holds a move from one).
    const circulatingSupply = coin.circulatingSupply!;
    const { pendingSupply, pendingSupplySince, reason } = supplyHold;
    return { kind: "publish", coin, source, quote, marketCap: quote.price * circulatingSupply, circulatingSupply, pendingSupply, pendingSupplySince, supplyHeldBack: reason };
  }
  // A measured supply of 0 (all of it at burn addresses) is a reading, not a missing one: market cap 0.
  const circulatingSupply = ownQuote && quote.circulatingSupply !== undefined ? quote.circulatingSupply : coin.circulatingSupply;
  const marketCap = ownQuote && quote.circulatingSupply === 0 ? 0 : deriveMarketCap(quote.price, ownQuote ? quote.marketCap : null, { ...coin, circulatingSupply });
  if (marketCap === null) return { kind: "fail", reason: "no market cap and no circulating supply to derive one" };
  return { kind: "publish", coin, source, quote, marketCap, circulatingSupply, ...NO_PENDING_SUPPLY, supplyHeldBack: null };
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
  const fail = (coinId: string, source: string, reason: string, kind?: "unreachable" | "contract") => {
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
        if (outcome.supplyHeldBack !== null) {
          entries.heldBack.push({ coinId: coin.id, source: sourceName, reason: outcome.supplyHeldBack });
          lines.push(`[market] ${sourceName} ${coin.id}: held back: ${outcome.supplyHeldBack}`);
        }
        judged.outcomes.push(outcome);
      }
    }
  }
  if (entries.deferred.length > 0) lines.push(`[market] ${entries.deferred.length} coins deferred to the next pass (time budget)`);
  return judged;
}
