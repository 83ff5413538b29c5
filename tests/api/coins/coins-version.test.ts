// The coins version (CoinsVersion, issue 51) moves with every write to Coin, by the triggers of
// migration coins_version, in the writer's own transaction: an insert, an update of any column and
// a delete each move it, whoever writes (Prisma, raw SQL); a write rolled back does not. Real
// SQLite file, migrated and seeded by the project's own set-up.
import { readCoinsVersion } from "@/lib/coins/read-model.server";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase();

const version = () => readCoinsVersion(db());

/** Every column of Coin but the primary key, from the database itself (a new column is covered without editing this test). */
async function coinColumns(): Promise<{ name: string; type: string; notnull: number }[]> {
  const columns = await db().$queryRawUnsafe<{ name: string; type: string; notnull: number; pk: number }[]>(`PRAGMA table_info("Coin")`);
  return columns.filter((column) => column.pk === 0);
}

test("the seed's inserts moved it: one bump per coin", async () => {
  expect(await version()).toBe(await db().coin.count());
});

test("an insert, an update and a delete each move it", async () => {
  const start = await version();
  await db().coin.create({ data: { id: "zzz", symbol: "ZZZ", name: "Zed", currentPrice: 1, marketCap: 1, rank: 9999, chain: "pulsechain" } });
  expect(await version()).toBe(start + 1);
  await db().coin.update({ where: { id: "zzz" }, data: { currentPrice: 2 } });
  expect(await version()).toBe(start + 2);
  await db().coin.delete({ where: { id: "zzz" } });
  expect(await version()).toBe(start + 3);
});

test("an update of any column moves it, through raw SQL as well", async () => {
  for (const column of await coinColumns()) {
    const before = await version();
    // Writing a column to its own value is still a write: the trigger does not look at values.
    await db().$executeRawUnsafe(`UPDATE "Coin" SET "${column.name}" = "${column.name}" WHERE "id" = 'hex'`);
    expect({ column: column.name, moved: (await version()) - before }).toEqual({ column: column.name, moved: 1 });
  }
});

test("a multi-row write moves it once per row", async () => {
  const before = await version();
  const { count } = await db().coin.updateMany({ where: { chain: "pulsechain" }, data: { lowLiquidity: false } });
  expect(count).toBeGreaterThan(1);
  expect(await version()).toBe(before + count);
});

test("a write rolled back does not move it", async () => {
  const before = await version();
  await expect(
    db().$transaction(async (tx) => {
      await tx.coin.update({ where: { id: "hex" }, data: { currentPrice: 123 } });
      await tx.coin.delete({ where: { id: "pls" } });
      throw new Error("rolled back on purpose");
    }),
  ).rejects.toThrow("rolled back on purpose");
  expect(await version()).toBe(before);
  expect((await db().coin.findUniqueOrThrow({ where: { id: "hex" } })).currentPrice).not.toBe(123);
});

test("the version is not written by the read model's publication (it moves with Coin only)", async () => {
  const before = await version();
  await db().coinsReadModelChunk.create({ data: { part: 99, version: before, body: "[]" } });
  await db().coinsReadModelChunk.delete({ where: { part: 99 } });
  expect(await version()).toBe(before);
});
