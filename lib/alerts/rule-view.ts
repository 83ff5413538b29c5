// An alert rule as the API shows it (lib/alerts/schemas.ts alertRuleSchema). Pure: its coins
// are read from the live Coin rows by the caller, so a renamed coin shows its new symbol and name,
// and a removed one falls back to what the rule stored when it was made, marked gone.
import type { AlertRule as AlertRuleRow } from "@/lib/generated/prisma/client";
import type { AlertDirection, AlertKind, AlertRuleView } from "@/lib/alerts/schemas";
import { isPairKind, targetMarketCap } from "./arm-rule";
import { describeRule } from "./wording";

/**
 * A live coin's names, by id; a rule's coin missing here was removed. Its market caps say which
 * coin a rule waiting for its target waits for (absent: not known, none named).
 */
export type LiveCoinNames = ReadonlyMap<string, { symbol: string; name: string; marketCap?: number; athMarketCap?: number | null }>;

type Coin = AlertRuleView["coin"];

function coinOf(id: string, storedSymbol: string, storedName: string, live: LiveCoinNames): Coin {
  const coin = live.get(id);
  return coin ? { id, symbol: coin.symbol, name: coin.name, gone: false } : { id, symbol: storedSymbol, name: storedName, gone: true };
}

/** The coin ids a set of rules names, for one read of their live rows. */
export function coinIdsOf(rows: readonly Pick<AlertRuleRow, "coinId" | "otherCoinId">[]): string[] {
  return [...new Set(rows.flatMap((row) => (row.otherCoinId ? [row.coinId, row.otherCoinId] : [row.coinId])))];
}

/**
 * A reach rule made (or resumed) while A or B had no market cap (B no high, for reach_ath): stored
 * with no side, not armed and no re-arm level (lib/alerts/arm-rule.ts armingOf) until a pass arms it.
 */
export function waitsForTarget(row: Pick<AlertRuleRow, "kind" | "direction" | "armed" | "rearmAt">): boolean {
  return isPairKind(row.kind as AlertKind) && row.direction === null && !row.armed && row.rearmAt === null;
}

/**
 * The coins a waiting rule waits for: A while it has no market cap, B while it has none (or no
 * high, for reach_ath). Empty once both have one: the next pass that publishes either arms it.
 */
function waitingForOf(row: AlertRuleRow, live: LiveCoinNames): string[] {
  const kind = row.kind as "reach" | "reach_ath";
  const a = live.get(row.coinId);
  const b = row.otherCoinId ? live.get(row.otherCoinId) : undefined;
  const out: string[] = [];
  if (a?.marketCap !== undefined && !(a.marketCap > 0)) out.push(row.coinId);
  if (b?.marketCap !== undefined && targetMarketCap(kind, { marketCap: b.marketCap, athMarketCap: b.athMarketCap ?? null }) === null) out.push(row.otherCoinId!);
  return out;
}

export function toAlertRuleView(row: AlertRuleRow, live: LiveCoinNames): AlertRuleView {
  const kind = row.kind as AlertKind;
  const direction = row.direction as AlertDirection | null;
  const coin = coinOf(row.coinId, row.coinSymbol, row.coinName, live);
  const otherCoin = row.otherCoinId ? coinOf(row.otherCoinId, row.otherSymbol ?? row.otherCoinId, row.otherName ?? row.otherCoinId, live) : null;
  const waiting = waitsForTarget(row);
  const state =
    coin.gone || otherCoin?.gone ? "coin_gone" : row.paused ? "paused" : waiting ? "waiting_for_market_cap" : row.armed ? "armed" : "waiting";
  return {
    id: row.id,
    kind,
    coin,
    otherCoin,
    direction,
    // A new-high rule's stored level is the high it last saw, its working state, not a setting.
    level: kind === "new_ath" ? null : row.level,
    description: describeRule({ kind, coinSymbol: coin.symbol, otherSymbol: otherCoin?.symbol ?? null, direction, level: row.level }),
    state,
    waitingFor: state === "waiting_for_market_cap" ? waitingForOf(row, live) : [],
    lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
