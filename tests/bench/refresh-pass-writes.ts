// The refresh pass's database side at 5,000 coins: one pass over 5,000 PulseChain coins whose
// (scripted) source answers at once, on a scratch SQLite file holding 12 snapshots per coin
// around 24 h ago (what the 24h lookup scans). Prints seconds and SQL statements for the pass,
// then each part on its own. Asserts nothing. The network side (the sources' batches and the
// chain's multicalls) is the market benchmark's.
//   npx tsx --conditions react-server tests/bench/refresh-pass-writes.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { createPrismaClient } from "@/lib/db/create-client";
import { setupDatabase } from "@/lib/db-setup/setup";
import { rerank, writePublishedPrices } from "@/lib/market/pass/pass-writes.server";
import { referencePrices24h } from "@/lib/market/pass/reference-prices.server";
import { runRefreshPass } from "@/lib/market/pass/refresh.server";
import type { PriceSource, SourceResult } from "@/lib/market/types";

const COINS = 5_000;
const dir = mkdtempSync(path.join(tmpdir(), "refresh-bench-"));
const url = `file:${path.join(dir, "bench.db")}`;
process.env.DATABASE_URL = url;

// Counts statements by wrapping the libSQL client's execute and batch (Prisma's adapter runs
// every statement through them, in and out of transactions).
let statements = 0;
const probe = createClient({ url });
const countOn = (target: object) => {
  const proto = Object.getPrototypeOf(target) as Record<string, (...args: unknown[]) => unknown>;
  for (const [name, count] of [["execute", () => 1], ["batch", (args: unknown[]) => (args[0] as unknown[]).length]] as const) {
    const original = proto[name]!;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      statements += count(args);
      return original.apply(this, args);
    };
  }
};

try {
  await setupDatabase({ url });
  countOn(probe);
  const tx = await probe.transaction("write");
  countOn(tx);
  await tx.rollback();

  const db = createPrismaClient({ url });
  await db.coin.updateMany({ data: { quoteSource: null } });
  const address = (i: number) => `0x${(0xbee000 + i).toString(16).padStart(40, "0")}`;
  const ids = Array.from({ length: COINS }, (_, i) => `t${i}`);
  await db.coin.createMany({
    data: ids.map((id, i) => ({
      id, symbol: `T${i}`, name: `Token ${i}`, currentPrice: 1, marketCap: 1_000_000 + i, rank: 100 + i, chain: "pulsechain",
      contractAddress: address(i), quoteSource: "dexscreener", quoteId: address(i), priceSource: "dexscreener", circulatingSupply: 1e6,
      priceUpdatedAt: new Date(Date.now() - 600_000),
    })),
  });
  const dayAgo = Date.now() - 86_400_000;
  for (let k = 0; k < 12; k++) {
    await db.priceSnapshot.createMany({ data: ids.map((coinId) => ({ coinId, price: 1, marketCap: 1e6, takenAt: new Date(dayAgo - 3_600_000 + k * 600_000) })) });
  }
  const instant: PriceSource = {
    name: "dexscreener",
    async fetchQuotes(requests) {
      const result: SourceResult = { quotes: new Map(), failures: [] };
      requests.forEach(({ coinId }, i) => result.quotes.set(coinId, { price: 1.1 + (i % 7) / 100, marketCap: null, change24h: null, liquidityUsd: 1e6 }));
      return result;
    },
  };

  statements = 0;
  let started = performance.now();
  const report = await runRefreshPass(db, [instant], { log: () => {} });
  const seconds = (at: number) => ((performance.now() - at) / 1000).toFixed(2);
  console.log(`pass: ${report.updated.length} of ${COINS} coins updated in ${seconds(started)} s, ${statements} SQL statements`);

  started = performance.now();
  await db.coin.findMany({ where: { quoteSource: { not: null } }, orderBy: [{ priceUpdatedAt: { sort: "asc", nulls: "first" } }, { id: "asc" }] });
  console.log(`  load the coins, stalest first: ${seconds(started)} s`);
  started = performance.now();
  const references = await referencePrices24h(db, ids, new Date());
  console.log(`  24h references (${references.size} found): ${seconds(started)} s`);
  started = performance.now();
  const at = new Date();
  await writePublishedPrices(db, ids.map((id) => ({ id, currentPrice: 1.3, marketCap: 1.3e6, priceChange24h: 1, liquidityUsd: 1e6, circulatingSupply: 1e6, priceSource: "dexscreener", priceUpdatedAt: at, athPrice: 1.3, athMarketCap: 1.3e6, athAt: at, athMarketCapAt: at, athMarketCapEstimated: false, provenance: null, pendingSupply: null, pendingSupplySince: null })));
  console.log(`  write 5,000 prices and snapshots: ${seconds(started)} s`);
  await db.coin.updateMany({ where: { id: { in: ids.slice(0, 2_500) } }, data: { marketCap: 9e9 } });
  started = performance.now();
  await rerank(db);
  console.log(`  re-rank with 2,500 ranks changing: ${seconds(started)} s`);
  await db.$disconnect();
} finally {
  probe.close();
  rmSync(dir, { recursive: true, force: true });
}
