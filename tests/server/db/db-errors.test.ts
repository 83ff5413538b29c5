// A unique index's or a foreign key's refusal, and a missing row to update, are recognised from the
// error's fields, through the query builder and through raw SQL alike, on a real SQLite file;
// other refusals are not taken for them.
import { dbRefusal, isForeignKeyViolation, isRecordNotFound, isUniqueViolation, throwDbError } from "@/lib/db/errors";
import { DomainError } from "@/lib/errors/domain-error";
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

test("a row naming a missing one is a foreign-key violation, by the query builder or by raw SQL", async () => {
  const errors = [
    await refusal(() => db().pairCount.create({ data: { coin1Id: "nope-1", coin2Id: "nope-2" } })),
    await refusal(() => db().$executeRawUnsafe(`INSERT INTO "PairCount" ("coin1Id", "coin2Id", "updatedAt") VALUES ('nope-1', 'nope-2', 0)`)),
  ];
  expect(errors.map(isForeignKeyViolation)).toEqual([true, true]);
  expect(errors.map(isUniqueViolation)).toEqual([false, false]);
});

test("an update whose row is not there is a missing record, and nothing else is", async () => {
  const missing = await refusal(() => db().user.update({ where: { address: `0x${"b".repeat(40)}` }, data: { address: `0x${"c".repeat(40)}` } }));
  expect([isRecordNotFound(missing), isUniqueViolation(missing), isForeignKeyViolation(missing)]).toEqual([true, false, false]);
  expect(dbRefusal(new Error("Record to update not found."))).toBeNull();
});

test("throwDbError throws the domain error the caller gives a refusal, and any other error as it is", async () => {
  await db().user.upsert({ where: { address: ADDRESS }, create: { address: ADDRESS }, update: {} });
  const duplicate = await refusal(() => db().user.create({ data: { address: ADDRESS } }));
  const conflict = () => new DomainError("payment_conflict", "taken");
  expect(() => throwDbError(duplicate, { unique: conflict })).toThrow(expect.objectContaining({ kind: "payment_conflict", message: "taken" }));
  expect(() => throwDbError(duplicate, { foreignKey: conflict })).toThrow(duplicate as Error);
  const other = new Error("UNIQUE constraint failed: User.address");
  expect(() => throwDbError(other, { unique: conflict })).toThrow(other);
});
