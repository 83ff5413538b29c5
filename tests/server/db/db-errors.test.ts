// A unique index's refusal is recognised from the error's fields, through the query builder and
// through raw SQL alike, on a real SQLite file; other refusals are not taken for it.
import { isUniqueViolation } from "@/lib/db/errors";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase({ seed: false });
const ADDRESS = `0x${"a".repeat(40)}`;

async function refusal(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write();
  } catch (error) {
    return error;
  }
  throw new Error("the write was not refused");
}

test("a duplicate row is a unique violation, by the query builder, in a batch, or by raw SQL", async () => {
  await db().user.create({ data: { address: ADDRESS } });
  const errors = [
    await refusal(() => db().user.create({ data: { address: ADDRESS } })),
    await refusal(() => db().$transaction([db().user.create({ data: { address: ADDRESS } })])),
    await refusal(() => db().$executeRawUnsafe(`INSERT INTO "User" ("address") VALUES (?)`, ADDRESS)),
    await refusal(() => db().$transaction(async (tx) => tx.$executeRawUnsafe(`INSERT INTO "User" ("address") VALUES (?)`, ADDRESS))),
  ];
  expect(errors.map(isUniqueViolation)).toEqual([true, true, true, true]);
});

test("other refusals are not", async () => {
  const notNull = await refusal(() => db().$executeRawUnsafe(`INSERT INTO "User" ("address") VALUES (NULL)`));
  const noTable = await refusal(() => db().$executeRawUnsafe(`INSERT INTO "Nope" ("x") VALUES (1)`));
  expect([notNull, noTable, new Error("UNIQUE constraint failed: User.address")].map(isUniqueViolation)).toEqual([false, false, false]);
});
