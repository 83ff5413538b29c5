// Snapshot thinning is one SQL DELETE now (pass-writes.ts). It must keep exactly the rows the
// previous rule kept, which lived in TypeScript and is restated here as the reference: all of the
// last 2 days, the first of each UTC hour up to 30 days, the first of each UTC day before that.
// Random histories (with ties and the exact 2- and 30-day boundaries) go through both.
import fc from "fast-check";
import { thinSnapshots } from "@/lib/market/pass/pass-writes.server";
import { useTestDatabase } from "../helpers/test-database";

const { db } = useTestDatabase({ seed: false });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The previous rule: ids to delete, from snapshots sorted by takenAt then id. */
function previousRule(snapshots: readonly { id: number; coinId: string; takenAt: Date }[], now: Date): number[] {
  const seen = new Set<string>();
  const remove: number[] = [];
  for (const snapshot of snapshots) {
    const age = now.getTime() - snapshot.takenAt.getTime();
    if (age <= 2 * DAY) continue;
    const time = snapshot.takenAt.getTime();
    const bucket = age <= 30 * DAY ? Math.floor(time / HOUR) : `d${Math.floor(time / DAY)}`;
    const key = `${snapshot.coinId}:${bucket}`;
    if (seen.has(key)) remove.push(snapshot.id);
    else seen.add(key);
  }
  return remove;
}

beforeAll(async () => {
  for (const id of ["a", "b"]) {
    await db().coin.create({ data: { id, symbol: id.toUpperCase(), name: id, currentPrice: 1, marketCap: 1, rank: id === "a" ? 1 : 2, chain: "pulsechain" } });
  }
});

test("the one-statement DELETE removes exactly what the previous rule removed", async () => {
  const now = new Date("2026-12-31T00:00:00Z");
  const age = fc.oneof(
    fc.integer({ min: 0, max: 45 * DAY }),
    // The boundaries themselves, and a millisecond either side.
    fc.constantFrom(2 * DAY - 1, 2 * DAY, 2 * DAY + 1, 30 * DAY - 1, 30 * DAY, 30 * DAY + 1),
    // Clustered in a few hours, so buckets hold several rows and ties happen.
    fc.integer({ min: 0, max: 3 }).map((hour) => 10 * DAY + hour * HOUR + 17),
  );
  const history = fc.array(fc.record({ coinId: fc.constantFrom("a", "b"), age }), { maxLength: 40 });

  await fc.assert(
    fc.asyncProperty(history, async (rows) => {
      await db().priceSnapshot.deleteMany();
      await db().priceSnapshot.createMany({ data: rows.map(({ coinId, age }) => ({ coinId, price: 1, marketCap: 1, takenAt: new Date(now.getTime() - age) })) });
      const stored = await db().priceSnapshot.findMany({ orderBy: [{ takenAt: "asc" }, { id: "asc" }] });
      const expectedRemoved = new Set(previousRule(stored, now));

      const removed = await thinSnapshots(db(), now);
      const left = await db().priceSnapshot.findMany({ select: { id: true }, orderBy: { id: "asc" } });
      expect(removed).toBe(expectedRemoved.size);
      expect(left.map((row) => row.id)).toEqual(stored.map((row) => row.id).filter((id) => !expectedRemoved.has(id)).sort((x, y) => x - y));
    }),
    { numRuns: 60 },
  );
});
