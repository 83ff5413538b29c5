// The seed's sample history (PriceSnapshot.sample, prisma/seed/sample-history.ts) gives way to
// real history: a coin's first live or backfilled rows delete its sample rows in the same
// transaction, so no chart, 24h change or high ever mixes the two.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";

/**
 * Deletes the sample rows of those of `coinIds` still on their seed price (priceSource
 * "snapshot": only they can have any), for a transaction that writes their first real rows. Run
 * it before the write that moves priceSource on. Asking through Coin first keeps this free for
 * coins priced before: none of their history is read.
 */
export function deleteSampleRowsOfSeedPricedCoins(db: PrismaClient, coinIds: readonly string[]) {
  return db.$executeRawUnsafe(
    `DELETE FROM "PriceSnapshot" WHERE "sample" = 1 AND "coinId" IN (
       SELECT "id" FROM "Coin" WHERE "priceSource" = 'snapshot' AND "id" IN (${coinIds.map(() => "?").join(",")})
     )`,
    ...coinIds,
  );
}

/** Deletes one coin's sample rows (the backfill, which writes a coin's history without pricing it). */
export function deleteSampleRowsOf(db: PrismaClient, coinId: string) {
  return db.priceSnapshot.deleteMany({ where: { coinId, sample: true } });
}
