// Writes the seed's sample history (prisma/seed/sample-history.ts): about 23,000 rows in one
// INSERT that SQLite unpacks from a single JSON parameter. Through createMany they took some 4 s,
// and bound as parameters most of a second; tests seed a database per file.
import { seedCoins } from "../../prisma/seed/coins";
import { seedCoinSampleHistory } from "../../prisma/seed/sample-history";
import type { PrismaClient } from "../db/create-client";
import { sqlDateTime } from "../db/sql-datetime";

/** Every seed coin's sample rows, ending at `snapshotTakenAt`; returns how many were written. */
export async function insertSampleHistory(tx: Pick<PrismaClient, "$executeRawUnsafe">, snapshotTakenAt: Date): Promise<number> {
  const rows = seedCoins.flatMap((coin) => seedCoinSampleHistory(coin, snapshotTakenAt).map((point) => [coin.id, point.price, point.marketCap, sqlDateTime(point.takenAt)]));
  await tx.$executeRawUnsafe(
    `INSERT INTO "PriceSnapshot" ("coinId", "price", "marketCap", "takenAt", "sample")
     SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, 1 FROM json_each(?)`,
    JSON.stringify(rows),
  );
  return rows.length;
}
