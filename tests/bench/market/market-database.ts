// The bench's database: a fresh SQLite file migrated like the tests' (lib/db/migrate.ts, no seed,
// so no mainnet coin asks the local chain or a third-party API), holding one coin per bench token,
// quoted by the pulsex source at plausible seed values, with a snapshot about 24 h old each.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPrismaClient } from "@/lib/db/create-client";
import { migrateDatabase } from "@/lib/db/migrate";
import { prng } from "@/tests/bench/synthetic-coins";
import type { BenchMarket } from "./build-market";

const INSERT_BATCH = 500;
const HOUR_MS = 60 * 60_000;

export type BenchDatabase = { url: string; coins: number; remove(): void };

/** A bench token's coin id: "bench-12", or "gas-burner-5003" for a gas-burning token. */
export const benchCoinId = (token: BenchMarket["tokens"][number]) => (token.burnsGas ? `gas-burner-${token.index}` : `bench-${token.index}`);

export async function createBenchDatabase(market: BenchMarket): Promise<BenchDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-market-"));
  const url = `file:${path.join(dir, "app.db")}`;
  await migrateDatabase({ url });
  const db = createPrismaClient({ url });
  try {
    const random = prng(5000);
    const now = Date.now();
    const coins = market.tokens.map((token) => {
      // The seed is the pool's price within ±20%, so no first live price looks like a wild move.
      const currentPrice = token.priceUsd * (0.8 + 0.4 * random());
      const circulatingSupply = Number(token.supply) / 10 ** token.decimals;
      const priceUpdatedAt = new Date(now - 10 * 60_000 - random() * HOUR_MS);
      return {
        id: benchCoinId(token),
        symbol: `BT${token.index}`,
        name: `Bench Token ${token.index}`,
        currentPrice,
        marketCap: currentPrice * circulatingSupply,
        circulatingSupply,
        rank: 0,
        chain: "pulsechain",
        contractAddress: token.address,
        decimals: token.decimals,
        priceSource: "pulsex",
        quoteSource: "pulsex",
        quoteId: token.address,
        liquidityUsd: 2 * token.baseSideUsd,
        priceUpdatedAt,
        updatedAt: priceUpdatedAt,
        listedAt: new Date(now - 30 * 24 * HOUR_MS),
      };
    });
    coins.sort((a, b) => b.marketCap - a.marketCap).forEach((coin, index) => (coin.rank = index + 1));
    for (let i = 0; i < coins.length; i += INSERT_BATCH) {
      const batch = coins.slice(i, i + INSERT_BATCH);
      await db.coin.createMany({ data: batch });
      await db.priceSnapshot.createMany({
        data: batch.map((coin) => ({ coinId: coin.id, price: coin.currentPrice, marketCap: coin.marketCap, takenAt: new Date(now - 24 * HOUR_MS + (random() - 0.5) * HOUR_MS) })),
      });
    }
    return { url, coins: await db.coin.count(), remove: () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await db.$disconnect();
  }
}
