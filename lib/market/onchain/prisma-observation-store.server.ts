// The accumulator readings in the database (model PoolObservation): one query per 500 keys to
// load, one multi-row INSERT … ON CONFLICT per 300 rows to save (a pass saves one row per pool).
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { upsertRows } from "@/lib/db/upsert-rows";
import { chunk } from "@/lib/shared/in-batches";
import type { ObservationStore } from "./observation-store";
import type { Observation } from "./twap";

const READ_CHUNK = 500;
const WRITE_CHUNK = 300; // 3 parameters a row, well under SQLite's 32,766

export function createPrismaObservationStore(db: PrismaClient): ObservationStore {
  return {
    async load(keys) {
      const found = new Map<string, Observation>();
      for (const piece of chunk(keys, READ_CHUNK)) {
        const rows = await db.poolObservation.findMany({ where: { key: { in: piece } } });
        for (const row of rows) found.set(row.key, { cumulative: BigInt(row.cumulative), time: row.blockTime });
      }
      return found;
    },
    async save(observations) {
      const rows = [...observations].map(([key, observation]) => [key, observation.cumulative.toString(), observation.time]);
      await upsertRows(db, "PoolObservation", "key", ["key", "cumulative", "blockTime"], rows, WRITE_CHUNK);
    },
  };
}
