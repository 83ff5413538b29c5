// Writing many rows of a keyed table at once: one multi-row INSERT … ON CONFLICT DO UPDATE per
// piece of rows, not a statement per row (a pass saves hundreds), each piece under SQLite's
// 32,766 parameters. Raw SQL because Prisma has no bulk upsert.
import { chunk } from "@/lib/shared/in-batches";
import type { PrismaClient } from "./create-client";

/**
 * Inserts `rows` (each its values in `columns`' order) into `table`, a row whose `key` is there
 * already taking every other column's new value; `rowsPerStatement` × columns stays under the
 * parameter limit.
 */
export async function upsertRows(db: PrismaClient, table: string, key: string, columns: readonly string[], rows: readonly unknown[][], rowsPerStatement: number): Promise<void> {
  const names = columns.map((column) => `"${column}"`).join(", ");
  const updates = columns
    .filter((column) => column !== key)
    .map((column) => `"${column}" = excluded."${column}"`)
    .join(", ");
  const placeholders = `(${columns.map(() => "?").join(", ")})`;
  for (const piece of chunk(rows, rowsPerStatement)) {
    await db.$executeRawUnsafe(`INSERT INTO "${table}" (${names}) VALUES ${piece.map(() => placeholders).join(", ")} ON CONFLICT ("${key}") DO UPDATE SET ${updates}`, ...piece.flat());
  }
}
