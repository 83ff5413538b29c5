// The coins' read model: what every instance needs of the coin table, built once per coins version
// by the process that wrote (coins-changed.server.ts) and stored in the database
// (CoinsReadModel, CoinsReadModelChunk), so an instance loads it in a few short steps instead of
// materialising every coin row.
//
// Neither path blocks the event loop for long at 5,000 coins: rows are read in pages of
// PAGE_SIZE by (rank, id) and the read model in chunks of the same size, yielding between them,
// and the whole-list steps that remain (the gzip, the index's hash) run off the loop or in parts.
// docs/caching.md has the figures.
import "server-only";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import type { PrismaClient } from "../db/create-client";
import { sqlDateTime } from "../db/sql-datetime";
import { newestLivePriceAt } from "../shared/freshness";
import { toCoinIndexRows } from "./coin-index";
import { indexBySymbol } from "./coin-lookup";
import type { Coin } from "./schemas";
import { COIN_API_COLUMNS, toCoin } from "./serialize";
import type { CoinSnapshot, HeldBackMove } from "./snapshot-types";

/**
 * Coins per page of rows and per stored chunk. The driver reads a page synchronously: on a busy
 * 2-core machine 250 coins' columns take ~15-35 ms (500: 45-55, every coin: 740-820), and a
 * chunk of 250 parses in 1-4 ms (docs/caching.md): under the 50 ms goal for one block.
 */
export const PAGE_SIZE = 250;
/** A writer whose pages straddled another write reads them again, at most this many times. */
const READ_ATTEMPTS = 3;

/** One coin as the read model stores it: its API shape and the side fields the snapshot maps by id. */
type CoinRecord = {
  coin: Coin;
  provenance?: string;
  supplyNote?: string;
  sourceCheck?: string;
  heldBack?: HeldBackMove;
  quarantinedSince?: string;
  decimals?: number;
};

/** What is derived from every coin, stored in the head so an instance does not derive it again. */
type Head = { indexBody: string; indexVersion: string; newestLivePriceAt: string | null };

/** Coins read (or loaded), by page, with the coins version they were read at. */
export type CoinPages = { version: number; pages: CoinRecord[][] };

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function readCoinsVersion(db: PrismaClient): Promise<number> {
  const row = await db.coinsVersion.findUnique({ where: { id: 1 } });
  return row?.version ?? 0;
}

/** The version the stored read model was built from (null: none stored yet). */
export async function publishedVersion(db: PrismaClient): Promise<number | null> {
  return (await db.coinsReadModel.findUnique({ where: { id: 1 }, select: { version: true } }))?.version ?? null;
}

const RECORD_COLUMNS = {
  ...COIN_API_COLUMNS,
  provenance: true,
  supplyNote: true,
  sourceCheck: true,
  pendingPrice: true,
  pendingSince: true,
  quarantinedAt: true,
  decimals: true,
} as const;

/**
 * Every coin from its rows, a page at a time (keyset by rank, id), yielding between pages. The
 * version is read before the pages and again after; if a write moved it meanwhile the pages may
 * mix two states, so they are read again (up to READ_ATTEMPTS). `stable` is false when every
 * attempt straddled a write: the pages are then labelled with the version read before them, which
 * is older than the database's, so the next probe rebuilds.
 */
export async function readCoinPages(db: PrismaClient): Promise<CoinPages & { stable: boolean }> {
  let last: CoinPages | undefined;
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    const version = await readCoinsVersion(db);
    const pages: CoinRecord[][] = [];
    let after: { rank: number; id: string } | undefined;
    for (;;) {
      const rows = await db.coin.findMany({
        select: RECORD_COLUMNS,
        where: after ? { OR: [{ rank: { gt: after.rank } }, { rank: after.rank, id: { gt: after.id } }] } : undefined,
        orderBy: [{ rank: "asc" }, { id: "asc" }],
        take: PAGE_SIZE,
      });
      if (rows.length > 0) pages.push(rows.map(toRecord));
      await yieldToLoop();
      if (rows.length < PAGE_SIZE) break;
      const tail = rows[rows.length - 1]!;
      after = { rank: tail.rank, id: tail.id };
    }
    last = { version, pages };
    if ((await readCoinsVersion(db)) === version) return { ...last, stable: true };
  }
  return { ...last!, stable: false };
}

function toRecord(row: Parameters<typeof toCoin>[0] & Record<"provenance" | "supplyNote" | "sourceCheck", string | null> & { pendingPrice: number | null; pendingSince: Date | null; quarantinedAt: Date | null; decimals: number | null }): CoinRecord {
  const record: CoinRecord = { coin: toCoin(row) };
  // Most coins have none of these: an absent field costs nothing in the stored chunk.
  if (row.provenance) record.provenance = row.provenance;
  if (row.supplyNote) record.supplyNote = row.supplyNote;
  if (row.sourceCheck) record.sourceCheck = row.sourceCheck;
  if (row.pendingPrice !== null && row.pendingSince) record.heldBack = { price: row.pendingPrice, since: row.pendingSince.toISOString() };
  if (row.quarantinedAt) record.quarantinedSince = row.quarantinedAt.toISOString();
  if (row.decimals !== null) record.decimals = row.decimals;
  return record;
}

/**
 * The snapshot of `pages`: the lookups by id and symbol, and (unless loaded with the read model)
 * the list body, its gzip, the selectors' index and the newest live price, derived in steps that
 * each cover one page or run off the loop.
 */
export async function assembleSnapshot({ version, pages }: CoinPages, stored?: { head: Head; listBody: string; listGzip: Uint8Array }): Promise<CoinSnapshot> {
  const coins: Coin[] = [];
  const byId = new Map<string, Coin>();
  const provenanceById = new Map<string, string>();
  const supplyNoteById = new Map<string, string>();
  const sourceCheckById = new Map<string, string>();
  const heldBackById = new Map<string, HeldBackMove>();
  const quarantinedSinceById = new Map<string, string>();
  const decimalsById = new Map<string, number>();
  const listParts: string[] = [];
  for (const page of pages) {
    for (const { coin, provenance, supplyNote, sourceCheck, heldBack, quarantinedSince, decimals } of page) {
      coins.push(coin);
      byId.set(coin.id, coin);
      if (provenance) provenanceById.set(coin.id, provenance);
      if (supplyNote) supplyNoteById.set(coin.id, supplyNote);
      if (sourceCheck) sourceCheckById.set(coin.id, sourceCheck);
      if (heldBack) heldBackById.set(coin.id, heldBack);
      if (quarantinedSince) quarantinedSinceById.set(coin.id, quarantinedSince);
      if (decimals !== undefined) decimalsById.set(coin.id, decimals);
    }
    // The list body a page at a time: "[a,b]" and "[c]" join to what JSON.stringify([a,b,c]) gives.
    if (!stored) listParts.push(JSON.stringify(page.map((record) => record.coin)).slice(1, -1));
    await yieldToLoop();
  }
  const listBody = stored?.listBody ?? `[${listParts.join(",")}]`;
  const head = stored?.head ?? (await deriveHead(coins));
  const listGzip = stored?.listGzip ?? new Uint8Array(await promisify(gzip)(listBody));
  return {
    version,
    coins,
    byId,
    provenanceById,
    supplyNoteById,
    sourceCheckById,
    heldBackById,
    quarantinedSinceById,
    bySymbol: indexBySymbol(coins),
    listBody,
    listGzip,
    indexBody: head.indexBody,
    indexVersion: head.indexVersion,
    decimalsById,
    newestLivePriceAt: head.newestLivePriceAt,
  };
}

async function deriveHead(coins: readonly Coin[]): Promise<Head> {
  const indexRows = toCoinIndexRows(coins);
  await yieldToLoop();
  const rowsJson = JSON.stringify(indexRows);
  const indexVersion = createHash("sha256").update(rowsJson).digest("base64url").slice(0, 16);
  // The same text as JSON.stringify({ version, coins: indexRows }), without serialising the rows twice.
  const indexBody = `{"version":${JSON.stringify(indexVersion)},"coins":${rowsJson}}`;
  await yieldToLoop();
  return { indexBody, indexVersion, newestLivePriceAt: newestLivePriceAt(coins) };
}

/**
 * Stores `snapshot` (built from `pages`) as the read model, unless one at least as new is there
 * already: compare-and-set on the version, so two instances that both built the same version do
 * not fight, and an older build never replaces a newer one. Each chunk is its own short statement
 * (a chunk is ~170 KB; one transaction of all of them would commit ~3.5 MB in one blocking step),
 * yielding between them, and the head goes last: an instance reads the head first and takes only
 * chunks stamped with the head's version, so a publication half-done is never mixed with another.
 * True when the head was stored.
 */
export async function publishReadModel(db: PrismaClient, { pages }: CoinPages, snapshot: CoinSnapshot): Promise<boolean> {
  const { version, listGzip } = snapshot;
  if (((await publishedVersion(db)) ?? -1) >= version) return false;
  for (const [part, page] of pages.entries()) {
    const body = JSON.stringify(page);
    await db.$executeRaw`INSERT INTO "CoinsReadModelChunk" ("part", "version", "body") VALUES (${part}, ${version}, ${body})
      ON CONFLICT ("part") DO UPDATE SET "version" = excluded."version", "body" = excluded."body" WHERE excluded."version" > "CoinsReadModelChunk"."version"`;
    await yieldToLoop();
  }
  await db.$executeRaw`DELETE FROM "CoinsReadModelChunk" WHERE "part" >= ${pages.length} AND "version" <= ${version}`;
  const head: Head = { indexBody: snapshot.indexBody, indexVersion: snapshot.indexVersion, newestLivePriceAt: snapshot.newestLivePriceAt };
  const stored = await db.$executeRaw`INSERT INTO "CoinsReadModel" ("id", "version", "builtAt", "chunks", "head", "listGzip")
    VALUES (1, ${version}, ${sqlDateTime(new Date())}, ${pages.length}, ${JSON.stringify(head)}, ${new Uint8Array(listGzip)})
    ON CONFLICT ("id") DO UPDATE SET "version" = excluded."version", "builtAt" = excluded."builtAt", "chunks" = excluded."chunks", "head" = excluded."head", "listGzip" = excluded."listGzip"
    WHERE excluded."version" > "CoinsReadModel"."version"`;
  return stored > 0;
}

/**
 * The snapshot from the stored read model, when it is at least `version`: the head in one query,
 * then each chunk in one query, parsed and yielded between. Null when it is missing, older, or
 * a chunk belongs to another publication (one landed between two reads): the caller builds from rows.
 */
export async function loadReadModel(db: PrismaClient, version: number): Promise<CoinSnapshot | null> {
  // A publication landing while the chunks are read: its head is read again and the load redone once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const head = await db.coinsReadModel.findUnique({ where: { id: 1 } });
    if (!head || head.version < version) return null;
    const listBody = promisify(gunzip)(head.listGzip).then((buffer) => buffer.toString("utf8")); // off the loop, meanwhile
    const pages: CoinRecord[][] = [];
    for (let part = 0; part < head.chunks; part++) {
      const chunk = await db.coinsReadModelChunk.findUnique({ where: { part } });
      if (!chunk || chunk.version !== head.version) break;
      pages.push(JSON.parse(chunk.body) as CoinRecord[]);
      await yieldToLoop();
    }
    if (pages.length === head.chunks) {
      return assembleSnapshot({ version: head.version, pages }, { head: JSON.parse(head.head) as Head, listBody: await listBody, listGzip: head.listGzip });
    }
    void listBody.catch(() => {});
  }
  return null;
}
