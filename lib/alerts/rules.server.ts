// A user's alert rules (issue 39): list, create, pause or resume, delete. Every read and write is
// scoped by the signed-in user's id, so another user's rule is "not found", as on the watchlist.
import "server-only";
import { DomainError } from "@/lib/errors/domain-error";
import type { PrismaClient } from "@/lib/db/create-client";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import type { AlertRule as AlertRuleRow } from "@/lib/generated/prisma/client";
import { ALERT_RULE_LIMIT, type AlertDirection, type AlertKind, type AlertRuleView, type CreateAlertBody } from "@/lib/alerts/schemas";
import { armingOf, currentValue, resumedState, settingsOf, type CoinFigures } from "./arm-rule";
import { coinIdsOf, toAlertRuleView, type LiveCoinNames } from "./rule-view";

const FIGURES = { id: true, symbol: true, name: true, currentPrice: true, marketCap: true, athPrice: true, athMarketCap: true } as const;
type CoinRow = CoinFigures & { id: string; symbol: string; name: string };

async function liveNames(db: PrismaClient, rows: readonly AlertRuleRow[]): Promise<LiveCoinNames> {
  const ids = coinIdsOf(rows);
  if (ids.length === 0) return new Map();
  // The market caps too: a rule waiting for its target says which coin has none yet.
  const coins = await db.coin.findMany({ where: { id: { in: ids } }, select: { id: true, symbol: true, name: true, marketCap: true, athMarketCap: true } });
  return new Map(coins.map((coin) => [coin.id, coin]));
}

async function viewOf(db: PrismaClient, row: AlertRuleRow): Promise<AlertRuleView> {
  return toAlertRuleView(row, await liveNames(db, [row]));
}

/** Oldest first, each with its coins as they are named now (or as stored, when removed). */
export async function listAlertRules(db: PrismaClient, userId: number): Promise<AlertRuleView[]> {
  const rows = await db.alertRule.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const live = await liveNames(db, rows);
  return rows.map((row) => toAlertRuleView(row, live));
}

/**
 * The rule's coins with their figures now. A coin we do not list is a bad field of the body (400
 * naming it), not a 422 as elsewhere: the form shows the message beside the field it names.
 */
async function coinsOf(db: PrismaClient, body: CreateAlertBody): Promise<{ coin: CoinRow; other: CoinRow | null }> {
  const otherCoinId = "otherCoinId" in body ? body.otherCoinId : null;
  if (otherCoinId === body.coinId) {
    throw new DomainError("invalid_input", "otherCoinId: choose a coin other than the one the alert is for.");
  }
  const rows = await db.coin.findMany({ where: { id: { in: otherCoinId ? [body.coinId, otherCoinId] : [body.coinId] } }, select: FIGURES });
  const find = (id: string) => rows.find((row) => row.id === id);
  const coin = find(body.coinId);
  const other = otherCoinId ? find(otherCoinId) : null;
  const missing = [
    !coin && `coinId: no coin with id "${body.coinId}".`,
    otherCoinId && !other && `otherCoinId: no coin with id "${otherCoinId}".`,
  ].filter(Boolean);
  if (missing.length) throw new DomainError("invalid_input", missing.join("; "));
  return { coin: coin!, other: other ?? null };
}

/**
 * Creates a rule set against the coins' figures now (lib/alerts/arm-rule.ts). At most
 * ALERT_RULE_LIMIT per user, also under concurrent creates: the count and the insert are one
 * statement, and SQLite runs writes one at a time, so two creates cannot both see 49.
 */
export async function createAlertRule(db: PrismaClient, userId: number, body: CreateAlertBody): Promise<AlertRuleView> {
  const { coin, other } = await coinsOf(db, body);
  const settings = settingsOf(body, coin, other);
  const { armed, rearmAt } = armingOf(settings, currentValue(body.kind, coin, other), body.kind);
  const inserted = await db.$queryRawUnsafe<{ id: number | bigint }[]>(
    `INSERT INTO "AlertRule" ("userId", "kind", "coinId", "otherCoinId", "coinSymbol", "coinName", "otherSymbol", "otherName",
       "direction", "level", "armed", "rearmAt", "paused", "createdAt")
     SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?
     WHERE (SELECT count(*) FROM "AlertRule" WHERE "userId" = ?) < ?
     RETURNING "id"`,
    userId,
    body.kind,
    coin.id,
    other?.id ?? null,
    coin.symbol,
    coin.name,
    other?.symbol ?? null,
    other?.name ?? null,
    settings.direction,
    settings.level,
    armed ? 1 : 0,
    rearmAt,
    sqlDateTime(new Date()),
    userId,
    ALERT_RULE_LIMIT,
  );
  if (inserted.length === 0) {
    throw new DomainError("too_many_alerts", `You have ${ALERT_RULE_LIMIT} alerts, the most an account can hold. Delete one to add another.`);
  }
  const row = await db.alertRule.findUniqueOrThrow({ where: { id: Number(inserted[0]!.id) } });
  return viewOf(db, row);
}

/**
 * Pauses or resumes one of the user's rules; null when they have no such rule. A paused rule is
 * not evaluated, so on resuming it is set against the figures now, as if new
 * (lib/alerts/arm-rule.ts resumedState): nothing fires for what happened while it was paused.
 */
export async function setAlertRulePaused(db: PrismaClient, userId: number, id: number, paused: boolean): Promise<AlertRuleView | null> {
  const rule = await db.alertRule.findFirst({ where: { id, userId } });
  if (!rule) return null;
  if (rule.paused === paused) return viewOf(db, rule);
  let data: { paused: boolean; armed?: boolean; rearmAt?: number | null; level?: number; direction?: AlertDirection | null } = { paused };
  if (!paused) {
    const ids = rule.otherCoinId ? [rule.coinId, rule.otherCoinId] : [rule.coinId];
    const coins = await db.coin.findMany({ where: { id: { in: ids } }, select: FIGURES });
    const coin = coins.find((row) => row.id === rule.coinId);
    const other = rule.otherCoinId ? coins.find((row) => row.id === rule.otherCoinId) : null;
    // A removed coin's rule stays as it was: it fires no more either way.
    if (coin && other !== undefined) {
      data = { ...data, ...resumedState({ kind: rule.kind as AlertKind, direction: rule.direction as AlertDirection | null, level: rule.level }, coin, other) };
    }
  }
  const { count } = await db.alertRule.updateMany({ where: { id, userId }, data });
  const updated = count === 1 ? await db.alertRule.findFirst({ where: { id, userId } }) : null;
  return updated && viewOf(db, updated); // null: deleted meanwhile
}

/** Deletes one of the user's rules and its firings (cascade); false when they have no such rule. */
export async function deleteAlertRule(db: PrismaClient, userId: number, id: number): Promise<boolean> {
  const { count } = await db.alertRule.deleteMany({ where: { id, userId } });
  return count > 0;
}
