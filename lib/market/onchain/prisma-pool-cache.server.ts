// The pool cache in the database (model PulseXPoolCache), so every instance and every pass shares
// what discovery found. Reads are one query per 500 tokens; writes are one multi-row
// INSERT … ON CONFLICT per 200 rows (lib/db/upsert-rows.ts), not a statement per token.
import "server-only";
import { getAddress, type Address } from "viem";
import type { PrismaClient } from "@/lib/db/create-client";
import { upsertRows } from "@/lib/db/upsert-rows";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import { chunk } from "@/lib/shared/in-batches";
import type { CachedPool, PoolCache, TokenPools } from "./pool-cache";

const READ_CHUNK = 500;
const WRITE_CHUNK = 200; // 8 parameters a row, well under SQLite's 32,766
const COLUMNS = ["token", "decimals", "pools", "discoveredAt", "supplyRaw", "supplyBurnKey", "supplyReadAt", "supplyBurnedRaw"];

export function createPrismaPoolCache(db: PrismaClient): PoolCache {
  return {
    async load(tokens) {
      const found = new Map<Address, TokenPools>();
      for (const piece of chunk(tokens, READ_CHUNK)) {
        const rows = await db.pulseXPoolCache.findMany({ where: { token: { in: piece } } });
        for (const row of rows) {
          const token = getAddress(row.token);
          found.set(token, {
            token,
            decimals: row.decimals,
            pools: JSON.parse(row.pools) as CachedPool[],
            discoveredAt: row.discoveredAt,
            supply:
              row.supplyRaw !== null && row.supplyBurnKey !== null && row.supplyReadAt !== null
                ? { raw: BigInt(row.supplyRaw), burnedRaw: row.supplyBurnedRaw === null ? null : BigInt(row.supplyBurnedRaw), burnKey: row.supplyBurnKey, readAt: row.supplyReadAt }
                : null,
          });
        }
      }
      return found;
    },
    async save(rows) {
      const values = rows.map((row) => [
        row.token,
        row.decimals,
        JSON.stringify(row.pools),
        sqlDateTime(row.discoveredAt),
        row.supply ? row.supply.raw.toString() : null,
        row.supply?.burnKey ?? null,
        row.supply ? sqlDateTime(row.supply.readAt) : null,
        row.supply?.burnedRaw?.toString() ?? null,
      ]);
      await upsertRows(db, "PulseXPoolCache", "token", COLUMNS, values, WRITE_CHUNK);
    },
  };
}
