// The alerts bench's population (issue 39 item 7): 10,000 users with a push subscription each and
// 100,000 rules over the 5,000 synthetic coins, every kind, levels spread around today's figures
// (within ±30%, or wider: the caller's spread) so that a pass moving coins by 12% crosses a share of
// them both ways. Inserted with
// a few multi-row INSERT statements; deterministic (fixed PRNG seed), so runs compare.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { chunk } from "@/lib/shared/in-batches";
import { prng } from "@/tests/bench/synthetic-coins";

export const BENCH_USERS = 10_000;
export const BENCH_RULES = 100_000;

export type BenchCoin = { id: string; symbol: string; name: string; currentPrice: number; marketCap: number };

type RuleRow = [userId: number, kind: string, coinId: string, otherCoinId: string | null, coinSymbol: string, coinName: string, otherSymbol: string | null, otherName: string | null, direction: string | null, level: number];

/** 10 columns: 3,000 rows per statement stays under SQLite's 32,766 parameters. */
const RULES_PER_STATEMENT = 3_000;

/** A browser's subscription as the server stores it (the local push service's, in the bench). */
export type BenchSubscription = { endpoint: string; p256dh: string; auth: string };

/**
 * `subscribe(i)`: user i's one browser subscription. `spread`: the levels' width around today's
 * figures, in natural log (0.6: within ±30%, the harsh case; wider, fewer rules near a 12% move).
 */
export async function insertBenchPopulation(
  db: PrismaClient,
  coins: readonly BenchCoin[],
  subscribe: (user: number) => BenchSubscription,
  spreadWidth = 0.6,
): Promise<{ users: number; subscriptions: number; rules: number }> {
  // Users and their subscriptions: one statement each.
  await db.$executeRawUnsafe(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BENCH_USERS})
     INSERT INTO "User" ("address", "createdAt") SELECT printf('0x%040x', i), CURRENT_TIMESTAMP FROM n`,
  );
  const [row] = await db.$queryRawUnsafe<{ first: number }[]>(`SELECT MIN("id") AS first FROM "User" WHERE "address" LIKE '0x0000%'`);
  const first = Number(row!.first);
  const subscriptions = Array.from({ length: BENCH_USERS }, (_, i) => {
    const { endpoint, p256dh, auth } = subscribe(i);
    return [first + i, endpoint, p256dh, auth];
  });
  await db.$executeRawUnsafe(
    `INSERT INTO "PushSubscription" ("userId", "endpoint", "p256dh", "auth", "label", "createdAt")
     SELECT json_extract(j."value", '$[0]'), json_extract(j."value", '$[1]'), json_extract(j."value", '$[2]'), json_extract(j."value", '$[3]'), 'Bench browser', CURRENT_TIMESTAMP FROM json_each(?) AS j`,
    JSON.stringify(subscriptions),
  );

  const random = prng(39);
  const pick = () => coins[Math.floor(random() * coins.length)]!;
  const spread = (value: number) => value * Math.exp((random() - 0.5) * spreadWidth);
  const side = (level: number, value: number) => (level > value ? "above" : "below");
  const rows: RuleRow[] = [];
  while (rows.length < BENCH_RULES) {
    const userId = first + (rows.length % BENCH_USERS);
    const a = pick();
    const roll = random();
    if (roll < 0.35) {
      const level = spread(a.currentPrice);
      rows.push([userId, "price", a.id, null, a.symbol, a.name, null, null, side(level, a.currentPrice), level]);
    } else if (roll < 0.55) {
      const level = spread(a.marketCap);
      rows.push([userId, "market_cap", a.id, null, a.symbol, a.name, null, null, side(level, a.marketCap), level]);
    } else if (roll < 0.8) {
      const b = pick();
      if (b.id === a.id) continue;
      const ratio = a.marketCap / b.marketCap;
      const level = spread(ratio);
      rows.push([userId, random() < 0.85 ? "reach" : "reach_ath", a.id, b.id, a.symbol, a.name, b.symbol, b.name, side(level, ratio), level]);
    } else if (roll < 0.9) {
      rows.push([userId, "move_24h", a.id, null, a.symbol, a.name, null, null, null, 5 + Math.floor(random() * 25)]);
    } else {
      rows.push([userId, "new_ath", a.id, null, a.symbol, a.name, null, null, null, a.currentPrice * 1.05]);
    }
  }
  for (const piece of chunk(rows, RULES_PER_STATEMENT)) {
    await db.$executeRawUnsafe(
      `INSERT INTO "AlertRule" ("userId", "kind", "coinId", "otherCoinId", "coinSymbol", "coinName", "otherSymbol", "otherName", "direction", "level", "armed", "crossing", "paused", "createdAt")
       VALUES ${piece.map(() => "(?,?,?,?,?,?,?,?,?,?,1,0,0,CURRENT_TIMESTAMP)").join(",")}`,
      ...piece.flat(),
    );
  }
  return { users: BENCH_USERS, subscriptions: BENCH_USERS, rules: rows.length };
}
