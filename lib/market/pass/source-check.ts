// Sources that watch each other (pure). The published price of an on-chain token is checked
// against DexScreener's, a rotating share of the tokens each pass so that every one is checked at
// least hourly, and PLS against CoinGecko's every pass. Two prices more than the tolerance apart
// flag the coin (Coin.sourcesDisagree) with both figures and the time; the flag tells the visitor
// and the operator, it never switches the published price to the other source.
import type { SourceCheck } from "@/lib/coins/source-check-schema";

/** Tokens priced on chain: more than this apart from DexScreener (percent, either way) disagree. */
export const TOKEN_TOLERANCE_PCT = 10;
/** Every on-chain token is checked at least this often. */
export const CHECK_EVERY_MS = 60 * 60_000;

export function compareSources(ours: number, theirs: number, source: SourceCheck["source"], at: Date, tolerancePct: number): SourceCheck {
  const differencePct = (ours / theirs - 1) * 100;
  return { source, ours, theirs, differencePct, agrees: Math.abs(differencePct) <= tolerancePct, checkedAt: at.toISOString() };
}

/**
 * How many of `total` tokens a pass checks so that all are checked within CHECK_EVERY_MS when
 * passes run every `intervalMs` (at least one; every one when passes are an hour or more apart).
 */
export function rotationShare(total: number, intervalMs: number): number {
  if (total === 0) return 0;
  const passesPerRound = Math.max(1, Math.floor(CHECK_EVERY_MS / Math.max(intervalMs, 1)));
  return Math.min(total, Math.ceil(total / passesPerRound));
}

/** The time between passes the rotation plans for: the schedule's, or 5 minutes when passes run by hand (0). */
export function checkIntervalMs(intervalMinutes: number): number {
  return (intervalMinutes > 0 ? intervalMinutes : 5) * 60_000;
}

/** The tokens to check this pass: those checked longest ago (never first), `share` of them. */
export function dueForCheck<T extends { id: string; sourceCheckedAt: Date | null }>(coins: readonly T[], share: number): T[] {
  const at = (coin: T) => coin.sourceCheckedAt?.getTime() ?? -Infinity;
  return [...coins].sort((a, b) => at(a) - at(b) || a.id.localeCompare(b.id)).slice(0, share);
}
