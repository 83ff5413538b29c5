// The sources that watch each other (pure): which published on-chain prices DexScreener is asked
// about, the PLS price checked against CoinGecko's, and what the report and the log say of them.
import type { Coin } from "@/lib/generated/prisma/client";
import { CROSS_CHECK_TOLERANCE_PCT, crossCheckPls, type PlsCrossCheck } from "./cross-check";
import { compareSources } from "./source-check";
import type { CoinCheck } from "./token-checks.server";
import type { Outcome } from "./judge";
import type { RefreshReport } from "./report";

/** The on-chain tokens (PLS is no token), whose share is checked against DexScreener each pass. */
export function onchainTokens(coins: readonly Coin[]): Coin[] {
  return coins.filter((coin) => coin.quoteSource === "pulsex" && coin.contractAddress !== null);
}

/** This pass's on-chain token prices to publish: the ones a check may compare. */
export function freshOnchainPrices(outcomes: readonly Outcome[]): { coin: Coin; price: number }[] {
  return outcomes.flatMap((outcome) =>
    outcome.kind === "publish" && outcome.source === "pulsex" && outcome.coin.contractAddress !== null ? [{ coin: outcome.coin, price: outcome.quote.price }] : [],
  );
}

/** PLS's on-chain price against CoinGecko's, as a check on the PLS coin (none without both prices or a PLS coin). */
export function plsCheck(coins: readonly Coin[], onchainPls: number | null, coingeckoPls: number | null, at: Date): CoinCheck[] {
  if (onchainPls === null || coingeckoPls === null) return [];
  const pls = coins.find((coin) => coin.quoteSource === "pulsex" && coin.contractAddress === null);
  return pls ? [{ coin: pls, check: compareSources(onchainPls, coingeckoPls, "coingecko", at, CROSS_CHECK_TOLERANCE_PCT) }] : [];
}

export function summarizeChecks(checks: readonly CoinCheck[], tokensAsked: number, crossChecked: boolean): RefreshReport["sourceChecks"] {
  return { asked: tokensAsked + (crossChecked ? 1 : 0), checked: checks.length, disagree: checks.filter(({ check }) => !check.agrees).map(({ coin }) => coin.id) };
}

/**
 * This pass's source checks, decided at once: PLS against CoinGecko (the cross-check, kept in the
 * market state, and a check on the PLS coin) beside the tokens checked against DexScreener; what
 * the report says of them and the lines logged.
 */
export function sourceCheckResults(input: {
  tokenChecks: { checks: CoinCheck[]; asked: number };
  coins: readonly Coin[];
  onchainPls: number | null;
  coingeckoPls: number | null;
  at: Date;
}): { crossCheck: PlsCrossCheck | null; checks: CoinCheck[]; summary: RefreshReport["sourceChecks"]; lines: string[] } {
  const { tokenChecks, coins, onchainPls, coingeckoPls, at } = input;
  const crossCheck = onchainPls !== null && coingeckoPls !== null ? crossCheckPls(onchainPls, coingeckoPls, at) : null;
  const checks = [...tokenChecks.checks, ...plsCheck(coins, onchainPls, coingeckoPls, at)];
  return { crossCheck, checks, summary: summarizeChecks(checks, tokenChecks.asked, crossCheck !== null), lines: disagreementLines(checks) };
}

/** Logged once per episode: when two sources that agreed (or were never compared) part. */
export function disagreementLines(checks: readonly CoinCheck[]): string[] {
  return checks.flatMap(({ coin, check }) => {
    if (check.agrees || coin.sourcesDisagree) return [];
    const other = check.source === "coingecko" ? "CoinGecko" : "DexScreener";
    return [`[market] sources disagree on ${coin.id}: on-chain $${check.ours} vs ${other} $${check.theirs} (${check.differencePct.toFixed(2)}% apart); the on-chain price stays published`];
  });
}
