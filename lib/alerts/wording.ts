// What an alert says (pure): the rule's description on /alerts ("PLSX reaches 50% of HEX's market
// cap"), the one line every channel sends when it fires ("PLSX reached 50% of HEX's market cap:
// $1.44B") and the page it opens. Only coin symbols and figures: nothing about the user.
import { coinPath } from "../coins/coin-path";
import { pairTargetPath } from "../compare/pair-route";
import { formatMarketCap, formatPercentChange, formatPrice } from "../shared/format";
import type { AlertDirection, AlertKind } from "./schemas";

/** What the words need of a rule: the symbols as they are now (a renamed coin says its new one). */
export type RuleWords = { kind: AlertKind; coinSymbol: string; otherSymbol: string | null; direction: AlertDirection | null; level: number };

/** "HEX's market cap", "50% of HEX's market cap", "2x HEX's all-time-high market cap". */
function shareOf(multiple: number, otherSymbol: string | null, ath: boolean): string {
  const target = `${otherSymbol ?? "?"}'s ${ath ? "all-time-high market cap" : "market cap"}`;
  if (multiple === 1) return target;
  // Below 1 a share reads as a percent ("half of B's" is 50%); above, as a multiple.
  if (multiple < 1) return `${trim(multiple * 100)}% of ${target}`;
  return `${trim(multiple)}x ${target}`;
}

/** Up to 4 significant digits, no trailing zeros: 0.5 -> "0.5", 33.333 -> "33.33". */
function trim(value: number): string {
  return String(Number(value.toPrecision(4)));
}

function crossing(direction: AlertDirection | null, present: boolean): string {
  if (direction === "below") return present ? "falls below" : "fell below";
  return present ? "goes above" : "went above";
}

/** The rule in a line, present tense: what it waits for. */
export function describeRule(rule: RuleWords): string {
  const { coinSymbol: a } = rule;
  switch (rule.kind) {
    case "reach":
    case "reach_ath":
      return `${a} reaches ${shareOf(rule.level, rule.otherSymbol, rule.kind === "reach_ath")}`;
    case "price":
      return `${a}'s price ${crossing(rule.direction, true)} ${formatPrice(rule.level)}`;
    case "market_cap":
      return `${a}'s market cap ${crossing(rule.direction, true)} ${formatMarketCap(rule.level)}`;
    case "new_ath":
      return `${a} makes a new all-time high`;
    case "move_24h":
      return `${a} moves ${trim(rule.level)}% in 24h, up or down`;
  }
}

/**
 * The firing in a line, past tense, with the figure it reached: A's market cap (reach kinds), the
 * price, the market cap, the new high's price, or the signed 24h change in percent.
 */
export function firingMessage(rule: RuleWords, figure: number): string {
  const { coinSymbol: a } = rule;
  switch (rule.kind) {
    case "reach":
    case "reach_ath":
      return `${a} reached ${shareOf(rule.level, rule.otherSymbol, rule.kind === "reach_ath")}: ${formatMarketCap(figure)}`;
    case "price":
      return `${a}'s price ${crossing(rule.direction, false)} ${formatPrice(rule.level)}: ${formatPrice(figure)}`;
    case "market_cap":
      return `${a}'s market cap ${crossing(rule.direction, false)} ${formatMarketCap(rule.level)}: ${formatMarketCap(figure)}`;
    case "new_ath":
      return `${a} made a new all-time high: ${formatPrice(figure)}`;
    case "move_24h":
      return `${a} is ${figure < 0 ? "down" : "up"} ${formatPercentChange(Math.abs(figure), 1)} in 24h`;
  }
}

/** The page a firing opens: the pair (at B's high for reach_ath) or the coin. Always a site path. */
export function firingUrl(rule: { kind: AlertKind; coinId: string; otherCoinId: string | null }): string {
  if ((rule.kind === "reach" || rule.kind === "reach_ath") && rule.otherCoinId) {
    return pairTargetPath(rule.coinId, rule.otherCoinId, rule.kind === "reach_ath" ? "ath" : "today");
  }
  return coinPath(rule.coinId);
}
