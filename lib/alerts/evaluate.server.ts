// Alert evaluation after a market pass (issue 39 items 2 and 3), the reads and writes: for the
// coins the pass published, their fresh figures; the rules past their level found by range
// (evaluate-sql.ts); the re-arms; and each firing written exactly once with its delivery outbox.
// Costs follow the changed coins and the firings: no statement reads rules that are not past
// their level, nor those past it in their cooldown (pair discovery aside: it reads the index
// entries of the changed coins' pair rules).
//
// Exactly once: a firing is written only by the statement that moves its rule from the crossing
// it was read at to the next (UPDATE … WHERE armed AND crossing = expected), in the same
// transaction as the firing (unique per rule and crossing) and its deliveries (unique per firing
// and target: each browser, the linked Telegram chat). A retried pass finds the rule disarmed; a
// second evaluator at the same time finds the crossing moved on and writes nothing; a crash before
// the commit leaves the rule armed for the next pass, and one after it leaves pending deliveries
// the outbox drain picks up.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import { chunk } from "@/lib/shared/in-batches";
import type { AlertDirection, AlertKind } from "@/lib/alerts/schemas";
import { armWaitingSql, crossedRulesSql, jsonRows, rearmSql, VALUE_ROWS_PER_STATEMENT, type ValueRow } from "./evaluate-sql";
import {
  coinValue,
  pairValue,
  PAIR_KINDS,
  planFirings,
  SINGLE_COIN_KINDS,
  staleCutoff,
  usableFigures,
  type Candidate,
  type CoinFigures,
  type PairKind,
  type AlertEvaluation,
  type PlannedFiring,
} from "./evaluate";
import { DAILY_CAP_WINDOW_MS } from "./limits";

export type { AlertEvaluation } from "./evaluate";


/** Ids per statement, passed as one JSON parameter. */
const IDS_PER_STATEMENT = 2_000;
/** Firings per transaction: each is a few rows; batches keep a busy pass's write lock short. */
const FIRINGS_PER_TRANSACTION = 1_000;

type FigureRow = Omit<CoinFigures, "lowLiquidity" | "quarantinedAt" | "priceUpdatedAt"> & {
  lowLiquidity: number | boolean;
  quarantinedAt: string | Date | null;
  priceUpdatedAt: string | Date | null;
};

/** The coins' figures, in one statement per 2,000 ids (raw: the ORM's row mapping cost more than the read). */
async function readFigures(db: PrismaClient, ids: readonly string[]): Promise<CoinFigures[]> {
  const out: CoinFigures[] = [];
  const date = (value: string | Date | null) => (value === null ? null : new Date(value));
  for (const piece of chunk(ids, IDS_PER_STATEMENT)) {
    const rows = await db.$queryRawUnsafe<FigureRow[]>(
      `SELECT "id", "symbol", "currentPrice", "marketCap", "priceChange24h", "athPrice", "athMarketCap", "lowLiquidity", "quarantinedAt", "pendingPrice", "priceSource", "priceUpdatedAt"
       FROM "Coin" WHERE "id" IN (SELECT "value" FROM json_each(?))`,
      JSON.stringify(piece),
    );
    for (const row of rows) {
      out.push({ ...row, lowLiquidity: Boolean(row.lowLiquidity), quarantinedAt: date(row.quarantinedAt), priceUpdatedAt: date(row.priceUpdatedAt) });
    }
  }
  return out;
}

/** Distinct (A, B, kind) of the pair rules where A or B is one of `ids`. */
async function pairsOf(db: PrismaClient, ids: readonly string[]): Promise<{ coinId: string; otherCoinId: string; kind: PairKind }[]> {
  const kinds = PAIR_KINDS.map((kind) => `'${kind}'`).join(",");
  const seen = new Map<string, { coinId: string; otherCoinId: string; kind: PairKind }>();
  for (const piece of chunk(ids, IDS_PER_STATEMENT)) {
    for (const side of ["coinId", "otherCoinId"]) {
      const rows = await db.$queryRawUnsafe<{ coinId: string; otherCoinId: string; kind: PairKind }[]>(
        `SELECT DISTINCT "coinId", "otherCoinId", "kind" FROM "AlertRule" WHERE "${side}" IN (SELECT "value" FROM json_each(?)) AND "kind" IN (${kinds}) AND "otherCoinId" IS NOT NULL`,
        JSON.stringify(piece),
      );
      for (const row of rows) seen.set(`${row.coinId}\n${row.otherCoinId}\n${row.kind}`, row);
    }
  }
  return [...seen.values()];
}

type CandidateRow = Omit<Candidate, "lastFiredAt" | "direction" | "kind"> & { kind: string; direction: string | null; lastFiredAt: string | Date | null };

const toCandidate = (row: CandidateRow): Candidate => ({
  ...row,
  id: Number(row.id),
  userId: Number(row.userId),
  crossing: Number(row.crossing),
  level: Number(row.level),
  value: Number(row.value),
  kind: row.kind as AlertKind,
  direction: row.direction as AlertDirection | null,
  lastFiredAt: row.lastFiredAt === null ? null : new Date(row.lastFiredAt),
});

/**
 * The rules each value has carried past their level (cooling ones left out by the read), then the
 * re-arms, and for pairs the rules that waited for their target, armed after the read: a rule
 * armed by this pass fires only on a later one.
 */
async function searchByRange(
  db: PrismaClient,
  rows: readonly ValueRow[],
  pair: boolean,
  now: Date,
): Promise<{ candidates: Candidate[]; rearmed: number; armedWaiting: number }> {
  const candidates: Candidate[] = [];
  let rearmed = 0;
  let armedWaiting = 0;
  for (const piece of chunk(rows, VALUE_ROWS_PER_STATEMENT)) {
    const crossed = crossedRulesSql(piece, pair, now);
    const found = await db.$queryRawUnsafe<CandidateRow[]>(crossed.sql, ...crossed.params);
    candidates.push(...found.map(toCandidate));
    const rearm = rearmSql(piece, pair);
    rearmed += await db.$executeRawUnsafe(rearm.sql, ...rearm.params);
    if (pair) {
      const arm = armWaitingSql(piece);
      armedWaiting += await db.$executeRawUnsafe(arm.sql, ...arm.params);
    }
  }
  return { candidates, rearmed, armedWaiting };
}

/** Firings already sent (not suppressed) per user over the last 24 h, for the daily cap. */
async function sentToday(db: PrismaClient, userIds: readonly number[], now: Date): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const piece of chunk(userIds, IDS_PER_STATEMENT)) {
    const rows = await db.$queryRawUnsafe<{ userId: number; n: number }[]>(
      `SELECT "userId", COUNT(*) AS n FROM "AlertFiring" WHERE "userId" IN (SELECT "value" FROM json_each(?)) AND "firedAt" >= ? AND "suppressed" IS NULL GROUP BY "userId"`,
      JSON.stringify(piece),
      sqlDateTime(new Date(now.getTime() - DAILY_CAP_WINDOW_MS)),
    );
    for (const row of rows) out.set(Number(row.userId), Number(row.n));
  }
  return out;
}

/**
 * Writes one batch of firings in one transaction: each rule moves to its next crossing only if it
 * is still armed at the crossing it was read at; only those write their firing and deliveries.
 */
async function writeFirings(db: PrismaClient, batch: readonly PlannedFiring[], now: Date): Promise<{ fired: number; suppressed: number; deliveries: number }> {
  const at = sqlDateTime(now);
  // Each statement takes its rows as one JSON parameter (evaluate-sql.ts jsonRows).
  const rules = JSON.stringify(batch.map((firing) => [firing.rule.id, firing.rule.crossing, firing.next.armed ? 1 : 0, firing.next.rearmAt, firing.next.level]));
  return db.$transaction(
    async (tx) => {
      const won = await tx.$queryRawUnsafe<{ id: number }[]>(
        `UPDATE "AlertRule" SET "armed" = v.c2, "rearmAt" = v.c3, "level" = v.c4, "crossing" = "AlertRule"."crossing" + 1, "lastFiredAt" = ?
         FROM (${jsonRows(5)}) AS v
         WHERE "AlertRule"."id" = v.c0 AND "AlertRule"."crossing" = v.c1 AND "AlertRule"."armed" = 1
         RETURNING "id"`,
        at,
        rules,
      );
      const wonIds = new Set(won.map((row) => Number(row.id)));
      const firings = batch.filter((firing) => wonIds.has(firing.rule.id));
      if (firings.length === 0) return { fired: 0, suppressed: 0, deliveries: 0 };
      const inserted = await tx.$queryRawUnsafe<{ id: number; ruleId: number }[]>(
        `INSERT INTO "AlertFiring" ("ruleId", "userId", "crossing", "firedAt", "message", "url", "value", "suppressed")
         SELECT c0, c1, c2, ?, c3, c4, c5, c6 FROM (${jsonRows(7)}) WHERE true
         ON CONFLICT ("ruleId", "crossing") DO NOTHING RETURNING "id", "ruleId"`,
        at,
        JSON.stringify(firings.map((firing) => [firing.rule.id, firing.rule.userId, firing.crossing, firing.message, firing.url, firing.rule.value, firing.suppressed])),
      );
      const insertedRules = new Set(inserted.map((row) => Number(row.ruleId)));
      // One delivery per firing not suppressed and browser of its owner, and one to its owner's
      // linked Telegram chat, the browsers and the link read in the same statement (and
      // transaction): no round trip for them, and a browser removed or a chat unlinked meanwhile
      // gets none.
      const firingIds = JSON.stringify(inserted.map((row) => Number(row.id)));
      const pushDeliveries = await tx.$executeRawUnsafe(
        `INSERT INTO "AlertDelivery" ("firingId", "channel", "target", "subscriptionId", "status", "attempts", "nextAttemptAt", "createdAt")
         SELECT f."id", 'webpush', 'push:' || s."id", s."id", 'pending', 0, ?, ?
         FROM "AlertFiring" f JOIN "PushSubscription" s ON s."userId" = f."userId"
         WHERE f."id" IN (SELECT "value" FROM json_each(?)) AND f."suppressed" IS NULL
         ON CONFLICT ("firingId", "target") DO NOTHING`,
        at,
        at,
        firingIds,
      );
      const telegramDeliveries = await tx.$executeRawUnsafe(
        `INSERT INTO "AlertDelivery" ("firingId", "channel", "target", "telegramLinkId", "status", "attempts", "nextAttemptAt", "createdAt")
         SELECT f."id", 'telegram', 'telegram:' || l."id", l."id", 'pending', 0, ?, ?
         FROM "AlertFiring" f JOIN "TelegramLink" l ON l."userId" = f."userId"
         WHERE f."id" IN (SELECT "value" FROM json_each(?)) AND f."suppressed" IS NULL AND l."status" = 'linked' AND l."chatId" IS NOT NULL
         ON CONFLICT ("firingId", "target") DO NOTHING`,
        at,
        at,
        firingIds,
      );
      const deliveries = pushDeliveries + telegramDeliveries;
      const written = firings.filter((firing) => insertedRules.has(firing.rule.id));
      const suppressed = written.filter((firing) => firing.suppressed).length;
      return { fired: written.length - suppressed, suppressed, deliveries };
    },
    { timeout: 30_000 },
  );
}

/**
 * Evaluates the rules of the coins a pass published (`changedIds`: its report.updated), after its
 * prices are written and while it still holds the lease.
 */
export async function evaluateAlerts(db: PrismaClient, changedIds: readonly string[], options: { now?: Date } = {}): Promise<AlertEvaluation> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const summary: AlertEvaluation = { rulesChecked: 0, fired: 0, suppressed: 0, rearmed: 0, armedWaiting: 0, deliveries: 0, ms: 0, phasesMs: { read: 0, search: 0, write: 0 } };
  const phase = (name: keyof AlertEvaluation["phasesMs"], from: number) => (summary.phasesMs[name] = Math.round(performance.now() - from));
  if (changedIds.length === 0) return summary;

  // 1. The changed coins' figures as published, and which of them may fire anything.
  const changed = await readFigures(db, changedIds);
  const cutoff = staleCutoff(changed, now);
  const coins = new Map(changed.map((coin) => [coin.id, coin]));
  const usable = changed.filter((coin) => usableFigures(coin, cutoff));

  // 2. A value per usable coin and kind.
  const singleRows: ValueRow[] = usable.flatMap((coin) =>
    SINGLE_COIN_KINDS.flatMap((kind) => {
      const value = coinValue(kind, coin);
      return value === null || !Number.isFinite(value) ? [] : [{ coinId: coin.id, kind, otherCoinId: null, value }];
    }),
  );

  // 3. The pairs with a changed side; both sides must be usable (the other side read here if it did not change).
  const pairs = await pairsOf(db, changedIds);
  const missing = [...new Set(pairs.flatMap((pair) => [pair.coinId, pair.otherCoinId]))].filter((id) => !coins.has(id));
  for (const coin of await readFigures(db, missing)) coins.set(coin.id, coin);
  const pairRows: ValueRow[] = pairs.flatMap((pair) => {
    const a = coins.get(pair.coinId);
    const b = coins.get(pair.otherCoinId);
    // A removed coin has no row: its rules fire nothing.
    if (!a || !b || !usableFigures(a, cutoff) || !usableFigures(b, cutoff)) return [];
    const value = pairValue(pair.kind, a, b);
    return value === null || !Number.isFinite(value) ? [] : [{ ...pair, value }];
  });

  phase("read", started);

  // 4. The rules past their level, and the re-arms, by range.
  const searchStarted = performance.now();
  const single = await searchByRange(db, singleRows, false, now);
  const pair = await searchByRange(db, pairRows, true, now);
  const candidates = [...single.candidates, ...pair.candidates];
  summary.rearmed = single.rearmed + pair.rearmed;
  summary.armedWaiting = pair.armedWaiting;
  summary.rulesChecked = candidates.length + summary.rearmed + summary.armedWaiting;
  phase("search", searchStarted);

  // 5. Plan (cooldowns, the daily cap, the words) and write each firing once.
  const writeStarted = performance.now();
  if (candidates.length > 0) {
    const userIds = [...new Set(candidates.map((rule) => rule.userId))];
    const today = await sentToday(db, userIds, now);
    const planned = planFirings(candidates, coins, today, now);
    for (const batch of chunk(planned, FIRINGS_PER_TRANSACTION)) {
      const written = await writeFirings(db, batch, now);
      summary.fired += written.fired;
      summary.suppressed += written.suppressed;
      summary.deliveries += written.deliveries;
    }
  }
  phase("write", writeStarted);
  summary.ms = Math.round(performance.now() - started);
  return summary;
}
