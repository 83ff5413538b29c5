// Alert evaluation, the pure part (issue 39 items 2 and 3): which coins' figures may fire a rule,
// the value each kind compares with its level, whether a candidate the database found by range
// really fires now (cooldown), what firing does to the rule, and the per-user daily cap. The
// reads and writes are in evaluate.server.ts.
import { staleBefore } from "../shared/freshness";
import type { AlertDirection, AlertKind } from "./schemas";
import { DAILY_FIRING_CAP, DAILY_RULE_COOLDOWN_MS, RULE_COOLDOWN_MS } from "./limits";
import { pairRatio } from "./arm-rule";
import { isPastLevel, rearmLevel } from "./rearm";
import { firingMessage, firingUrl } from "./wording";

/** What the evaluation reads of a coin: its published figures and what says they may be trusted. */
export type CoinFigures = {
  id: string;
  symbol: string;
  currentPrice: number;
  marketCap: number;
  priceChange24h: number | null;
  athPrice: number | null;
  athMarketCap: number | null;
  lowLiquidity: boolean;
  quarantinedAt: Date | null;
  pendingPrice: number | null;
  priceSource: string;
  priceUpdatedAt: Date | null;
};

/** What an evaluation did, for the pass's report and the worker's record. */
export type AlertEvaluation = {
  /**
   * Rules read past their level and out of their cooldown (the candidates), plus the rules
   * re-armed and those armed once their target had a value: what the pass touched. A rule in its
   * cooldown is not read (lib/alerts/evaluate-sql.ts crossedRulesSql), so not counted.
   */
  rulesChecked: number;
  /** Firings written and handed to the outbox. */
  fired: number;
  /** Firings written over the user's daily cap (kept, sent nowhere). */
  suppressed: number;
  rearmed: number;
  /** Reach rules that waited for their target (A or B had no market cap) and took their side this pass. */
  armedWaiting: number;
  /** Outbox rows written (one per push subscription of each firing's user). */
  deliveries: number;
  ms: number;
  /** Where the time went: reading figures and pairs, the range searches and re-arms, planning and writing the firings. */
  phasesMs: { read: number; search: number; write: number };
};

export const SINGLE_COIN_KINDS = ["price", "market_cap", "new_ath", "move_24h"] as const satisfies readonly AlertKind[];
export const PAIR_KINDS = ["reach", "reach_ath"] as const satisfies readonly AlertKind[];
export type PairKind = (typeof PAIR_KINDS)[number];

/**
 * The time before which a published price is stale, by the site's own rule (lib/shared/freshness.ts):
 * the freshest live price is this pass's, which the coins it just published carry.
 */
export function staleCutoff(changed: readonly CoinFigures[], now: Date): number | null {
  let newest: Date | null = null;
  for (const coin of changed) if (coin.priceSource !== "snapshot" && coin.priceUpdatedAt && (!newest || coin.priceUpdatedAt > newest)) newest = coin.priceUpdatedAt;
  return staleBefore(newest, now.getTime());
}

/**
 * Whether a coin's figures may fire an alert: a live price (not the seed's snapshot), not under
 * the liquidity floor, not quarantined, no big move waiting for the next pass to confirm it (the
 * published figure is about to change or be dropped), and not stale.
 */
export function usableFigures(coin: CoinFigures, cutoff: number | null): boolean {
  if (coin.priceSource === "snapshot" || coin.lowLiquidity || coin.quarantinedAt !== null || coin.pendingPrice !== null) return false;
  if (!coin.priceUpdatedAt) return false;
  return cutoff === null || coin.priceUpdatedAt.getTime() >= cutoff;
}

/** The value a single-coin rule compares with its level; null: the coin has none to offer. */
export function coinValue(kind: (typeof SINGLE_COIN_KINDS)[number], coin: CoinFigures): number | null {
  switch (kind) {
    case "price":
      return coin.currentPrice;
    case "market_cap":
      return coin.marketCap;
    case "new_ath":
      return coin.athPrice;
    case "move_24h":
      return coin.priceChange24h === null ? null : Math.abs(coin.priceChange24h);
  }
}

/**
 * A's market cap as a multiple of B's (reach) or of B's all-time-high market cap (reach_ath); null
 * while either has none. The figure a rule was set against when made (lib/alerts/arm-rule.ts).
 */
export function pairValue(kind: PairKind, a: CoinFigures, b: CoinFigures): number | null {
  return pairRatio(kind, a, b);
}

/** What the message shows: A's market cap (reach kinds), the price, the market cap, the new high, the signed 24h change. */
export function figureOf(kind: AlertKind, coin: CoinFigures): number {
  switch (kind) {
    case "reach":
    case "reach_ath":
    case "market_cap":
      return coin.marketCap;
    case "price":
      return coin.currentPrice;
    case "new_ath":
      return coin.athPrice ?? coin.currentPrice;
    case "move_24h":
      return coin.priceChange24h ?? 0;
  }
}

/** A rule the database found past its level, with the value that put it there. */
export type Candidate = {
  id: number;
  userId: number;
  kind: AlertKind;
  coinId: string;
  otherCoinId: string | null;
  direction: AlertDirection | null;
  level: number;
  crossing: number;
  lastFiredAt: Date | null;
  value: number;
};

/**
 * Whether the value is past the level (the range the database searched, checked again here): a
 * new high must be above the high last seen; a 24h move of at least `level` percent either way.
 */
export function pastLevel(rule: Pick<Candidate, "kind" | "direction" | "level" | "value">): boolean {
  if (rule.kind === "new_ath") return rule.value > rule.level;
  if (rule.kind === "move_24h") return rule.value >= rule.level;
  return isPastLevel(rule.direction ?? "above", rule.value, rule.level);
}

export function cooldownMs(kind: AlertKind): number {
  return kind === "new_ath" || kind === "move_24h" ? DAILY_RULE_COOLDOWN_MS : RULE_COOLDOWN_MS;
}

/**
 * A rule that fired less than its cooldown ago waits (it stays armed and fires after it, if still
 * past). The pass's read already leaves these out (evaluate-sql.ts); checked again here as the
 * level is.
 */
export function coolingDown(rule: Pick<Candidate, "kind" | "lastFiredAt">, now: Date): boolean {
  return rule.lastFiredAt !== null && now.getTime() - rule.lastFiredAt.getTime() < cooldownMs(rule.kind);
}

/** The rule after it fired. */
export type RuleAfterFiring = { armed: boolean; rearmAt: number | null; level: number };

/**
 * A level crossing disarms the rule until the value is back past rearmAt. A new high has no
 * crossing back: the rule stays armed with the new high as its level (the next fires only above
 * it). A 24h move stays armed too; its daily cooldown is what spaces it.
 */
export function afterFiring(rule: Pick<Candidate, "kind" | "direction" | "level" | "value">): RuleAfterFiring {
  if (rule.kind === "new_ath") return { armed: true, rearmAt: null, level: rule.value };
  if (rule.kind === "move_24h") return { armed: true, rearmAt: null, level: rule.level };
  return { armed: false, rearmAt: rearmLevel(rule.direction ?? "above", rule.level), level: rule.level };
}

export type PlannedFiring = {
  rule: Candidate;
  /** The firing's key with the rule: the rule's crossing count after it. */
  crossing: number;
  next: RuleAfterFiring;
  message: string;
  url: string;
  suppressed: "daily_cap" | null;
};

/**
 * The firings of this evaluation, from the candidates found past their level: those cooling down
 * wait; each user's firings beyond DAILY_FIRING_CAP in the last 24 h (`sentToday`: those already
 * sent) are written suppressed. Symbols are the coins' live ones (a renamed coin says its new name).
 */
export function planFirings(
  candidates: readonly Candidate[],
  coins: ReadonlyMap<string, CoinFigures>,
  sentToday: ReadonlyMap<number, number>,
  now: Date,
): PlannedFiring[] {
  const sent = new Map(sentToday);
  const ordered = candidates.filter((rule) => pastLevel(rule) && !coolingDown(rule, now)).sort((a, b) => a.id - b.id);
  const planned: PlannedFiring[] = [];
  for (const rule of ordered) {
    const coin = coins.get(rule.coinId);
    if (!coin) continue;
    const other = rule.otherCoinId === null ? null : coins.get(rule.otherCoinId);
    if (other === undefined) continue;
    const count = sent.get(rule.userId) ?? 0;
    const suppressed = count >= DAILY_FIRING_CAP ? "daily_cap" : null;
    if (!suppressed) sent.set(rule.userId, count + 1);
    const words = { kind: rule.kind, coinSymbol: coin.symbol, otherSymbol: other?.symbol ?? null, direction: rule.direction, level: rule.level };
    planned.push({
      rule,
      crossing: rule.crossing + 1,
      next: afterFiring(rule),
      message: firingMessage(words, figureOf(rule.kind, coin)),
      url: firingUrl(rule),
      suppressed,
    });
  }
  return planned;
}
