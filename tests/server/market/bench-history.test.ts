// The bench's generated history (tests/bench/synthetic-history.ts) on a real migrated database:
// the shape it promises, in the text dates Prisma reads back, and exactly what the snapshot
// thinning would leave (thinning it removes nothing).
import { thinSnapshots } from "@/lib/market/thin-snapshots.server";
import { HISTORY_SHAPE, SNAPSHOTS_PER_COIN, addSyntheticHistory } from "@/tests/bench/synthetic-history";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase({ seed: false });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.parse("2026-11-23T12:34:56.789Z");

beforeAll(async () => {
  await db().coin.createMany({
    data: ["a", "bb"].map((id, i) => ({ id, symbol: id.toUpperCase(), name: id, currentPrice: 2, marketCap: 2e6, rank: i + 1, chain: "pulsechain" })),
  });
});

test("2 days every 5 minutes, 28 days hourly, 1,000 days daily, for every coin", async () => {
  // 576 + 672 + 1,000 = 2,248 a coin.
  expect(SNAPSHOTS_PER_COIN).toBe(2248);
  expect(await addSyntheticHistory(db(), NOW)).toBe(2 * 2248);
  const rows = await db().priceSnapshot.findMany({ where: { coinId: "a" }, orderBy: { takenAt: "desc" } });
  const times = rows.map((row) => row.takenAt.getTime());
  expect(new Set(times).size).toBe(2248);
  // Newest: NOW rounded down to 5 minutes (12:30); the 576th: 575 × 5 min = 47 h 55 min earlier.
  expect(rows[0]!.takenAt.toISOString()).toBe("2026-11-23T12:30:00.000Z");
  expect(rows[HISTORY_SHAPE.fiveMinute - 1]!.takenAt.toISOString()).toBe("2026-11-21T12:35:00.000Z");
  // Then hourly from the hour of 2026-11-21T12:30 (12:00), 672 of them.
  expect(rows[576]!.takenAt.toISOString()).toBe("2026-11-21T12:00:00.000Z");
  expect(rows[576 + 671]!.takenAt.toISOString()).toBe("2026-10-24T13:00:00.000Z");
  // Then daily at midnight, from the day of (first hour - 672 h) = 2026-10-24T12:00, 1,000 days.
  expect(rows[1248]!.takenAt.toISOString()).toBe("2026-10-24T00:00:00.000Z");
  expect(rows[2247]!.takenAt.getTime()).toBe(Date.parse("2026-10-24T00:00:00.000Z") - 999 * DAY);
  expect(rows.every((row) => row.price > 0 && row.marketCap === row.price * 1e6)).toBe(true);
  // The thinning of a refresh pass at NOW keeps every row: this is a history it leaves.
  expect(await thinSnapshots(db(), new Date(NOW))).toBe(0);
});
