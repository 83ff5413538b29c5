// The read model the writer publishes (lib/coins/read-model.server.ts) and the fallback build from
// rows in pages give the same snapshot, field by field, and the same bodies through the real route
// handlers (the coin list, the index, the bag's token list, a trending list):
// on the seed and on 5,000 generated coins with every side field set on some. Both are also checked
// against the build issue 51 replaced (findMany of every coin, toCoin, JSON.stringify), the oracle.
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import * as bagTokens from "@/app/api/bag-tokens/route";
import * as coinIndex from "@/app/api/coin-index/route";
import * as list from "@/app/api/cryptocurrencies/route";
import * as topGainers from "@/app/api/trending/top-gainers/route";
import { resetPublicCacheForTests } from "@/lib/cache/public-cache.server";
import { PAGE_SIZE, readCoinsVersion } from "@/lib/coins/read-model.server";
import { toCoin } from "@/lib/coins/serialize";
import { getCoinSnapshot, type CoinSnapshot } from "@/lib/coins/snapshot.server";
import { getDb } from "@/lib/db/get-db.server";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { syntheticCoins } from "@/tests/bench/synthetic-coins";

const { db } = useTestDatabase();

const unzip = async (bytes: Uint8Array) => (await promisify(gunzip)(bytes)).toString("utf8");

/** The snapshot with its maps as sorted entries and its gzip unzipped, so toEqual compares every field. */
async function plain(snapshot: CoinSnapshot) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(snapshot)) {
    if (value instanceof Map) out[key] = [...value.entries()].sort(([a], [b]) => String(a).localeCompare(String(b)));
    else if (value instanceof Uint8Array) out[key] = await unzip(value);
    else out[key] = value;
  }
  return out;
}

async function bodies() {
  const plainList = await call(list.GET, "/api/cryptocurrencies");
  expect(plainList.headers.get("content-encoding")).toBeNull();
  return {
    list: plainList.text,
    index: (await call(coinIndex.GET, "/api/coin-index")).text,
    bag: (await call(bagTokens.GET, "/api/bag-tokens")).text,
    gainers: (await call(topGainers.GET, "/api/trending/top-gainers?limit=50")).text,
  };
}

/** A cold process's snapshot and bodies, built by `source`: the rows (the read model removed first) or the stored read model. */
async function coldBuild(source: "rows" | "read-model") {
  resetPublicCacheForTests();
  if (source === "rows") {
    await db().coinsReadModelChunk.deleteMany();
    await db().coinsReadModel.deleteMany();
  }
  const findMany = jest.spyOn(getDb().coin, "findMany");
  try {
    const snapshot = await getCoinSnapshot();
    // The read model is loaded without reading a coin row; the fallback reads them in pages.
    if (source === "read-model") expect(findMany).not.toHaveBeenCalled();
    else expect(findMany).toHaveBeenCalledTimes(Math.floor(snapshot.coins.length / PAGE_SIZE) + 1);
    return { snapshot: await plain(snapshot), bodies: await bodies() };
  } finally {
    findMany.mockRestore();
  }
}

/** What the build before issue 51 made of the same rows: every coin in one findMany. */
async function oracle() {
  const rows = await db().coin.findMany({ orderBy: [{ rank: "asc" }, { id: "asc" }] });
  const set = <T>(pick: (row: (typeof rows)[number]) => T | null) => rows.flatMap((row) => (pick(row) === null || pick(row) === "" ? [] : [[row.id, pick(row)] as const]));
  return {
    listBody: JSON.stringify(rows.map(toCoin)),
    provenanceById: set((row) => row.provenance),
    supplyNoteById: set((row) => row.supplyNote),
    sourceCheckById: set((row) => row.sourceCheck),
    heldBackById: set((row) => (row.pendingPrice !== null && row.pendingSince ? { price: row.pendingPrice, since: row.pendingSince.toISOString() } : null)),
    quarantinedSinceById: set((row) => row.quarantinedAt?.toISOString() ?? null),
    decimalsById: set((row) => row.decimals),
  };
}

async function expectSameWhicheverBuilt() {
  const fromRows = await coldBuild("rows");
  expect((await db().coinsReadModel.findUniqueOrThrow({ where: { id: 1 } })).version).toBe(await readCoinsVersion(db())); // the fallback published
  const fromReadModel = await coldBuild("read-model");
  expect(fromReadModel.snapshot).toEqual(fromRows.snapshot);
  expect(fromReadModel.bodies).toEqual(fromRows.bodies);
  expect(fromRows.snapshot.listGzip).toBe(fromRows.bodies.list); // the stored gzip unzips to the served body

  const expected = await oracle();
  const sorted = (entries: readonly (readonly [string, unknown])[]) => [...entries].sort(([a], [b]) => a.localeCompare(b));
  for (const [key, value] of Object.entries(expected)) expect({ key, value: fromRows.snapshot[key] }).toEqual({ key, value: typeof value === "string" ? value : sorted(value) });
  expect(fromRows.bodies.list).toBe(expected.listBody);
  return fromRows;
}

test("on the seed: the read model and the rows build the same snapshot and bodies", async () => {
  const built = await expectSameWhicheverBuilt();
  expect((built.snapshot.coins as unknown[]).length).toBe(await db().coin.count());
});

test("on 5,062 coins, side fields set on some: the same, and the read model is stored in chunks of PAGE_SIZE", async () => {
  const coins = syntheticCoins(Date.now());
  for (let i = 0; i < coins.length; i += 500) await db().coin.createMany({ data: coins.slice(i, i + 500) });
  // Every side field the snapshot maps by id, on a spread of coins; live prices on some.
  const at = new Date("2026-11-01T12:00:00.000Z");
  await db().$executeRawUnsafe(`UPDATE "Coin" SET "provenance" = '{"kind":"pulsex","pair":"0x' || "id" || '"}', "sourceCheck" = '{"price":1,"diff":0.01}' WHERE "rank" % 7 = 0`);
  await db().$executeRawUnsafe(`UPDATE "Coin" SET "supplyNote" = 'Staked ' || "symbol" || ' is not counted', "priceSource" = 'pulsex', "priceUpdatedAt" = ? WHERE "rank" % 11 = 0`, at);
  await db().$executeRawUnsafe(`UPDATE "Coin" SET "pendingPrice" = "currentPrice" * 3, "pendingSince" = ? WHERE "rank" % 13 = 0`, at);
  await db().$executeRawUnsafe(`UPDATE "Coin" SET "quarantinedAt" = ?, "decimals" = NULL WHERE "rank" % 17 = 0`, at);
  await db().$executeRawUnsafe(`UPDATE "Coin" SET "name" = 'Unicode ☃ "quoted" \\ name' WHERE "rank" % 101 = 0`);
  const built = await expectSameWhicheverBuilt();
  expect((built.snapshot.coins as unknown[]).length).toBe(5_062);
  for (const key of ["provenanceById", "supplyNoteById", "sourceCheckById", "heldBackById", "quarantinedSinceById"]) expect((built.snapshot[key] as unknown[]).length).toBeGreaterThan(100);
  expect(built.snapshot.newestLivePriceAt).toBe(at.toISOString());
  expect(await db().coinsReadModelChunk.count()).toBe(Math.ceil(5_062 / PAGE_SIZE));
}, 60_000);
