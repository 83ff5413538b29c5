// Many rows of a keyed table in a few statements: new keys inserted, known keys updated in every
// other column, on a real SQLite file, across several statements.
import { upsertRows } from "@/lib/db/upsert-rows";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase({ seed: false });
const COLUMNS = ["key", "cumulative", "blockTime"];

async function stored(): Promise<[string, string, number][]> {
  const rows = await db().poolObservation.findMany({ orderBy: { key: "asc" } });
  return rows.map((row) => [row.key, row.cumulative, row.blockTime]);
}

test("inserts new keys and replaces known ones, two rows a statement", async () => {
  await upsertRows(db(), "PoolObservation", "key", COLUMNS, [["a:0", "1", 10], ["b:0", "2", 20], ["c:0", "3", 30]], 2);
  expect(await stored()).toEqual([["a:0", "1", 10], ["b:0", "2", 20], ["c:0", "3", 30]]);
  await upsertRows(db(), "PoolObservation", "key", COLUMNS, [["c:0", "33", 31], ["d:0", "4", 40], ["a:0", "11", 11]], 2);
  expect(await stored()).toEqual([["a:0", "11", 11], ["b:0", "2", 20], ["c:0", "33", 31], ["d:0", "4", 40]]);
});

test("no rows: nothing written", async () => {
  const before = await stored();
  await upsertRows(db(), "PoolObservation", "key", COLUMNS, [], 2);
  expect(await stored()).toEqual(before);
});
