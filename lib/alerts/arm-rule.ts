// What a new (or resumed) rule stores besides its coins: its side, its level and whether it is
// armed, from the coins' figures now. Pure (lib/alerts/rules.server.ts reads the coins).
import type { AlertDirection, AlertKind, CreateAlertBody } from "@/lib/alerts/schemas";
import { isPastLevel, rearmLevel } from "./rearm";

/** The figures a rule is set against. */
export type CoinFigures = { currentPrice: number; marketCap: number; athPrice: number | null; athMarketCap: number | null };

export type RuleSettings = { direction: AlertDirection | null; level: number };
export type Arming = { armed: boolean; rearmAt: number | null };

/**
 * B's market cap a "reach" rule measures A against: the current one, or the all-time-high one
 * (its current market cap while it has no recorded high).
 */
export function targetMarketCap(kind: "reach" | "reach_ath", other: CoinFigures): number {
  return kind === "reach_ath" ? (other.athMarketCap ?? other.marketCap) : other.marketCap;
}

/**
 * The side and level of a new rule. "A reaches B" means from whichever side A is now: "above"
 * when A's market cap is below the multiple of B's, else "below"; the level is the multiple.
 * A new-high rule waits for the held high to rise past today's (0 when there is none yet); a
 * 24h-move rule's level is its percent, either way.
 */
export function settingsOf(body: CreateAlertBody, coin: CoinFigures, other: CoinFigures | null): RuleSettings {
  switch (body.kind) {
    case "reach":
    case "reach_ath": {
      const target = body.multiple * targetMarketCap(body.kind, other!);
      return { direction: coin.marketCap < target ? "above" : "below", level: body.multiple };
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
 * a ratio whose B has no market cap.
 */
export function currentValue(kind: AlertKind, coin: CoinFigures, other: CoinFigures | null): number | null {
  switch (kind) {
    case "reach":
    case "reach_ath": {
      const target = targetMarketCap(kind, other!);
      return target > 0 ? coin.marketCap / target : null;
    }
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
 */
export function armingOf(settings: RuleSettings, value: number | null): Arming {
  if (settings.direction === null) return { armed: true, rearmAt: null };
  const rearmAt = rearmLevel(settings.direction, settings.level);
  const passed = value !== null && isPastLevel(settings.direction, value, settings.level);
  return { armed: !passed, rearmAt };
}

/**
 * What a rule resumed after a pause is set to, as if new against the figures now: a threshold
 * rule is armed, or waits when its level was passed meanwhile; a new-high rule starts from
 * today's high, so a high made while it was paused does not ring. A 24h-move rule has nothing to
 * reset (it rings at most once a day anyway).
 */
export function resumedState(
  rule: { kind: AlertKind; direction: AlertDirection | null; level: number },
  coin: CoinFigures,
  other: CoinFigures | null,
): Partial<Arming & { level: number }> {
  if (rule.kind === "new_ath") return { level: coin.athPrice ?? 0 };
  if (rule.direction === null) return {};
  return armingOf({ direction: rule.direction, level: rule.level }, currentValue(rule.kind, coin, other));
}
