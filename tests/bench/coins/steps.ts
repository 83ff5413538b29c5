// `npx tsx --conditions react-server tests/bench/coins/steps.ts`: each synchronous step of
// the coin snapshot's builds (issue 51), timed alone at 5,062 coins, 7 times each, printed as
// min / median / max ms: which step holds the event loop longest, apart from the machine's noise
// (the min is the step's own cost; the max adds what other processes took of the CPU meanwhile).
import { createHash } from "node:crypto";
import { createSyntheticDatabase } from "@/tests/bench/synthetic-coins";

const REPEATS = 7;
const database = await createSyntheticDatabase({ history: false });
process.env.DATABASE_URL = database.url;

async function step(label: string, run: (i: number) => unknown): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
    await new Promise((resolve) => setImmediate(resolve));
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(52)} ${times[0]!.toFixed(1)} / ${times[Math.floor(REPEATS / 2)]!.toFixed(1)} / ${times[REPEATS - 1]!.toFixed(1)}`);
}

try {
  (await import("@/lib/config/env")).resetEnvCache();
  const { getDb } = await import("@/lib/db/get-db.server");
  const { readCoinPages, assembleSnapshot, publishReadModel, PAGE_SIZE } = await import("@/lib/coins/read-model.server");
  const { toCoinIndexRows } = await import("@/lib/coins/coin-index");
  const { indexBySymbol } = await import("@/lib/coins/coin-lookup");
  const { COIN_API_COLUMNS, toCoin } = await import("@/lib/coins/serialize");
  const { newestLivePriceAt } = await import("@/lib/shared/freshness");
  const db = getDb();
  const select = { ...COIN_API_COLUMNS, provenance: true, supplyNote: true, sourceCheck: true, pendingPrice: true, pendingSince: true, quarantinedAt: true, decimals: true } as const;
  console.log(`${database.coins} coins, pages of ${PAGE_SIZE}; min / median / max ms of ${REPEATS}`);
  await step("old build: findMany every coin, all columns", () => db.coin.findMany({ orderBy: [{ rank: "asc" }, { id: "asc" }] }));
  await step("old build: toCoin + JSON.stringify of every coin", async () => JSON.stringify((await db.coin.findMany({ orderBy: [{ rank: "asc" }, { id: "asc" }] })).map(toCoin)));
  await step(`findMany one page (${PAGE_SIZE}, keyset, selected columns)`, (i) =>
    db.coin.findMany({ select, where: { OR: [{ rank: { gt: 500 * i } }, { rank: 500 * i, id: { gt: "" } }] }, take: PAGE_SIZE, orderBy: [{ rank: "asc" }, { id: "asc" }] }),
  );
  const read = await readCoinPages(db);
  const coins = read.pages.flat().map((record) => record.coin);
  const chunk = JSON.stringify(read.pages[1]);
  await step("JSON.stringify one chunk (records)", () => JSON.stringify(read.pages[1]));
  await step("JSON.parse one chunk", () => JSON.parse(chunk));
  await step("JSON.stringify one page of coins (list body part)", () => JSON.stringify(read.pages[1]!.map((record) => record.coin)));
  await step("toCoinIndexRows (every coin)", () => toCoinIndexRows(coins));
  const rowsJson = JSON.stringify(toCoinIndexRows(coins));
  await step("JSON.stringify index rows (every coin)", () => JSON.stringify(toCoinIndexRows(coins)));
  await step("sha256 of the index", () => createHash("sha256").update(rowsJson).digest("base64url"));
  await step("indexBySymbol (every coin)", () => indexBySymbol(coins));
  await step("newestLivePriceAt (every coin)", () => newestLivePriceAt(coins));
  await step("assembleSnapshot from rows' pages (total, yields)", () => assembleSnapshot(read));
  const snapshot = await assembleSnapshot(read);
  console.log(`list body ${snapshot.listBody.length} bytes, gzip ${snapshot.listGzip.length}, index ${snapshot.indexBody.length}, chunk ${chunk.length}`);
  await step("one chunk upsert (compare-and-set statement)", (i) =>
    db.$executeRaw`INSERT INTO "CoinsReadModelChunk" ("part", "version", "body") VALUES (${100 + i}, 0, ${chunk}) ON CONFLICT ("part") DO UPDATE SET "body" = excluded."body"`,
  );
  await db.$executeRaw`DELETE FROM "CoinsReadModelChunk" WHERE "part" >= 100`;
  await step("publishReadModel (total, yields)", async () => {
    await db.coinsReadModel.deleteMany();
    await publishReadModel(db, read, snapshot);
  });
  await step("head findUnique (gzip + index)", () => db.coinsReadModel.findUnique({ where: { id: 1 } }));
  await step("one chunk findUnique", (i) => db.coinsReadModelChunk.findUnique({ where: { part: i } }));
  await db.$disconnect();
} finally {
  database.remove();
}
