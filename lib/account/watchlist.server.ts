// A user's watchlist. Every read and write is scoped by the signed-in user's id, so nobody can
// see or change another user's entries; an entry that is not yours is "not found".
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { toCoin } from "@/lib/coins/serialize";
import { findOrCreate } from "@/lib/db/find-or-create";
import type { WatchlistEntry } from "@/lib/account/schemas";
import { assertCoinsExist } from "../coins/coins-exist.server";

const withCoin = { coin: true } as const;
type Row = { id: number; coinId: string; createdAt: Date; coin: Parameters<typeof toCoin>[0] };

function toEntry(row: Row): WatchlistEntry {
  return { id: row.id, coinId: row.coinId, addedAt: row.createdAt.toISOString(), coin: toCoin(row.coin) };
}

/** Newest first. A deleted coin takes its entries with it (foreign key cascade), so every entry has its coin. */
export async function listWatchlist(db: PrismaClient, userId: number): Promise<WatchlistEntry[]> {
  const rows = await db.watchlistEntry.findMany({
    where: { userId },
    include: withCoin,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toEntry);
}

/**
 * Adds a coin; adding it again is a success that changes nothing. `created` says which.
 * Concurrent adds of one coin race on the unique (userId, coinId) index: the losers re-read the
 * winner's row (findOrCreate), so there is always exactly one.
 */
export async function addToWatchlist(
  db: PrismaClient,
  userId: number,
  coinId: string,
): Promise<{ entry: WatchlistEntry; created: boolean }> {
  const { row, created } = await findOrCreate(
    () => db.watchlistEntry.findUnique({ where: { userId_coinId: { userId, coinId } }, include: withCoin }),
    async () => {
      await assertCoinsExist(db, [coinId]);
      return db.watchlistEntry.create({ data: { userId, coinId }, include: withCoin });
    },
  );
  return { entry: toEntry(row), created };
}

/** Removes a coin from this user's list; false when it was not on it. */
export async function removeFromWatchlist(db: PrismaClient, userId: number, coinId: string): Promise<boolean> {
  const { count } = await db.watchlistEntry.deleteMany({ where: { userId, coinId } });
  return count > 0;
}
