// What a wallet's bag is worth: each holding today, at its own all-time-high market cap, and at a
// target the visitor picks for the whole table (a coin's market cap today or at its high, or a
// typed number). Pure: the balances come from the chain (read-balances.ts), the prices from the
// token list (bag-tokens.ts), and nothing here leaves the browser.
import { formatUnits } from "viem";
import { staleMinutes, type PriceContext } from "../shared/freshness";
import type { BagToken } from "./bag-tokens";

/** Holdings under this are counted in the totals but not listed (dust from airdrops and swaps). */
export const MIN_LISTED_VALUE_USD = 1;

export type BagHolding = {
  token: BagToken;
  amount: number;
  valueToday: number;
  /** At its own all-time-high market cap (today's when no higher one is on record). */
  valueAtHigh: number;
  /** At the table's target; null when the target has no market cap (a coin without a high). */
  valueAtTarget: number | null;
  /** Target market cap / the coin's market cap today. */
  multiplier: number | null;
};

export type BagValuation = {
  /** Worth at least MIN_LISTED_VALUE_USD, most valuable first. */
  listed: BagHolding[];
  /** Held, but worth less than MIN_LISTED_VALUE_USD today. */
  dust: { count: number; valueToday: number };
  totals: { today: number; atHighs: number; atTarget: number | null };
  /** The part of each total that rests on stale prices (`isStale`), dust included; 0 when none. */
  onStalePrices: { today: number; atHighs: number; atTarget: number | null };
};

/** A token's balance as read, in whole tokens. */
export type HeldToken = { token: BagToken; raw: bigint; decimals: number };

export function holdingAmount({ raw, decimals }: Pick<HeldToken, "raw" | "decimals">): number {
  return Number(formatUnits(raw, decimals));
}

/**
 * Values what is held at `targetCap` (null: a target with no market cap). A coin without a
 * positive market cap cannot be projected: its row shows no value at the target, and the totals
 * count it at today's value rather than leave it out. `isStale` says which prices are stale
 * (lib/shared/freshness.ts), so the totals can say how much of them rests on such prices.
 */
export function valueBag(held: readonly HeldToken[], targetCap: number | null, isStale: (token: BagToken) => boolean = () => false): BagValuation {
  const holdings: BagHolding[] = [];
  for (const entry of held) {
    if (entry.raw <= 0n) continue;
    holdings.push(valueHolding(entry, targetCap));
  }
  holdings.sort((a, b) => b.valueToday - a.valueToday || a.token.symbol.localeCompare(b.token.symbol));
  const listed = holdings.filter((holding) => holding.valueToday >= MIN_LISTED_VALUE_USD);
  const dustHoldings = holdings.filter((holding) => holding.valueToday < MIN_LISTED_VALUE_USD);
  const stale = holdings.filter((holding) => isStale(holding.token));
  const totalsOf = (some: readonly BagHolding[]) => {
    const sum = (pick: (holding: BagHolding) => number) => some.reduce((total, holding) => total + pick(holding), 0);
    return {
      today: sum((holding) => holding.valueToday),
      atHighs: sum((holding) => holding.valueAtHigh),
      atTarget: targetCap === null ? null : sum((holding) => holding.valueAtTarget ?? holding.valueToday),
    };
  };
  return {
    listed,
    dust: { count: dustHoldings.length, valueToday: dustHoldings.reduce((total, holding) => total + holding.valueToday, 0) },
    totals: totalsOf(holdings),
    onStalePrices: totalsOf(stale),
  };
}

/** `valueBag`'s `isStale` for a page's price context: the coin page's rule (lib/shared/freshness.ts). */
export function staleIn(context: Pick<PriceContext, "newestLivePriceAt" | "now">): (token: BagToken) => boolean {
  return (token) => Boolean(token.priceUpdatedAt) && staleMinutes({ priceUpdatedAt: token.priceUpdatedAt! }, context) !== null;
}

function valueHolding({ token, raw, decimals }: HeldToken, targetCap: number | null): BagHolding {
  const amount = holdingAmount({ raw, decimals });
  const valueToday = amount * token.currentPrice;
  const cap = token.marketCap > 0 ? token.marketCap : null;
  // Highs only rise, but a pass may publish today's cap before it raises the high: today is then the high.
  const high = cap === null ? null : Math.max(token.athMarketCap ?? cap, cap);
  const multiplier = cap === null || targetCap === null ? null : targetCap / cap;
  return {
    token,
    amount,
    valueToday,
    valueAtHigh: high === null || cap === null ? valueToday : (valueToday * high) / cap,
    valueAtTarget: multiplier === null ? null : valueToday * multiplier,
    multiplier,
  };
}
