// An alert rule as the API shows it (lib/alerts/schemas.ts alertRuleSchema). Pure: its coins
// are read from the live Coin rows by the caller, so a renamed coin shows its new symbol and name,
// and a removed one falls back to what the rule stored when it was made, marked gone.
import type { AlertRule as AlertRuleRow } from "@/lib/generated/prisma/client";
import type { AlertDirection, AlertKind, AlertRuleView } from "@/lib/alerts/schemas";
import { describeRule } from "./wording";

/** A live coin's names, by id; a rule's coin missing here was removed. */
export type LiveCoinNames = ReadonlyMap<string, { symbol: string; name: string }>;

type Coin = AlertRuleView["coin"];

function coinOf(id: string, storedSymbol: string, storedName: string, live: LiveCoinNames): Coin {
  const coin = live.get(id);
  return coin ? { id, symbol: coin.symbol, name: coin.name, gone: false } : { id, symbol: storedSymbol, name: storedName, gone: true };
}

/** The coin ids a set of rules names, for one read of their live rows. */
export function coinIdsOf(rows: readonly Pick<AlertRuleRow, "coinId" | "otherCoinId">[]): string[] {
  return [...new Set(rows.flatMap((row) => (row.otherCoinId ? [row.coinId, row.otherCoinId] : [row.coinId])))];
}

export function toAlertRuleView(row: AlertRuleRow, live: LiveCoinNames): AlertRuleView {
  const kind = row.kind as AlertKind;
  const direction = row.direction as AlertDirection | null;
  const coin = coinOf(row.coinId, row.coinSymbol, row.coinName, live);
  const otherCoin = row.otherCoinId ? coinOf(row.otherCoinId, row.otherSymbol ?? row.otherCoinId, row.otherName ?? row.otherCoinId, live) : null;
  const state = coin.gone || otherCoin?.gone ? "coin_gone" : row.paused ? "paused" : row.armed ? "armed" : "waiting";
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
    lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
