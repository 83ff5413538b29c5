// Scratch: each synchronous step of the snapshot's builds timed alone at 5,062 coins.
import { createHash } from "node:crypto";
import { createSyntheticDatabase } from "../synthetic-coins";

const database = await createSyntheticDatabase({ history: false });
process.env.DATABASE_URL = database.url;
const t = (label: string, fn: () => unknown) => {
  const s = performance.now();
  const v = fn();
  console.log(label.padEnd(40), (performance.now() - s).toFixed(1));
  return v;
};
const ta = async (label: string, fn: () => Promise<unknown>) => {
  const s = performance.now();
  const v = await fn();
  console.log(label.padEnd(40), (performance.now() - s).toFixed(1));
  return v;
};
try {
  (await import("../../../lib/config/env")).resetEnvCache();
  const { getDb } = await import("../../../lib/db/get-db.server");
  const { readCoinPages, assembleSnapshot, publishReadModel } = await import("../../../lib/coins/read-model.server");
  const { toCoinIndexRows } = await import("../../../lib/coins/coin-index");
  const { indexBySymbol } = await import("../../../lib/coins/coin-lookup");
  const db = getDb();
  const { COIN_API_COLUMNS } = await import("../../../lib/coins/serialize");
  const select = { ...COIN_API_COLUMNS, provenance: true, supplyNote: true, sourceCheck: true, pendingPrice: true, pendingSince: true, quarantinedAt: true, decimals: true } as const;
  for (let i = 0; i < 3; i++) {
    for (const take of [100, 200, 500]) await ta(`findMany ${take} selected columns`, () => db.coin.findMany({ select, where: { OR: [{ rank: { gt: 3000 } }, { rank: 3000, id: { gt: "" } }] }, take, orderBy: [{ rank: "asc" }, { id: "asc" }] }));
    await ta("findMany all 5062 all columns", () => db.coin.findMany({ orderBy: [{ rank: "asc" }, { id: "asc" }] }));
    await ta("findMany 500 all columns", () => db.coin.findMany({ take: 500, orderBy: [{ rank: "asc" }, { id: "asc" }] }));
    await ta("findMany 250 all columns", () => db.coin.findMany({ take: 250, orderBy: [{ rank: "asc" }, { id: "asc" }] }));
    await ta("findMany 500 at rank 3000", () => db.coin.findMany({ where: { OR: [{ rank: { gt: 3000 } }, { rank: 3000, id: { gt: "" } }] }, take: 500, orderBy: [{ rank: "asc" }, { id: "asc" }] }));
  }
  const read = (await readCoinPages(db)) as Awaited<ReturnType<typeof readCoinPages>>;
  const coins = read.pages.flat().map((r) => r.coin);
  t("JSON.stringify one page of records", () => JSON.stringify(read.pages[0]));
  const body = JSON.stringify(read.pages[0]);
  t("JSON.parse one chunk", () => JSON.parse(body));
  t("JSON.stringify one page of coins", () => JSON.stringify(read.pages[0]!.map((r) => r.coin)));
  const rows = t("toCoinIndexRows 5062", () => toCoinIndexRows(coins)) as unknown[];
  const json = t("JSON.stringify index rows", () => JSON.stringify(rows)) as string;
  t("sha256 index", () => createHash("sha256").update(json).digest("base64url"));
  t("indexBySymbol", () => indexBySymbol(coins));
  const snapshot = await ta("assembleSnapshot (async, total)", () => assembleSnapshot(read));
  console.log("list body bytes", (snapshot as { listBody: string }).listBody.length, "gzip", (snapshot as { listGzip: Uint8Array }).listGzip.length, "index", (snapshot as { indexBody: string }).indexBody.length);
  await db.coinsReadModel.deleteMany();
  await ta("publishReadModel (async, total)", () => publishReadModel(db, read, snapshot as never));
  await ta("head findUnique", () => db.coinsReadModel.findUnique({ where: { id: 1 } }));
  await ta("chunk findUnique", () => db.coinsReadModelChunk.findUnique({ where: { part: 3 } }));
  const chunkBody = JSON.stringify(read.pages[0]);
  await ta("one chunk upsert in a tx", () => db.$transaction(async (tx) => tx.coinsReadModelChunk.upsert({ where: { part: 78 }, create: { part: 78, version: 0, body: chunkBody }, update: { body: chunkBody } })));
  await ta("one chunk upsert (outside a tx)", () => db.coinsReadModelChunk.upsert({ where: { part: 77 }, create: { part: 77, version: 0, body: chunkBody }, update: { body: chunkBody } }));
  await db.$disconnect();
} finally {
  database.remove();
}
