// Loads the seed snapshot (prisma/seed), with each coin's sample history, into an empty database.
// Idempotent: a database that already has coins is left alone, so restarting the app never
// duplicates or overwrites data.
import { SNAPSHOT_DATE, seedCoins } from "../../prisma/seed/coins";
import { seedAllTimeHigh } from "../../prisma/seed/all-time-highs";
import { seedFeatured } from "../../prisma/seed/featured";
import { SEED_SUPPLY_NOTES, seedQuoteSource } from "../../prisma/seed/quote-sources";
import { MEME_SYMBOLS } from "../trending/home-tables";
import { forkOfAddress } from "../coins/fork-copies";
import type { PrismaClient } from "../db/create-client";
import { insertSampleHistory } from "./seed-sample-history";

export const SNAPSHOT_TAKEN_AT = new Date(`${SNAPSHOT_DATE}T00:00:00.000Z`);

export type SeedResult = { seeded: false } | { seeded: true; coins: number; featured: number };

/** Seed coins the operator has tagged "meme": the spec's meme-table symbols (section 9). */
export function seedTags(coin: { symbol: string }): string {
  return MEME_SYMBOLS.some((symbol) => symbol.toLowerCase() === coin.symbol.toLowerCase()) ? "meme" : "";
}

/**
 * Not Prisma's default 5 s: on a remote libSQL server (sqld) every statement is a round trip, and
 * a loaded machine took 5.5 s to write the sample history there, which failed the whole set-up.
 */
const SEED_TRANSACTION = { timeout: 120_000 };

export async function seedDatabase(db: PrismaClient, now = new Date()): Promise<SeedResult> {
  return db.$transaction(async (tx) => {
    if ((await tx.coin.count()) > 0) return { seeded: false };

    await tx.coin.createMany({
      data: seedCoins.map((coin) => ({
        ...coin,
        ...seedQuoteSource(coin),
        ...seedAllTimeHigh(coin, SNAPSHOT_TAKEN_AT),
        tags: seedTags(coin),
        supplyNote: SEED_SUPPLY_NOTES[coin.id] ?? null,
        forkOf: coin.chain === "pulsechain" ? forkOfAddress(coin.contractAddress) : null,
        listedAt: new Date(coin.listedAt),
        priceSource: "snapshot",
        updatedAt: SNAPSHOT_TAKEN_AT,
        priceUpdatedAt: SNAPSHOT_TAKEN_AT,
      })),
    });
    // A year and more of invented history per coin, ending at the snapshot, so a fresh install's
    // charts have a line; marked sample, and replaced by each coin's first live or backfilled rows.
    await insertSampleHistory(tx, SNAPSHOT_TAKEN_AT);
    await tx.featuredComparison.createMany({
      data: seedFeatured.map((f) => ({ ...f, startsAt: now, endsAt: null })),
    });
    return { seeded: true, coins: seedCoins.length, featured: seedFeatured.length };
  }, SEED_TRANSACTION);
}
