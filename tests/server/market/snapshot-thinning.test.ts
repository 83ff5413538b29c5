// Snapshot thinning (lib/market/thin-snapshots.server.ts) runs in batches: a few coins per window,
// at most THIN_BATCH_ROWS rows per DELETE, yielding between them. It must keep exactly the rows
// the previous rule kept, which lived in TypeScript and is restated here as the reference: all of
// the last 2 days, the first of each UTC hour up to 30 days, the first of each UTC day before that.
// Random histories (with ties and the exact 2- and 30-day boundaries) go through both, with the
// real batch size and with tiny ones (so a coin's rows take several DELETEs and the coins several
// windows).
import fc from "fast-check";
import { THIN_BATCH_ROWS, THIN_COINS_PER_WINDOW, thinSnapshots } from "@/lib/market/thin-snapshots.server";
import { useTestDatabase } from "@/tests/helpers/test-database";

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

/** More coins than one window holds, so the batches cross windows. */
const COINS = Array.from({ length: THIN_COINS_PER_WINDOW + 3 }, (_, i) => `c${String(i).padStart(2, "0")}`);

beforeAll(async () => {
  for (const [i, id] of COINS.entries()) {
    await db().coin.create({ data: { id, symbol: id.toUpperCase(), name: id, currentPrice: 1, marketCap: 1, rank: i + 1, chain: "pulsechain" } });
  }
});

test("the batched DELETE removes exactly what the previous rule removed, whatever the batch size", async () => {
  const now = new Date("2026-12-31T00:00:00Z");
  const age = fc.oneof(
    fc.integer({ min: 0, max: 45 * DAY }),
    // The boundaries themselves, and a millisecond either side.
    fc.constantFrom(2 * DAY - 1, 2 * DAY, 2 * DAY + 1, 30 * DAY - 1, 30 * DAY, 30 * DAY + 1),
    // Clustered in a few hours, so buckets hold several rows and ties happen.
    fc.integer({ min: 0, max: 3 }).map((hour) => 10 * DAY + hour * HOUR + 17),
  );
  const history = fc.array(fc.record({ coinId: fc.constantFrom(...COINS.slice(0, 2), COINS.at(-1)!), age }), { maxLength: 40 });
  const batchRows = fc.oneof(fc.constant(THIN_BATCH_ROWS), fc.integer({ min: 1, max: 4 }));

  await fc.assert(
    fc.asyncProperty(history, batchRows, async (rows, batch) => {
      await db().priceSnapshot.deleteMany();
      await db().priceSnapshot.createMany({ data: rows.map(({ coinId, age }) => ({ coinId, price: 1, marketCap: 1, takenAt: new Date(now.getTime() - age) })) });
      const stored = await db().priceSnapshot.findMany({ orderBy: [{ takenAt: "asc" }, { id: "asc" }] });
      const expectedRemoved = new Set(previousRule(stored, now));

      const removed = await thinSnapshots(db(), now, { batchRows: batch });
      const left = await db().priceSnapshot.findMany({ select: { id: true }, orderBy: { id: "asc" } });
      expect(removed).toBe(expectedRemoved.size);
      expect(left.map((row) => row.id)).toEqual(stored.map((row) => row.id).filter((id) => !expectedRemoved.has(id)).sort((x, y) => x - y));
    }),
    { numRuns: 60 },
  );
});

test("a stop between batches ends the thinning there: what was removed stays removed, the rest waits for the next run", async () => {
  const now = new Date("2026-12-31T00:00:00Z");
  await db().priceSnapshot.deleteMany();
  // Ten rows in one hour 10 days ago for every coin: nine of each to remove.
  const takenAt = (minute: number) => new Date(now.getTime() - 10 * DAY + minute * 60_000);
  await db().priceSnapshot.createMany({ data: COINS.flatMap((coinId) => Array.from({ length: 10 }, (_, minute) => ({ coinId, price: 1, marketCap: 1, takenAt: takenAt(minute) }))) });
  const stop = new AbortController();
  let turns = 0;
  // Counts the yields between the batches: the stop comes after the third.
  const counting = setInterval(() => {
    if (++turns === 3) stop.abort();
  }, 0);
  const removed = await thinSnapshots(db(), now, { batchRows: 2, signal: stop.signal });
  clearInterval(counting);
  expect(removed).toBeGreaterThan(0);
  expect(removed).toBeLessThan(COINS.length * 9);
  expect(await db().priceSnapshot.count()).toBe(COINS.length * 10 - removed);
  // The next run finishes it.
  expect(await thinSnapshots(db(), now)).toBe(COINS.length * 9 - removed);
  expect(await db().priceSnapshot.count()).toBe(COINS.length);
});
