// GET /api/health is what an uptime monitor polls, every few seconds from several places: per hit it
// reads a fixed few rows whatever the number of coins (the newest price by its index, the counts the
// last pass stored, the PLS cross-check), never a count or an aggregate over the coin table. Checked
// on the app's own client with Prisma's query events, on a real seeded file.
import * as health from "@/app/api/health/route";
import { writeHealthCounts } from "@/lib/market/health-counts.server";
import { healthUnavailableSchema } from "@/lib/market/health-schema";
import { call } from "@/tests/helpers/request";
import { recordAppQueries } from "@/tests/helpers/app-queries";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase({ seed: true });
const queries = recordAppQueries();

async function healthQueries(): Promise<string[]> {
  queries.length = 0;
  const res = await call(health.GET, "/api/health");
  healthUnavailableSchema.parse(res.body); // the seed's prices are days old: 503 stale, the full report
  return [...queries];
}

test("one hit reads at most three rows: one of the coin table by its priceUpdatedAt index, and no count or aggregate of it", async () => {
  await writeHealthCounts(db());
  const read = await healthQueries();
  expect(read.length).toBeLessThanOrEqual(3);
  const coinReads = read.filter((sql) => /FROM [`"]?(main[`"]?\.[`"]?)?Coin[`"]?/i.test(sql));
  expect(coinReads).toHaveLength(1);
  expect(coinReads[0]).toMatch(/ORDER BY .*priceUpdatedAt.* DESC LIMIT/i);
  expect(read.join("\n")).not.toMatch(/COUNT\(|MIN\(|MAX\(/i);
  // And the answer carries what the pass counted.
  const res = await call(health.GET, "/api/health");
  expect(healthUnavailableSchema.parse(res.body)).toMatchObject({ status: "stale", prices: { staleCoins: 0, countedAt: expect.any(String) } });
});

test("the plan for that one coin row is a search of the index, not a scan of the table", async () => {
  const [coinRead] = (await healthQueries()).filter((sql) => /Coin/.test(sql) && /LIMIT/i.test(sql));
  // Prisma's placeholders: the one NOT NULL filter has none; LIMIT and OFFSET take numbers.
  const plan = await db().$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${coinRead}`, 1, 0);
  const details = plan.map((row) => row.detail).join("; ");
  expect(details).toMatch(/USING (COVERING )?INDEX Coin_priceUpdatedAt_idx/);
  expect(details).not.toMatch(/TEMP B-TREE/);
});
