// What a new (or resumed) rule stores besides its coins: its side, its level and whether it is
// armed, from the coins' figures now. Pure (lib/alerts/rules.server.ts reads the coins; the pass
// arms a rule that waited for its target in SQL, lib/alerts/evaluate-sql.ts armWaitingSql, by the
// same rule as sideOf and armingOf here).
import type { AlertDirection, AlertKind, CreateAlertBody } from "@/lib/alerts/schemas";
import { isPastLevel, rearmLevel } from "./rearm";

/** The figures a rule is set against. */
export type CoinFigures = { currentPrice: number; marketCap: number; athPrice: number | null; athMarketCap: number | null };

export type RuleSettings = { direction: AlertDirection | null; level: number };
export type Arming = { armed: boolean; rearmAt: number | null };
export type PairKind = "reach" | "reach_ath";

export const isPairKind = (kind: AlertKind): kind is PairKind => kind === "reach" || kind === "reach_ath";

/**
 * B's market cap a "reach" rule measures A against: the current one, or the all-time-high one;
 * null while B has none (a coin without a known supply has a market cap of 0). The pass measures
 * with this same figure (lib/alerts/evaluate.ts pairValue), so a rule is set against what fires it.
 */
export function targetMarketCap(kind: PairKind, other: Pick<CoinFigures, "marketCap" | "athMarketCap">): number | null {
  const target = kind === "reach_ath" ? other.athMarketCap : other.marketCap;
  return target !== null && target > 0 ? target : null;
}

/**
 * A's market cap as a multiple of B's target, or null while either has none: a ratio to nothing
 * (or of nothing) is no position, and a rule set against it would fire on the first figure.
 */
export function pairRatio(kind: PairKind, coin: Pick<CoinFigures, "marketCap">, other: Pick<CoinFigures, "marketCap" | "athMarketCap">): number | null {
  const target = targetMarketCap(kind, other);
  return target === null || !(coin.marketCap > 0) ? null : coin.marketCap / target;
}

/**
 * The side a "reach" rule waits on, from where A is now: "above" while A's ratio to B is under the
 * multiple, else "below" (at the multiple exactly it is reached already, from above).
 */
export function sideOf(ratio: number, multiple: number): AlertDirection {
  return ratio < multiple ? "above" : "below";
}

/**
 * The side and level of a new rule. "A reaches B" means from whichever side A is now; the level
 * is the multiple. While A or B has no market cap (or B no high, for reach_ath) a reach rule has no
 * side yet: direction null, and it waits (armingOf) until a pass sees both. A new-high rule waits
 * for the held high to rise past today's (0 when there is none yet); a 24h-move rule's level is
 * its percent, either way.
 */
export function settingsOf(body: CreateAlertBody, coin: CoinFigures, other: CoinFigures | null): RuleSettings {
  switch (body.kind) {
    case "reach":
    case "reach_ath": {
      const ratio = pairRatio(body.kind, coin, other!);
      return { direction: ratio === null ? null : sideOf(ratio, body.multiple), level: body.multiple };
    }
    case "price":
    case "market_cap":
      return { direction: body.direction, level: body.level };
    case "new_ath":
      return { direction: null, level: coin.athPrice ?? 0 };
    case "move_24h":
      return { direction: null, level: body.percent };
  }
}

/**
 * The value a threshold rule compares with its level: the ratio of A's market cap to B's (or to
 * B's high) for the reach kinds, the price, or the market cap. Null for the other kinds, and for
 * a ratio while A or B has no market cap.
 */
export function currentValue(kind: AlertKind, coin: CoinFigures, other: CoinFigures | null): number | null {
  switch (kind) {
    case "reach":
    case "reach_ath":
      return pairRatio(kind, coin, other!);
    case "price":
      return coin.currentPrice;
    case "market_cap":
      return coin.marketCap;
    default:
      return null;
  }
}

/**
 * Armed unless the level is already passed now (a price rule "above $1" on a coin at $1.20):
 * such a rule waits for the value to go back past its re-arm level first, so it never fires for
 * a crossing that happened before it existed. Threshold rules always store their re-arm level.
 * A reach rule with no side yet (its target has no value) is not armed and has no re-arm level:
 * it waits for its target, and the pass arms it the first time it sees one.
 */
export function armingOf(settings: RuleSettings, value: number | null, kind?: AlertKind): Arming {
  if (settings.direction === null) return { armed: !(kind && isPairKind(kind)), rearmAt: null };
  const rearmAt = rearmLevel(settings.direction, settings.level);
  const passed = value !== null && isPastLevel(settings.direction, value, settings.level);
  return { armed: !passed, rearmAt };
}

/**
 * What a rule resumed after a pause is set to, as if new against the figures now: a threshold
 * rule is armed, or waits when its level was passed meanwhile; a reach rule that had no side yet
 * takes one if its target has a value now (else it keeps waiting); a new-high rule starts from
 * today's high, so a high made while it was paused does not ring. A 24h-move rule has nothing to
 * reset (it rings at most once a day anyway).
 */
export function resumedState(
  rule: { kind: AlertKind; direction: AlertDirection | null; level: number },
  coin: CoinFigures,
  other: CoinFigures | null,
): Partial<Arming & { level: number; direction: AlertDirection | null }> {
  if (rule.kind === "new_ath") return { level: coin.athPrice ?? 0 };
  const value = currentValue(rule.kind, coin, other);
  if (isPairKind(rule.kind) && rule.direction === null) {
    const direction = value === null ? null : sideOf(value, rule.level);
    return { direction, ...armingOf({ direction, level: rule.level }, value, rule.kind) };
  }
  if (rule.direction === null) return {};
  return armingOf({ direction: rule.direction, level: rule.level }, value);
}
