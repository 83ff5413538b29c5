// The evaluation's range searches, as SQL (pure: text and parameters). Each takes a list of
// (coin, kind, other coin, value) rows, one per changed coin and kind or per changed pair, and
// joins it to AlertRule on the index (coinId, kind, otherCoinId, armed, direction, level|rearmAt):
// for each row SQLite seeks to the rule's coin, kind, pair, state and side and reads only the
// rules whose level (or re-arm point) the value has passed. No statement reads a rule that is not
// past its level, whatever the number of rules; the crossed rules' read also leaves out those in
// their cooldown, on the index entry (its last column is lastFiredAt), so a rule that cannot fire
// yet costs no row read however long it stays past its level.
import { sqlDateTime } from "@/lib/db/sql-datetime";
import type { AlertKind } from "@/lib/alerts/schemas";
import { cooldownMs } from "./evaluate";
import { REARM_MARGIN } from "./limits";

/** One value to compare with the levels of a coin's (or pair's) rules of one kind. */
export type ValueRow = { coinId: string; kind: string; otherCoinId: string | null; value: number };

/** Rows per statement (one JSON parameter: the statement's size, not SQLite's parameter limit, bounds it). */
export const VALUE_ROWS_PER_STATEMENT = 2_000;

type Sql = { sql: string; params: (string | number | null)[] };

/**
 * The rows as one JSON parameter, unpacked by json_each: a parameter per value costs more in the
 * client than the search itself does in SQLite (measured by bench:alerts).
 */
function values(rows: readonly ValueRow[]): Sql {
  return {
    sql: `WITH v("coinId", "kind", "other", "value") AS MATERIALIZED (${jsonRows(4)})`,
    params: [JSON.stringify(rows.map((row) => [row.coinId, row.kind, row.otherCoinId, row.value]))],
  };
}

/**
 * The rows with, per row, the end of its kind's cooldown as a time: a rule that last fired after
 * `cooledBefore` is cooling down (lib/alerts/evaluate.ts cooldownMs, as DateTime text: see
 * lib/db/sql-datetime.ts).
 */
function valuesWithCooldown(rows: readonly ValueRow[], now: Date): Sql {
  const cutoff = new Map<string, string>();
  const cooledBefore = (kind: string) => {
    let at = cutoff.get(kind);
    if (at === undefined) cutoff.set(kind, (at = sqlDateTime(new Date(now.getTime() - cooldownMs(kind as AlertKind)))));
    return at;
  };
  return {
    sql: `WITH v("coinId", "kind", "other", "value", "cooledBefore") AS MATERIALIZED (${jsonRows(5)})`,
    params: [JSON.stringify(rows.map((row) => [row.coinId, row.kind, row.otherCoinId, row.value, cooledBefore(row.kind)]))],
  };
}

/** SELECT of columns c0, c1, … from a JSON array of arrays given as the one parameter. */
export function jsonRows(columns: number): string {
  return `SELECT ${Array.from({ length: columns }, (_, i) => `json_extract(j."value", '$[${i}]') AS c${i}`).join(", ")} FROM json_each(?) AS j`;
}

/**
 * `r` matched to its value row on the index's equality columns (the pair, or none for a single
 * coin), through the index named: without statistics SQLite may otherwise pick the narrower
 * (otherCoinId, kind) index for pairs and read every rule of the pair.
 */
function joinOn(pair: boolean, armed: 0 | 1, direction: "'above'" | "'below'" | "NULL"): string {
  const index = armed ? "AlertRule_coinId_kind_otherCoinId_armed_direction_level_lastFiredAt_idx" : "AlertRule_coinId_kind_otherCoinId_armed_direction_rearmAt_idx";
  return `FROM v JOIN "AlertRule" r INDEXED BY "${index}" ON r."coinId" = v."coinId" AND r."kind" = v."kind" AND ${
    pair ? `r."otherCoinId" = v."other"` : `r."otherCoinId" IS NULL`
  } AND r."armed" = ${armed} AND r."direction" ${direction === "NULL" ? "IS NULL" : `= ${direction}`}`;
}

/**
 * The armed, unpaused rules whose level the value has reached and whose cooldown is over (at
 * `now`): above (level <= value), below (level >= value), and those without a side (new_ath,
 * move_24h; a reach rule stored armed without one reads as "above": level <= value). A rule in
 * its cooldown is left out here, on the index entry, not read and then dropped: a 24h-move rule
 * past its level all day costs nothing until its day is over.
 */
export function crossedRulesSql(rows: readonly ValueRow[], pair: boolean, now: Date): Sql {
  const cte = valuesWithCooldown(rows, now);
  const columns = `SELECT r."id", r."userId", r."kind", r."coinId", r."otherCoinId", r."direction", r."level", r."crossing", r."lastFiredAt", v."value"`;
  const ready = `r."paused" = 0 AND (r."lastFiredAt" IS NULL OR r."lastFiredAt" <= v."cooledBefore")`;
  const branches = [
    `${columns} ${joinOn(pair, 1, "'above'")} AND r."level" <= v."value" WHERE ${ready}`,
    `${columns} ${joinOn(pair, 1, "'below'")} AND r."level" >= v."value" WHERE ${ready}`,
    `${columns} ${joinOn(pair, 1, "NULL")} AND r."level" <= v."value" WHERE ${ready}`,
  ];
  return { sql: `${cte.sql} ${branches.join(" UNION ALL ")}`, params: cte.params };
}

/**
 * Re-arms the rules that fired and whose value has gone back past the margin: fired going above,
 * re-armed at or below rearmAt (a rule without a side too); fired going below, at or above it. Paused rules re-arm too, so
 * a rule resumed later starts from where the value is.
 */
export function rearmSql(rows: readonly ValueRow[], pair: boolean): Sql {
  const cte = values(rows);
  return {
    sql: `${cte.sql} UPDATE "AlertRule" SET "armed" = 1, "rearmAt" = NULL WHERE "id" IN (
      SELECT r."id" ${joinOn(pair, 0, "'above'")} AND r."rearmAt" >= v."value"
      UNION ALL SELECT r."id" ${joinOn(pair, 0, "'below'")} AND r."rearmAt" <= v."value"
      UNION ALL SELECT r."id" ${joinOn(pair, 0, "NULL")} AND r."rearmAt" >= v."value")`,
    params: cte.params,
  };
}

/**
 * Arms the pair rules that were waiting for their target (made, or resumed, while A or B had no
 * market cap, or B no high: no side, not armed, no re-arm level) now that the pair has a value,
 * as a new rule is armed (lib/alerts/arm-rule.ts sideOf, armingOf): "above" while the value is
 * under the multiple, else "below", armed unless at the multiple exactly. The pass runs it after
 * its read of the crossed rules, so a rule armed here fires only on a later crossing. Paused ones
 * too: a rule resumed later keeps the side it took here.
 */
export function armWaitingSql(rows: readonly ValueRow[]): Sql {
  const cte = values(rows);
  const below = `w."value" >= "AlertRule"."level"`;
  return {
    sql: `${cte.sql} UPDATE "AlertRule" SET
      "direction" = CASE WHEN ${below} THEN 'below' ELSE 'above' END,
      "armed" = CASE WHEN w."value" = "AlertRule"."level" THEN 0 ELSE 1 END,
      "rearmAt" = "AlertRule"."level" * CASE WHEN ${below} THEN ? ELSE ? END
      FROM (SELECT r."id" AS "id", v."value" AS "value" ${joinOn(true, 0, "NULL")} AND r."rearmAt" IS NULL) AS w
      WHERE "AlertRule"."id" = w."id"`,
    params: [...cte.params, 1 + REARM_MARGIN, 1 - REARM_MARGIN],
  };
}
