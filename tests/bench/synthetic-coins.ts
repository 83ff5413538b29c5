// A scratch database holding the seed plus 5,000 synthetic PulseChain tokens (5,062 coins), the
// size issue 12 asks every page to stay flat at, each with years of price history (issue 16's
// history API is measured on it). Deterministic (fixed PRNG seed), so runs compare.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getAddress, toHex } from "viem";
import { createPrismaClient } from "@/lib/db/create-client";
import { SNAPSHOT_TAKEN_AT } from "@/lib/db-setup/seed";
import { setupDatabase } from "@/lib/db-setup/setup";
import { firstFreeId, slugFromSymbol } from "@/lib/listings/slug";
import { seedCoins } from "@/prisma/seed/coins";
import { prng } from "@/prisma/seed/sample-history";
import { addSyntheticHistory } from "./synthetic-history";

export const SYNTHETIC_COINS = 5000;
/** PulseChain mainnet launch: no token was listed before it. */
const FIRST_LISTING = Date.parse("2023-05-13T00:00:00Z");
const INSERT_BATCH = 500;

/**
 * The newest listing, with a symbol no other coin has: a page that shows it was rendered from
 * this database, one that does not was not (the ISR cache can hold another database's render).
 */
export const NEWEST_SYNTHETIC = { symbol: "QSRP", name: "Quasar Pulse" } as const;
/** What the keystroke bench types: a real prefix of a coin name, narrowing 5,062 coins to one. */
export const KEYSTROKE_QUERY = NEWEST_SYNTHETIC.name.slice(0, 8).toLowerCase();

const NAME_WORDS = [
  "Pulse", "Hex", "Moon", "Rocket", "Doge", "Pepe", "Frog", "Bull", "Bear", "Gold", "Diamond", "Ape",
  "Cat", "Shiba", "Star", "Sun", "Fire", "Ice", "Thunder", "Shadow", "Crystal", "Quantum", "Atlas",
  "Nova", "Titan", "Lucky", "Royal", "Degen", "Based", "Chad", "Phoenix", "Dragon", "Wolf", "Lion",
  "Tiger", "Eagle", "Whale", "Shark", "Turbo", "Hyper", "Mega", "Ultra", "Neon", "Cyber", "Pixel",
];
const NAME_ENDINGS = ["Inu", "Coin", "Token", "Finance", "Swap", "DAO", "Protocol", "Cash", "Verse", "Chain", "Labs", "Capital", "AI", "X", "Gold", "Moon"];

// The seed's deterministic generator (mulberry32), so the bench's coins are the same every run.
export { prng };

/** The 5,000 synthetic coins as Coin rows to insert (deterministic). */
export function syntheticCoins(now: number) {
  const random = prng(5062);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const logUniform = (min: number, max: number) => Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min)));

  const taken = new Set(seedCoins.map((coin) => coin.id));
  const addresses = new Set(seedCoins.map((coin) => coin.contractAddress?.toLowerCase()));
  const seedLogos = seedCoins.flatMap((coin) => (coin.logoUrl ? [coin.logoUrl] : []));
  const smallestSeedCap = Math.min(...seedCoins.map((coin) => coin.marketCap));
  const firstRank = Math.max(...seedCoins.map((coin) => coin.rank)) + 1;
  // Ranks follow market cap: draw the caps (a long tail below the seed's smallest), sort them.
  const caps = Array.from({ length: SYNTHETIC_COINS }, () => logUniform(800, smallestSeedCap * 0.99)).sort((a, b) => b - a);

  return caps.map((marketCap, index) => {
    const newest = index === Math.floor(SYNTHETIC_COINS / 2); // mid-rank: not special but for its listing time
    let name: string;
    let symbol: string;
    if (newest) {
      ({ name, symbol } = NEWEST_SYNTHETIC);
    } else {
      const [first, second] = [pick(NAME_WORDS), pick(NAME_ENDINGS)];
      name = random() < 0.3 ? `${first} ${pick(NAME_WORDS)} ${second}` : `${first} ${second}`;
      // PulseChain copies of Ethereum tokens are written with a "p" prefix (pDAI, pTGC).
      symbol = `${random() < 0.15 ? "p" : ""}${(first.slice(0, 1 + Math.floor(random() * 4)) + second.slice(0, 1 + Math.floor(random() * 3))).toUpperCase()}`;
      if (symbol.toUpperCase() === NEWEST_SYNTHETIC.symbol) symbol += "2";
    }
    const id = firstFreeId(slugFromSymbol(symbol), taken);
    taken.add(id);
    let contractAddress: string;
    do contractAddress = getAddress(toHex(Uint8Array.from({ length: 20 }, () => Math.floor(random() * 256))));
    while (addresses.has(contractAddress.toLowerCase()));
    addresses.add(contractAddress.toLowerCase());

    const currentPrice = logUniform(1e-9, 5);
    const listedAt = newest ? now - 5 * 60_000 : FIRST_LISTING + random() * (now - 10 * 60_000 - FIRST_LISTING);
    return {
      id,
      symbol,
      name,
      logoUrl: random() < 0.25 ? pick(seedLogos) : null,
      currentPrice,
      marketCap: Math.round(marketCap),
      circulatingSupply: marketCap / currentPrice,
      priceChange24h: random() < 0.08 ? null : Math.round((random() - 0.45) * (random() < 0.1 ? 300 : 40) * 100) / 100,
      rank: firstRank + index,
      chain: "pulsechain",
      contractAddress,
      decimals: random() < 0.9 ? 18 : pick([6, 8, 9]),
      tags: random() < 0.12 ? "meme" : "",
      priceSource: "snapshot",
      quoteSource: "pulsex",
      quoteId: contractAddress,
      listedAt: new Date(listedAt),
    };
  });
}

export type SyntheticDatabase = { url: string; file: string; coins: number; snapshots: number; remove(): void };

/**
 * Migrated and seeded like any database, then 5,000 synthetic tokens with a snapshot each, then
 * every coin's history (synthetic-history.ts: about 11.4 million rows, 1.3 GB, 50 to 80 s on a busy 2-core machine).
 */
export async function createSyntheticDatabase(options: { history?: boolean } = {}): Promise<SyntheticDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-5000-"));
  const file = path.join(dir, "app.db");
  const url = `file:${file}`;
  await setupDatabase({ url });
  const db = createPrismaClient({ url });
  try {
    const now = Date.now();
    const coins = syntheticCoins(now);
    for (let i = 0; i < coins.length; i += INSERT_BATCH) {
      const batch = coins.slice(i, i + INSERT_BATCH);
      await db.coin.createMany({ data: batch });
      await db.priceSnapshot.createMany({
        data: batch.map((coin) => ({ coinId: coin.id, price: coin.currentPrice, marketCap: coin.marketCap, takenAt: SNAPSHOT_TAKEN_AT })),
      });
    }
    // The bag bench reads balances only: it skips the 11 million history rows.
    const history = options.history === false ? 0 : await addSyntheticHistory(db, now);
    // The bench copies this file for each server: move everything from the write-ahead log
    // into it first, so the copy alone is the whole database.
    await db.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
    return { url, file, coins: await db.coin.count(), snapshots: history, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await db.$disconnect();
  }
}
